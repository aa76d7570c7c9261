/** Strings of course-catalog (part of the one zh-CN catalog; imported by its lazy chunk, not the first load). */
/** A course's catalogue of chapters and videos (`/course/detail/:courseId`). */
export const courseCatalog = {
  title: '课程目录',
  summary: (n: number, clock: string) => `共 ${n} 课时 · ${clock}`,
  preview: '试看',
  current: '当前',
  finished: '已学完',
  watched: (p: number) => `已学 ${p}%`,
  locked: '未解锁',
  buyHint: '购买后即可观看全部课时',
  empty: '暂无课时',
  loadFailed: '目录加载失败',
  retry: '重试',
} as const;
