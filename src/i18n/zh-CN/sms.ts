/** What the user is told when the SMS carrier did not take a login code (part of the one zh-CN catalog; sent by the server). */
export const sms = {
  /** The carrier's own per-number limits (e.g. 1 a minute, 5 an hour, 10 a day to one mobile). */
  rateLimited: '该手机号接收验证码过于频繁，请稍后再试',
  /** The number cannot receive SMS (malformed, not in service, on a block list). */
  badNumber: '该手机号无法接收短信，请检查手机号是否正确',
  /** Our carrier account cannot send now (balance, keys, sign name, template): nothing the user can fix. */
  account: '短信服务暂时不可用，请稍后再试或使用微信登录',
  /** The carrier did not answer: the code may still arrive. */
  unreachable: '短信服务繁忙，如未收到验证码请稍后重试',
} as const;
