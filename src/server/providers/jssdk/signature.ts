import crypto from 'node:crypto';

/** WeChat JS-SDK signature: SHA-1 of the sorted fields, with the URL cut at '#'. */
export function jsSdkSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const clean = url.split('#')[0] ?? url;
  const text = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${clean}`;
  return crypto.createHash('sha1').update(text).digest('hex');
}
