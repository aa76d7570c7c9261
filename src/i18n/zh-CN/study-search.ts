/** Strings of study-search (part of the one zh-CN catalog; imported by its lazy chunk, not the first load). */
export const studySearch = {
  placeholder: '搜索资讯、攻略、课程、电子书',
  submit: '搜索',
  /** The search box's name for a screen reader. */
  inputLabel: '搜索关键词',
  searching: '搜索中…',
  clearInput: '清除',
  needWord: '请输入搜索词',
  hotWords: '热门搜索',
  history: '搜索历史',
  clearHistory: '清空',
  historyCleared: '已清空搜索历史',
  kinds: { news: '资讯', strategy: '攻略', course: '课程', ebook: '电子书' },
  total: (n: number) => `共找到 ${n} 条结果`,
  noResult: (word: string) => `没有找到与“${word}”相关的内容，换个词试试`,
} as const;
