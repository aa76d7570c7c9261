/** Strings of paying an order (spec §8 payment messages; imported by the pay chunk and the order modules). */
export const pay = {
  /** Spec §8: 'payment cancelled'. */
  cancelled: '支付已取消',
  /** Spec §8: 'unknown error' (the fallback). */
  unknownError: '未知错误',
  /** Spec §8: polling fails after the payment succeeded. */
  serverBusy: '服务器繁忙，请稍后再试',
  /** Spec §8: polling timed out. */
  refreshLater: '请稍后刷新页面查看支付结果',
  /** Spec §8: the SDK is not ready. */
  sdkFailed: '微信支付加载失败',
  paid: '支付成功',
  payNow: '立即支付',
  goPay: '去支付',
  paying: '支付中…',
  confirming: '正在确认支付结果…',
} as const;
