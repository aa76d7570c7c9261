/** Strings of bind-mobile (part of the one zh-CN catalog; imported by its lazy chunk, not the first load). */
/** The bind-mobile form; its field labels and checks are the login form's (`login`). */
export const bindMobile = {
  intro: '为了账号安全和找回账号，请绑定手机号。绑定后也可以用该手机号登录。',
  submit: '确认绑定',
  submitting: '绑定中…',
  badCode: '验证码为 6 位数字',
  success: '绑定成功',
} as const;
