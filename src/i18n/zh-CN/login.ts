/** Strings of login (part of the one zh-CN catalog; imported by its lazy chunk, not the first load). */
export const login = {
  title: '手机号登录',
  subtitle: '未注册的手机号验证后将自动注册',
  mobile: '手机号',
  mobilePlaceholder: '请输入手机号',
  /** Where the code goes when the mobile is the account's own (shown masked, not typed). */
  sendTo: (masked: string) => `验证码将发送至 ${masked}`,
  code: '验证码',
  codePlaceholder: '请输入 6 位验证码',
  sendCode: '获取验证码',
  resendIn: (s: number) => `${s} 秒后重发`,
  submit: '登录',
  needMobile: '请输入手机号',
  badMobile: '手机号格式不正确',
  needCode: '请输入验证码',
  codeSent: '验证码已发送',
  success: '登录成功',
  /** The consent box: 我已阅读并同意 + the two document links. */
  consentPrefix: '我已阅读并同意',
  consentAnd: '和',
  userAgreement: '《用户协议》',
  privacyPolicy: '《隐私政策》',
  needConsent: '请先阅读并同意《用户协议》和《隐私政策》',
} as const;
