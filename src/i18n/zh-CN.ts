/** Every user-visible string of the app (Simplified Chinese). */
export const zhCN = {
  app: { name: '备考', loading: '加载中…' },
  network: {
    failed: '网络异常，请检查网络后重试',
    timeout: '请求超时，请稍后再试',
    badReply: '服务器返回了无法识别的数据',
  },
  home: {
    notices: '公告',
    news: '最新资讯',
    loadMore: '加载更多',
    allLoaded: '已全部加载',
    noData: '暂无数据',
    views: '阅读',
    login: '登录',
    myAccount: '我的',
  },
  news: { back: '返回', source: '来源', notFound: '文章不存在' },
  login: {
    title: '手机号登录',
    mobile: '手机号',
    mobilePlaceholder: '请输入手机号',
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
    agreement: '登录即表示同意《用户协议》和《隐私政策》',
  },
  user: { title: '我的', mobile: '手机号', logout: '退出登录', loggedOut: '已退出登录' },
  notFound: { title: '页面不存在', goHome: '返回首页' },
} as const;

export type Messages = typeof zhCN;
