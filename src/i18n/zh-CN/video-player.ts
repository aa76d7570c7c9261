/** Strings of video-player (part of the one zh-CN catalog; imported by its lazy chunk, not the first load). */
/** The video player module (course videos and plain URLs). */
export const videoPlayer = {
  play: '播放',
  loading: '视频加载中…',
  resumeAt: (clock: string) => `上次看到 ${clock}`,
  locked: '该视频需购买课程后观看',
  buy: '购买课程',
  loginText: '登录后即可观看课程视频',
  login: '登录后观看',
  empty: '该课程暂无可播放的视频',
  failed: '视频加载失败',
  playFailed: '视频播放出错，请检查网络后重试',
  retry: '重试',
  speed: '倍速',
  speedMenu: '播放速度',
  rate: (r: number) => `${r}x`,
  rateSet: (r: number) => `已切换为 ${r} 倍速`,
  playingNext: '已为你播放下一节',
} as const;
