/** Strings of the SMS send challenge (part of the one zh-CN catalog; imported by the challenge's lazy chunk and the form). */
export const smsChallenge = {
  title: '安全验证',
  hint: '当前网络获取验证码较频繁，请先完成安全验证，通过后将自动发送验证码',
  loading: '正在加载安全验证…',
  loadFailed: '安全验证加载失败，请检查网络后重试',
  fetchFailed: '获取验证题失败，请重试',
  /** The widget's own texts (ALTCHA's string table). */
  widget: {
    ariaLinkLabel: '安全验证',
    enterCode: '输入验证码',
    enterCodeAria: '输入你听到的验证码，按空格键播放音频',
    enterCodeFromImage: '请输入下图中的验证码以继续',
    error: '验证失败，请点击重试',
    expired: '验证已过期，请重新验证',
    footer: '',
    getAudioChallenge: '获取语音验证码',
    label: '我不是机器人',
    loading: '加载中…',
    reload: '重新加载',
    verify: '验证',
    verificationRequired: '请先完成安全验证',
    verified: '验证通过',
    verifying: '正在验证…',
    waitAlert: '正在验证，请稍候…',
    cancel: '取消',
  },
} as const;
