import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { district, empty, httpUrl, id } from './fields';

export const topLevelDistricts = endpoint({
  id: 'framework.top_level_districts',
  method: 'GET',
  host: 'platform',
  path: '/api/framework/top_level_districts',
  input: empty(),
  output: z.array(district),
  auth: 'none',
  summary: '省级行政区，另含“全国”（id -1，level 1）',
});

export const childDistricts = endpoint({
  id: 'framework.child_districts',
  method: 'GET',
  host: 'platform',
  path: '/api/framework/child_districts',
  input: z.object({ id: id() }),
  output: z.array(district),
  auth: 'none',
  summary: '下一级行政区',
  errors: [CODE.notFound],
});

export const jsSdkConfig = endpoint({
  id: 'framework.js_sdk_config',
  method: 'GET',
  host: 'platform',
  path: '/api/framework/js_sdk_config',
  input: z.object({ url: httpUrl() }),
  output: z.object({
    appId: z.string(),
    timestamp: z.number(),
    nonceStr: z.string(),
    signature: z.string(),
    jsApiList: z.array(z.string()),
  }),
  auth: 'none',
  encrypt: true,
  summary: '微信 JS-SDK 签名参数（加密返回）',
});

export const agreement = endpoint({
  id: 'framework.agreement',
  method: 'GET',
  host: 'platform',
  path: '/api/framework/agreement',
  input: empty(),
  output: z.object({ user_agreement: z.string(), privacy: z.string() }),
  auth: 'none',
  summary: '用户协议与隐私政策（Markdown）',
});

export const appDownload = endpoint({
  id: 'framework.app_download',
  method: 'GET',
  host: 'platform',
  path: '/api/framework/app_download',
  input: empty(),
  output: z.object({ android_url: z.string(), ios_url: z.string() }),
  auth: 'none',
  summary: 'App 下载地址（ANDROID_DOWNLOAD_URL、IOS_DOWNLOAD_URL；未设置时为空字符串，下载页不显示该按钮）',
});
