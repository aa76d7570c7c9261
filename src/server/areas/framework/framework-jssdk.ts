import crypto from 'node:crypto';
import type { OutputOf } from '../../../contract/endpoint';
import type * as framework from '../../../contract/framework';
import type { Services } from '../../http/context';
import { jsSdkSignature } from '../../providers/jssdk/signature';

/** The JS-SDK APIs pages may call (sharing, WeChat Pay, image preview). */
const JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData', 'chooseWXPay', 'previewImage'];

/** wx.config for a page URL: a fresh nonce and timestamp signed with the current jsapi ticket. */
export async function jsSdkConfig(s: Services, url: string): Promise<OutputOf<typeof framework.jsSdkConfig>> {
  const timestamp = s.clock();
  const nonceStr = crypto.randomBytes(8).toString('hex');
  const ticket = await s.providers.jsSdk.ticket();
  return {
    appId: s.config.wechatAppId,
    timestamp,
    nonceStr,
    signature: jsSdkSignature(ticket, nonceStr, timestamp, url),
    jsApiList: JS_API_LIST,
  };
}
