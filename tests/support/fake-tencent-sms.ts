import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeSms, type FakeSmsCarrier, HANG_UP, readRequest } from './fake-sms-carrier';

/**
 * Tencent's SMS error codes the fake can answer. Those about one number come back in that number's SendStatus (the
 * request itself succeeded); those about the account come back as Response.Error.
 */
export const TENCENT_SMS_ERRORS: Record<string, { message: string; perNumber: boolean }> = {
  'LimitExceeded.PhoneNumberDailyLimit': { message: '单个手机号日下发短信条数超过设定的上限', perNumber: true },
  'LimitExceeded.PhoneNumberOneHourLimit': { message: '单个手机号1小时内下发短信条数超过设定的上限', perNumber: true },
  'InvalidParameterValue.IncorrectPhoneNumber': { message: '手机号格式错误', perNumber: true },
  'FailedOperation.PhoneNumberInBlacklist': { message: '手机号在免打扰名单库中', perNumber: true },
  'FailedOperation.InsufficientBalanceInSmsPackage': { message: '套餐包余量不足', perNumber: false },
  'UnauthorizedOperation.SmsSdkAppIdVerifyFail': { message: 'SmsSdkAppId 校验失败', perNumber: false },
  'FailedOperation.SignatureIncorrectOrUnapproved': { message: '签名未审批或格式错误', perNumber: false },
  'FailedOperation.TemplateIncorrectOrUnapproved': { message: '模板未审批或内容不匹配', perNumber: false },
};

const sha256Hex = (data: string) => crypto.createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data, 'utf8').digest();

function header(req: http.IncomingMessage, name: string): string {
  const v = req.headers[name];
  return (Array.isArray(v) ? v.join(',') : (v ?? '')).trim();
}

/**
 * TC3-HMAC-SHA256 as Tencent Cloud documents it, written from the documentation, not from the SDK:
 * CanonicalRequest = method \n / \n query \n `name:value\n` per signed header (lower-case, trimmed) \n SignedHeaders \n
 * hex SHA-256 of the body; StringToSign = "TC3-HMAC-SHA256\n" + timestamp \n Date/sms/tc3_request \n hex SHA-256 of it;
 * the key is HMAC(HMAC(HMAC("TC3" + SecretKey, Date), "sms"), "tc3_request"). Returns the AuthFailure code, or null.
 */
function checkSignature(req: http.IncomingMessage, url: URL, body: string, keys: Map<string, string>): string | null {
  const auth =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      header(req, 'authorization'),
    );
  if (!auth) return 'AuthFailure.InvalidAuthorization';
  const [, secretId = '', date = '', service = '', signedHeaders = '', signature = ''] = auth;
  const secretKey = keys.get(secretId);
  if (secretKey === undefined) return 'AuthFailure.SecretIdNotFound';
  const timestamp = Number(header(req, 'x-tc-timestamp'));
  // Tencent refuses a request signed more than 5 minutes away from its own clock.
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return 'AuthFailure.SignatureExpire';
  const names = signedHeaders.split(';');
  if (service !== 'sms' || date !== new Date(timestamp * 1000).toISOString().slice(0, 10)) return 'AuthFailure.SignatureFailure';
  if (!names.includes('content-type') || !names.includes('host')) return 'AuthFailure.SignatureFailure';
  const canonicalHeaders = names.map((h) => `${h}:${header(req, h).toLowerCase()}\n`).join('');
  const canonicalRequest = [req.method ?? '', url.pathname, url.search.slice(1), canonicalHeaders, signedHeaders, sha256Hex(body)].join(
    '\n',
  );
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256Hex(canonicalRequest)}`;
  const signingKey = hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request');
  const expected = crypto.createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature)) ? null : 'AuthFailure.SignatureFailure';
}

/**
 * A local stand-in for Tencent Cloud SMS (API 2021-01-11) answering SendSms as Tencent documents it: always HTTP 200
 * with `{Response: {…, RequestId}}`; a bad signature or key, or an account problem, as `Response.Error {Code, Message}`;
 * a message per number in `SendStatusSet`, `Code: 'Ok'` when taken.
 */
export async function startFakeTencentSms(
  opts: { secretId?: string; secretKey?: string; sdkAppId?: string; signName?: string; templateId?: string } = {},
): Promise<FakeSmsCarrier & { sdkAppId: string; signName: string; templateId: string }> {
  const sent: FakeSms[] = [];
  const wire: string[] = [];
  const answered: string[] = [];
  const refusals = new Map<string, string>();
  const fake = {
    url: '',
    keyId: opts.secretId ?? 'AKIDfakeTencentSecretId0001',
    secret: opts.secretKey ?? 'fake-tencent-secret-key-3d8b20',
    sdkAppId: opts.sdkAppId ?? '1400000001',
    signName: opts.signName ?? '备考',
    templateId: opts.templateId ?? '1100001',
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
    const RequestId = crypto.randomUUID();
    const send = (response: Record<string, unknown>) => {
      const error = response.Error as { Code?: string } | undefined;
      const first = (response.SendStatusSet as Array<{ Code?: string }> | undefined)?.[0];
      answered.push(error?.Code ?? first?.Code ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Response: { ...response, RequestId } }));
    };
    const fail = (code: string, message = TENCENT_SMS_ERRORS[code]?.message ?? code) => send({ Error: { Code: code, Message: message } });
    const url = new URL(req.url ?? '/', 'http://fake');
    const bad = checkSignature(req, url, body, new Map([[fake.keyId, fake.secret]]));
    if (bad === 'AuthFailure.SignatureFailure')
      return fail(bad, 'The provided credentials could not be validated. Please check your signature is correct.');
    if (bad) return fail(bad);
    if (header(req, 'x-tc-action') !== 'SendSms' || header(req, 'x-tc-version') !== '2021-01-11')
      return fail('InvalidAction', 'The requested action does not exist.');
    let input: { PhoneNumberSet?: string[]; SmsSdkAppId?: string; SignName?: string; TemplateId?: string; TemplateParamSet?: string[] };
    try {
      input = JSON.parse(body) as typeof input;
    } catch {
      return fail('FailedOperation.FailResolvePacket', '请求包解析失败');
    }
    if (input.SmsSdkAppId !== fake.sdkAppId) return fail('UnauthorizedOperation.SmsSdkAppIdVerifyFail');
    if (input.SignName !== fake.signName) return fail('FailedOperation.SignatureIncorrectOrUnapproved');
    if (input.TemplateId !== fake.templateId) return fail('FailedOperation.TemplateIncorrectOrUnapproved');
    const phone = input.PhoneNumberSet?.[0] ?? '';
    const mobile = phone.replace(/^\+86/, '');
    if (refusals.get(mobile) === HANG_UP) return req.socket.destroy();
    const refusal = refusals.get(mobile) ?? (/^1\d{10}$/.test(mobile) ? undefined : 'InvalidParameterValue.IncorrectPhoneNumber');
    const status = { SerialNo: `2433:${crypto.randomInt(1e9)}`, PhoneNumber: phone, Fee: 1, SessionContext: '', IsoCode: 'CN' };
    if (refusal && !TENCENT_SMS_ERRORS[refusal]?.perNumber) return fail(refusal);
    if (refusal)
      return send({ SendStatusSet: [{ ...status, Fee: 0, Code: refusal, Message: TENCENT_SMS_ERRORS[refusal]?.message ?? refusal }] });
    sent.push({ mobile, code: input.TemplateParamSet?.[0] ?? '', signName: fake.signName, template: fake.templateId });
    send({ SendStatusSet: [{ ...status, Code: 'Ok', Message: 'send success' }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
