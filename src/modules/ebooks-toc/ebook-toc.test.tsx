import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import type { OutputOfId, SourceState } from '../../runtime/block-api';
import EbookToc, { chapterHref, rowMarks, tapLocked, tocSummary } from './EbookToc';

type Detail = OutputOfId<'ebook.detail'>;

const chapter = (id: number, over: Partial<Detail['chapters'][number]> = {}): Detail['chapters'][number] => ({
  id,
  index: id,
  title: `第${id}章`,
  char_count: 6000,
  is_free: 0,
  locked: 0,
  start_fraction: (id - 1) / 4,
  ...over,
});

function detail(over: Partial<Detail> = {}): Detail {
  return {
    id: 7,
    genus_id: 1,
    category_id: 1,
    name: '四六级高频词汇精讲笔记',
    intro: '',
    cover: '/media/ebook/7.svg',
    author: '林舟',
    chapter_count: 4,
    char_count: 37300,
    price: 1990,
    is_free: 0,
    free_chapters: 1,
    view_count: 0,
    created_at: 0,
    can_access: 0,
    access_reason: 'not_owned',
    chapters: [chapter(1, { is_free: 1 }), chapter(2, { locked: 1 }), chapter(3, { locked: 1 }), chapter(4, { locked: 1 })],
    record: null,
    has_collect: 0,
    ...over,
  };
}

const source = (data: unknown, loading = false): SourceState => ({
  data,
  loading,
  loaded: !loading,
  paged: false,
  error: '',
  errorCode: 0,
});

function render(sources: Record<string, SourceState>, props = {}) {
  const { blockProps } = fakeBlockProps('ebooks-toc', props, { sources });
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <EbookToc {...blockProps} />
    </MemoryRouter>,
  );
  return { html };
}

describe('ebook-toc module', () => {
  it('heads the list with the chapter count and the book length', () => {
    expect(tocSummary(detail())).toBe('共 4 章 · 3.7 万字');
    expect(tocSummary(detail({ char_count: 0 }))).toBe('共 4 章 · 2.4 万字');
  });

  it('a non-owner sees 免费 on the free chapter, locks on the rest, and only the free one links to the reader', () => {
    const { html } = render({ detail: source(detail()) });
    expect(html).toContain('共 4 章 · 3.7 万字');
    expect(html.match(/data-testid="ebook-toc-row"/g)).toHaveLength(4);
    expect(html.match(/class="etoc-free"/g)).toHaveLength(1);
    expect(html.match(/aria-label="未解锁"/g)).toHaveLength(3);
    expect(html).toContain(`href="${chapterHref(7, 1)}"`);
    expect(html).toContain('href="/ebook/read/7?chapter=1"');
    expect(html).not.toContain('chapter=2');
    expect(html).toContain('6,000 字');
  });

  it('a reader with access (VIP, owner, free book) gets no free marks and no locks, and 在读 on the record’s chapter', () => {
    const open = detail({
      can_access: 1,
      access_reason: 'vip',
      chapters: detail().chapters.map((c) => ({ ...c, locked: 0 })),
      record: { ebook_id: 7, chapter_id: 3, anchor_point: null, seconds: 60, updated_at: 0 },
    });
    const { html } = render({ detail: source(open) });
    expect(html).not.toContain('etoc-free');
    expect(html).not.toContain('未解锁');
    expect(html.match(/href="\/ebook\/read\/7\?chapter=\d"/g)).toHaveLength(4);
    expect(html.match(/在读/g)).toHaveLength(1);
    expect(rowMarks(open, open.chapters[2] as Detail['chapters'][number]).reading).toBe(true);
    // A free book's chapters are not marked 免费 one by one.
    expect(rowMarks(detail({ is_free: 1 }), chapter(1, { is_free: 1 })).free).toBe(false);
  });

  it('a tap on a locked chapter says that buying opens it (the row is a button, not a link)', () => {
    const env = fakeEnv();
    tapLocked(env);
    expect(env.toast).toHaveBeenCalledWith('本章需购买后阅读，购买后即可阅读全部章节');
    const { html } = render({ detail: source(detail()) });
    expect(html.match(/<button type="button" class="etoc-row is-locked"/g)).toHaveLength(3);
  });

  it('shows placeholders while the detail loads, nothing when it failed, and reads another source by name', () => {
    expect(render({ detail: source(undefined, true) }).html).toContain('aria-busy="true"');
    expect(render({ detail: source(undefined) }).html).toBe('');
    expect(render({ book: source(detail()) }, { source: 'book', title: '章节' }).html).toContain('<h2>章节</h2>');
  });
});
