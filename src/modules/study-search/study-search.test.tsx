import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv, memoryStore } from '../../../tests/support/fake-env';
import type { SearchHit } from '../../contract/study';
import type { KeyValueStore } from '../../runtime/block-api';
import type { StudySearchProps } from './props.gen';
import StudySearch, { Results } from './StudySearch';
import { highlightParts, hitRoute, pushHistory, readHistory, SEARCH_HISTORY_KEY, saveHistory, wordQuery } from './search-state';

function render(props: StudySearchProps, opts: { query?: Record<string, string>; storage?: KeyValueStore } = {}): string {
  const env = fakeEnv({}, { storage: opts.storage ?? memoryStore() });
  const scope = { query: opts.query ?? {}, exam: { genus_id: 2, category_id: 11, category_name: '英语四级' } };
  const { blockProps } = fakeBlockProps('study-search', props, { env, scope });
  return renderToStaticMarkup(
    <MemoryRouter>
      <StudySearch {...blockProps} />
    </MemoryRouter>,
  );
}

const hit = (kind: SearchHit['kind'], id: number, title: string): SearchHit => ({
  kind,
  id,
  title,
  summary: `${title}的摘要`,
  cover: '',
  published_at: Math.floor(Date.now() / 1000) - 7200,
  title_hit: 1,
});

describe('search history', () => {
  it('puts the word first, drops its duplicate and keeps at most max words', () => {
    expect(pushHistory([], '听力')).toEqual(['听力']);
    expect(pushHistory(['作文', '听力', '翻译'], '听力')).toEqual(['听力', '作文', '翻译']);
    expect(pushHistory(['a', 'b', 'c'], 'd', 3)).toEqual(['d', 'a', 'b']);
  });

  it('is stored, read back without junk, and cleared', () => {
    const store = memoryStore();
    saveHistory(store, ['报名时间', '真题']);
    expect(readHistory(store)).toEqual(['报名时间', '真题']);
    store.set(SEARCH_HISTORY_KEY, JSON.stringify(['ok', 3, null, ' ', 'fine']));
    expect(readHistory(store)).toEqual(['ok', 'fine']);
    store.set(SEARCH_HISTORY_KEY, '{broken');
    expect(readHistory(store)).toEqual([]);
    saveHistory(store, []);
    expect(store.get(SEARCH_HISTORY_KEY)).toBeNull();
  });
});

describe('search helpers', () => {
  it('links each kind to its page', () => {
    expect(hitRoute('news', 3)).toBe('/news/detail/3');
    expect(hitRoute('strategy', 4)).toBe('/stratege/detail/4');
    expect(hitRoute('course', 5)).toBe('/course/detail/5');
    expect(hitRoute('ebook', 6)).toBe('/ebook/detail/6');
  });

  it('keeps the searched word in the page query, encoded', () => {
    expect(wordQuery('听力 技巧')).toBe('?word=%E5%90%AC%E5%8A%9B%20%E6%8A%80%E5%B7%A7');
    expect(wordQuery('a&b=c')).toBe('?word=a%26b%3Dc');
    expect(wordQuery('')).toBe('?');
  });

  it('marks every term, case-insensitively, and escapes regex characters', () => {
    expect(highlightParts('四级听力与六级听力', '听力')).toEqual([
      { text: '四级', hit: false },
      { text: '听力', hit: true },
      { text: '与六级', hit: false },
      { text: '听力', hit: true },
    ]);
    expect(highlightParts('Learn Python now', 'python now')).toEqual([
      { text: 'Learn ', hit: false },
      { text: 'Python', hit: true },
      { text: ' ', hit: false },
      { text: 'now', hit: true },
    ]);
    expect(highlightParts('a+b (c)', '(c)')).toEqual([
      { text: 'a+b ', hit: false },
      { text: '(c)', hit: true },
    ]);
    expect(highlightParts('无关', '  ')).toEqual([{ text: '无关', hit: false }]);
  });
});

describe('study-search module', () => {
  it('shows the input, the stored history with a clear button and the hot words', () => {
    const storage = memoryStore();
    saveHistory(storage, ['六级翻译', '听力']);
    const html = render({ hotWords: [{ word: '四级真题' }, { word: '成绩查询' }], placeholder: '搜点什么' }, { storage });
    expect(html).toContain('placeholder="搜点什么"');
    expect(html).toContain('data-testid="search-history"');
    expect(html).toContain('>六级翻译</button>');
    expect(html).toContain('>清空</button>');
    expect(html).toContain('data-testid="search-hot"');
    expect(html).toContain('>四级真题</button>');
    expect(html).not.toContain('data-testid="search-results"');
  });

  it('hides empty sections and takes the word from the URL', () => {
    const html = render({ hotWords: '${data.hot}' }, { query: { word: '听力' } });
    expect(html).not.toContain('search-history');
    expect(html).not.toContain('search-hot');
    expect(html).toContain('value="听力"');
  });

  it('draws results grouped by kind with links and the word marked', () => {
    const result = {
      word: '听力',
      total: 3,
      news: [hit('news', 1, '四级听力技巧')],
      strategy: [hit('strategy', 2, '听力专项攻略')],
      course: [],
      ebook: [hit('ebook', 9, '听力手册')],
    };
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <Results result={result} />
      </MemoryRouter>,
    );
    expect(html).toContain('共找到 3 条结果');
    expect(html.match(/class="search-group"/g)).toHaveLength(3);
    expect(html).not.toContain('data-kind="course"');
    expect(html).toContain('href="/stratege/detail/2"');
    expect(html).toContain('<span>四级</span><mark>听力</mark><span>技巧</span>');
    expect(html).toContain('2小时前');
  });

  it('says so when nothing was found', () => {
    const html = renderToStaticMarkup(<Results result={{ word: '量子', total: 0, news: [], strategy: [], course: [], ebook: [] }} />);
    expect(html).toContain('没有找到与“量子”相关的内容');
  });
});
