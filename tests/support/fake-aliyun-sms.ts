import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeSms, type FakeSmsCarrier, HANG_UP, readRequest } from './fake-sms-carrier';

/** Alibaba's SendSms error codes the fake can answer, with the messages Alibaba documents for them. */
export const ALIYUN_SMS_ERRORS: Record<string, string> = {
  'isv.BUSINESS_LIMIT_CONTROL': '触发分钟级流控Permits:1',
  'isv.MOBILE_NUMBER_ILLEGAL': '非法手机号',
  'isv.AMOUNT_NOT_ENOUGH': '账户余额不足',
  'isv.OUT_OF_SERVICE': '业务停机',
  'isv.SMS_SIGNATURE_ILLEGAL': '该账号下找不到对应签名',
  'isv.SMS_TEMPLATE_ILLEGAL': '该账号下找不到对应模板',
};

const sha256Hex = (data: string) => crypto.createHash('sha256').update(data, 'utf8').digest('hex');

/** Alibaba's percent-encoding of the V3 signature: RFC 3986 unreserved characters stay, everything else is %XX. */
function percentEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function header(req: http.IncomingMessage, name: string): string {
  const v = req.headers[name];
  return (Array.isArray(v) ? v.join(',') : (v ?? '')).trim();
}

/**
 * The V3 signature (ACS3-HMAC-SHA256) as Alibaba Cloud documents it, written from the documentation, not from the SDK:
 * CanonicalRequest = method \n URI \n sorted percent-encoded query \n `name:value\n` per signed header (sorted, lower-case)
 * \n SignedHeaders \n hex SHA-256 of the body; StringToSign = "ACS3-HMAC-SHA256\n" + hex SHA-256 of it; Signature =
 * hex HMAC-SHA256(AccessKeySecret, StringToSign). Returns the refusal code, or null when the request is signed right.
 */
function checkSignature(
  req: http.IncomingMessage,
  url: URL,
  body: string,
  keys: Map<string, string>,
): { status: number; code: string } | null {
  const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(header(req, 'authorization'));
  if (!auth) return { status: 400, code: 'IncompleteSignature' };
  const [, keyId = '', signedHeaders = '', signature = ''] = auth;
  const secret = keys.get(keyId);
  if (secret === undefined) return { status: 404, code: 'InvalidAccessKeyId.NotFound' };
  const names = signedHeaders.split(';');
  // Alibaba requires host and every x-acs-* header to be signed, and the body hash to match the body.
  const required = ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version'];
  const sent = Object.keys(req.headers).filter((h) => h.startsWith('x-acs-'));
  if (![...required, ...sent].every((h) => names.includes(h)) || [...names].sort().join(';') !== signedHeaders)
    return { status: 400, code: 'IncompleteSignature' };
  const payloadHash = sha256Hex(body);
  if (header(req, 'x-acs-content-sha256') !== payloadHash) return { status: 400, code: 'SignatureDoesNotMatch' };
  const date = Date.parse(header(req, 'x-acs-date'));
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(header(req, 'x-acs-date')) || Math.abs(Date.now() - date) > 15 * 60_000)
    return { status: 400, code: 'InvalidTimeStamp.Expired' };
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [percentEncode(k), percentEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = names.map((h) => `${h}:${header(req, h)}\n`).join('');
  const canonicalRequest = [req.method ?? '', url.pathname || '/', query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const stringToSign = `ACS3-HMAC-SHA256\n${sha256Hex(canonicalRequest)}`;
  const expected = crypto.createHmac('sha256', secret).update(stringToSign, 'utf8').digest('hex');
  return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature)) ? null : { status: 400, code: 'SignatureDoesNotMatch' };
}

/**
 * A local stand-in for Alibaba Cloud SMS (dysmsapi, version 2017-05-25) answering SendSms as Alibaba documents it:
 * signature problems as HTTP 4xx `{Code, Message, RequestId}` (SignatureDoesNotMatch, InvalidAccessKeyId.NotFound),
 * refusals of the message as HTTP 200 with a Code other than OK, and `{Code: 'OK', BizId}` for a message it takes.
 */
export async function startFakeAliyunSms(
  opts: { keyId?: string; secret?: string; signName?: string; templateCode?: string } = {},
): Promise<FakeSmsCarrier & { signName: string; templateCode: string }> {
  const sent: FakeSms[] = [];
  const wire: string[] = [];
  const answered: string[] = [];
  const refusals = new Map<string, string>();
  const fake = {
    url: '',
    keyId: opts.keyId ?? 'LTAI5tFakeAccessKeyId01',
    secret: opts.secret ?? 'fake-aliyun-access-key-secret-9c41e7',
    signName: opts.signName ?? '备考',
    templateCode: opts.templateCode ?? 'SMS_465300001',
    sent,
    wire,
    answered,
    lastCode: (mobile: string) => sent.filter((m) => m.mobile === mobile).at(-1)?.code,
    refuse: (mobile: string, code: string | null) => {
      if (code === null) refusals.delete(mobile);
      else refusals.set(mobile, code);
    },
    close: async () => {},
  };
  const server = http.createServer(async (req, res) => {
    const { body, wire: raw } = await readRequest(req);
    wire.push(raw);
    const requestId = crypto.randomUUID().toUpperCase();
    const send = (status: number, reply: Record<string, unknown>) => {
      answered.push(String(reply.Code));
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify({ RequestId: requestId, ...reply }));
    };
    const url = new URL(req.url ?? '/', 'http://fake');
    const bad = checkSignature(req, url, body, new Map([[fake.keyId, fake.secret]]));
    if (bad) {
      const message =
        bad.code === 'SignatureDoesNotMatch' ? 'Specified signature does not match our calculation.' : `Request refused: ${bad.code}`;
      return send(bad.status, {
        Code: bad.code,
        Message: message,
        HostId: req.headers.host,
        Recommend: 'https://api.aliyun.com/troubleshoot',
      });
    }
    if (header(req, 'x-acs-action') !== 'SendSms' || header(req, 'x-acs-version') !== '2017-05-25')
      return send(404, { Code: 'InvalidAction.NotFound', Message: 'Specified api is not found, please check your url and method.' });
    const q = url.searchParams;
    const mobile = q.get('PhoneNumbers') ?? '';
    if (q.get('SignName') !== fake.signName)
      return send(200, { Code: 'isv.SMS_SIGNATURE_ILLEGAL', Message: ALIYUN_SMS_ERRORS['isv.SMS_SIGNATURE_ILLEGAL'] });
    if (q.get('TemplateCode') !== fake.templateCode)
      return send(200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: ALIYUN_SMS_ERRORS['isv.SMS_TEMPLATE_ILLEGAL'] });
    const refusal = refusals.get(mobile);
    if (refusal === HANG_UP) return req.socket.destroy();
    if (refusal) return send(200, { Code: refusal, Message: ALIYUN_SMS_ERRORS[refusal] ?? refusal });
    if (!/^1\d{10}$/.test(mobile))
      return send(200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: ALIYUN_SMS_ERRORS['isv.MOBILE_NUMBER_ILLEGAL'] });
    let code = '';
    try {
      code = String((JSON.parse(q.get('TemplateParam') ?? '{}') as { code?: unknown }).code ?? '');
    } catch {
      return send(200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法，只接受字符串值' });
    }
    sent.push({ mobile, code, signName: fake.signName, template: fake.templateCode });
    send(200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
