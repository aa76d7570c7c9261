/** Strings of course-children (part of the one zh-CN catalog; imported by its lazy chunk, not the first load). */
/** A bundle's courses (`/course/bundle_detail/:courseId`). */
export const courseChildren = { empty: '暂无课程', loadFailed: '课程加载失败' } as const;
