/** Strings of accounts-cancel, 注销账号 (part of the one zh-CN catalog; imported by its lazy chunk, not the first load). */
export const accountCancel = {
  intro:
    '注销后，你的手机号、昵称、头像、微信绑定、收货地址、收藏、消息、学习记录和错题本将被删除，已购课程、电子书、题库与会员权益一并失效，且无法恢复。订单依法保留金额与商品信息，但不再与你关联。',
  agreePrefix: '我已阅读并同意',
  agreementTitle: '《注销协议》',
  needAgree: '请先阅读并同意《注销协议》',
  submit: '注销账号',
  submitting: '注销中…',
  confirmText: '注销后账号无法恢复，已购内容与会员权益将全部失效。确定注销吗？',
  confirmOk: '确定注销',
  cancel: '再想想',
  done: '账号已注销',
} as const;
