import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { fakeEnv } from '../../../tests/support/fake-env';
import type { CallReply } from '../../runtime/block-api';
import { type PageEvents, ReaderController } from './controller';
import { toId } from './EbookReader';
import { type Chapter, type Detail, keepLocalPlace, localPlace, queued, STORES } from './offline';
import { ReaderView } from './ReaderView';
import { REPORT_INTERVAL_MS, ReadingClock } from './reading-report';

const callsOf = (fn: unknown) => (fn as Mock).mock.calls as [string, unknown][];
const ok = <T,>(data: T): CallReply<T> => ({ status: 0, code: 0, msg: 'ok', data });
const offline: CallReply<null> = { status: -1, code: -1, msg: '网络异常，请检查网络后重试', data: null };
const REFUSAL = '该章节需购买电子书后阅读';
const locked: CallReply<null> = { status: 1, code: 4030, msg: REFUSAL, data: null };

const TEXTS = [
  ['很多同学背了好几遍单词书，一到考场还是觉得这个词眼熟。', '先弄清楚：四六级到底考多少词', '按照大学英语四六级考试大纲的要求。'],
  ['第二章正文第一段，讲动词的搭配。', '第二章正文第二段。'],
  ['付费章节的正文，不能出现在拒绝页上。', '付费章节第二段。'],
];
const chapterLengths = TEXTS.map((spans) => spans.reduce((n, s) => n + s.length, 0));
const BOOK_CHARS = chapterLengths.reduce((a, b) => a + b, 0);

function chapter(n: number): Chapter {
  const before = chapterLengths.slice(0, n - 1).reduce((a, b) => a + b, 0);
  return {
    ebook_id: 1,
    chapter: {
      id: 10 + n,
      index: n,
      title: `第${n}章`,
      char_count: chapterLengths[n - 1] ?? 0,
      start_fraction: before / BOOK_CHARS,
      end_fraction: (before + (chapterLengths[n - 1] ?? 0)) / BOOK_CHARS,
    },
    spans: (TEXTS[n - 1] ?? []).map((text, index) => ({
      chapter: 10 + n,
      index,
      kind: index === 1 && n === 1 ? 'h' : 'p',
      text,
      preview: text.slice(0, 20),
    })),
    prev_chapter_id: n > 1 ? 9 + n : 0,
    next_chapter_id: n < 3 ? 11 + n : 0,
    access_reason: 'free_preview',
  } as Chapter;
}

function detail(record: Detail['record'] = null): Detail {
  return {
    id: 1,
    genus_id: 1,
    category_id: 1,
    name: '四六级高频词汇精讲笔记',
    intro: '',
    cover: '',
    author: '备考研究组',
    chapter_count: 3,
    char_count: BOOK_CHARS,
    price: 1990,
    is_free: 0,
    free_chapters: 1,
    view_count: 0,
    created_at: 0,
    can_access: 0,
    access_reason: 'not_owned',
    has_collect: 0,
    record,
    chapters: [1, 2, 3].map((n) => ({
      id: 10 + n,
      index: n,
      title: `第${n}章`,
      char_count: chapterLengths[n - 1] ?? 0,
      is_free: n === 1 ? 1 : 0,
      locked: n === 3 ? 1 : 0,
      start_fraction: chapterLengths.slice(0, n - 1).reduce((a, b) => a + b, 0) / BOOK_CHARS,
    })),
  } as Detail;
}

class FakeDoc extends EventTarget {
  visibilityState = 'visible';
  set(state: 'visible' | 'hidden') {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}
function events(): PageEvents & { doc: FakeDoc; win: EventTarget } {
  return { doc: new FakeDoc(), win: new EventTarget() };
}

type Replies = Parameters<typeof fakeEnv>[0];
function reader(replies: Replies) {
  const env = fakeEnv(replies);
  // Background calls (refresh, bookmarks, reports) go through beacon: same replies.
  const ev = events();
  const ctl = new ReaderController({ env, events: ev });
  return { env, ctl, ev };
}

const view = (ctl: ReaderController) =>
  renderToStaticMarkup(<ReaderView state={ctl.getState()} ctl={ctl} onBack={() => {}} onBuy={() => {}} />);

afterEach(() => {
  vi.useRealTimers();
});

describe('ebook-reader: chapters', () => {
  it('renders the chapter from its anchored spans: <p data-span> and <h3> for subheadings', async () => {
    const { ctl } = reader({ 'ebook.detail': ok(detail()), 'ebook.content': ok(chapter(1)), 'ebook.bookmark_list': ok([]) });
    await ctl.open(1);
    const html = view(ctl);
    expect(html).toContain(`<p data-span="0">${TEXTS[0]?.[0]}</p>`);
    expect(html).toContain(`<h3 data-span="1">${TEXTS[0]?.[1]}</h3>`);
    expect(html).toContain('data-chapter-phase="ready"');
  });

  it('a locked chapter shows the server’s refusal with 购买本书 and never renders its text (not even a kept copy)', async () => {
    const { ctl, env } = reader({ 'ebook.detail': ok(detail()), 'ebook.content': locked, 'ebook.bookmark_list': ok([]) });
    // A copy kept on the device from earlier (e.g. while the user was a VIP).
    await env.offline.put(STORES.chapters, '1:13', chapter(3));
    await ctl.open(1, 13);
    const s = ctl.getState();
    expect(s).toMatchObject({ chapterPhase: 'locked', chapterMessage: REFUSAL, content: null });
    const html = view(ctl);
    expect(html).toContain(REFUSAL);
    expect(html).toContain('购买本书');
    expect(html).not.toContain('data-span');
    for (const text of TEXTS[2] ?? []) expect(html).not.toContain(text);
    expect(await env.offline.get(STORES.chapters, '1:13')).toBeNull();
    expect(env.call).toHaveBeenCalledWith('ebook.content', { id: 1, chapter: 13 });
  });

  it('keeps opened chapters on the device and reads them from there when the network fails', async () => {
    let net = true;
    const { ctl, env } = reader({
      'ebook.detail': () => (net ? ok(detail()) : offline),
      'ebook.content': (input) => (net ? ok(chapter((input as { chapter: number }).chapter - 10)) : offline),
      'ebook.bookmark_list': () => (net ? ok([]) : offline),
    });
    await ctl.open(1, 11);
    await vi.waitFor(async () => expect(await env.offline.get(STORES.chapters, '1:11')).not.toBeNull());
    // Read ahead: the next chapter is kept too.
    await vi.waitFor(async () => expect(await env.offline.get(STORES.chapters, '1:12')).not.toBeNull());
    expect(await env.offline.get(STORES.books, '1')).toMatchObject({ id: 1 });

    net = false;
    const again = new ReaderController({ env, events: events() });
    await again.open(1, 12);
    expect(again.getState()).toMatchObject({ phase: 'ready', chapterPhase: 'ready', offline: true });
    expect(again.getState().content?.chapter.id).toBe(12);
    // A chapter never opened has no copy: a clear message, no text.
    await again.openChapter(13);
    expect(again.getState()).toMatchObject({ chapterPhase: 'locked', content: null });
  });

  it('resumes at the server’s record, at the device’s own place when it is newer (not reported yet), and honours ?chapter', async () => {
    const rec = {
      ebook_id: 1,
      chapter_id: 12,
      anchor_point: { chapter_id: 12, span: 1, offset: 4, preview: '', fraction: 0.5 },
      seconds: 60,
      updated_at: 0,
    };
    const replies = {
      'ebook.detail': ok(detail(rec)),
      'ebook.content': (input: unknown) => ok(chapter((input as { chapter: number }).chapter - 10)),
      'ebook.bookmark_list': ok([]),
    };
    const a = reader(replies);
    await a.ctl.open(1);
    expect(a.ctl.getState()).toMatchObject({ chapterId: 12, target: { span: 1, offset: 4 } });

    const b = reader(replies);
    keepLocalPlace(b.env.storage, 1, { chapter_id: 11, span: 2, offset: 3, at: Date.now(), synced: false });
    await b.ctl.open(1);
    expect(b.ctl.getState()).toMatchObject({ chapterId: 11, target: { span: 2, offset: 3 } });

    const c = reader(replies);
    keepLocalPlace(c.env.storage, 1, { chapter_id: 11, span: 2, offset: 3, at: Date.now(), synced: true });
    await c.ctl.open(1);
    expect(c.ctl.getState()).toMatchObject({ chapterId: 12 });

    const d = reader(replies);
    await d.ctl.open(1, 11);
    expect(d.ctl.getState()).toMatchObject({ chapterId: 11, target: { span: 0, offset: 0 } });
    const e = reader(replies);
    await e.ctl.open(1, 12);
    expect(e.ctl.getState()).toMatchObject({ chapterId: 12, target: { span: 1, offset: 4 } });
  });

  it('takes ids from props as numbers', () => {
    expect(toId('12')).toBe(12);
    expect(toId('')).toBe(0);
    expect(toId('abc')).toBe(0);
  });
});

describe('ebook-reader: bookmarks', () => {
  it('shows a bookmark made offline at once as pending, queues it and sends it once back online', async () => {
    let net = true;
    const saved: unknown[] = [];
    const { ctl, env, ev } = reader({
      'ebook.detail': ok(detail()),
      'ebook.content': ok(chapter(1)),
      'ebook.bookmark_list': () => (net ? ok(saved) : offline),
      'ebook.bookmark_add': (input) => {
        if (!net) return offline;
        const i = input as { anchor_point: { span: number; offset: number }; client_id: string };
        const b = {
          id: 5,
          ebook_id: 1,
          ebook_chapter_id: 11,
          chapter_title: '第1章',
          anchor_point: { chapter_id: 11, span: i.anchor_point.span, offset: i.anchor_point.offset, preview: 'x', fraction: 0.1 },
          created_at: 0,
          created: 1,
        };
        saved.push(b);
        return ok(b);
      },
    });
    ctl.connect();
    await ctl.open(1);
    const seq = ctl.getState().target?.seq ?? 0;
    ctl.arrived(seq, { span: 2, offset: 5 });
    net = false;
    await ctl.addMark();
    expect(env.toast).toHaveBeenLastCalledWith('已添加书签，联网后自动同步');
    const pending = ctl.getState().marks;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ id: 0, pending: true, span: 2, offset: 5, preview: (TEXTS[0]?.[2] ?? '').slice(5, 25) });
    expect((await queued(env, 1)).map((q) => q.item.kind)).toEqual(['bookmark_add']);

    net = true;
    ev.win.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(ctl.getState().marks).toMatchObject([{ id: 5, pending: false }]));
    expect(callsOf(env.beacon).filter(([id]) => id === 'ebook.bookmark_add')).toHaveLength(1);
    expect(await queued(env)).toEqual([]);
    ctl.disconnect();
  });

  it('removing a pending bookmark just takes it out of the outbox', async () => {
    const { ctl, env } = reader({
      'ebook.detail': ok(detail()),
      'ebook.content': ok(chapter(1)),
      'ebook.bookmark_list': ok([]),
      'ebook.bookmark_add': offline,
    });
    await ctl.open(1);
    ctl.arrived(ctl.getState().target?.seq ?? 0, { span: 0, offset: 0 });
    await ctl.addMark();
    const [mark] = ctl.getState().marks;
    if (!mark) throw new Error('no mark');
    await ctl.removeMark(mark);
    expect(ctl.getState().marks).toEqual([]);
    expect(await queued(env)).toEqual([]);
    expect(env.call).not.toHaveBeenCalledWith('ebook.bookmark_remove', expect.anything());
  });
});

describe('ebook-reader: reading reports', () => {
  it('counts only visible time', () => {
    let now = 0;
    const clock = new ReadingClock(() => now, true);
    now = 30500;
    clock.setVisible(false);
    now = 500000; // hidden for a long time
    clock.setVisible(true);
    now = 510000;
    expect(clock.take()).toBe(40);
    now = 510400;
    expect(clock.take()).toBe(0); // 0.9 s carried over
    now = 510600;
    expect(clock.take()).toBe(1);
  });

  it('reports every minute and when hidden, with the place, the client time and a fresh client id; never while hidden', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { ctl, env, ev } = reader({
      'ebook.detail': ok(detail()),
      'ebook.content': ok(chapter(1)),
      'ebook.bookmark_list': ok([]),
      'ebook.read': ok({}),
    });
    ctl.connect();
    await ctl.open(1);
    ctl.arrived(ctl.getState().target?.seq ?? 0, { span: 2, offset: 7 });
    const reads = () =>
      callsOf(env.beacon)
        .filter(([id]) => id === 'ebook.read')
        .map(([, input]) => input as Record<string, unknown>);

    await vi.advanceTimersByTimeAsync(REPORT_INTERVAL_MS);
    expect(reads()).toHaveLength(1);
    expect(reads()[0]).toMatchObject({
      ebook_id: 1,
      chapter_id: 11,
      duration: 60,
      anchor_point: { chapter_id: 11, span: 2, offset: 7 },
      at: Date.now(),
    });

    await vi.advanceTimersByTimeAsync(20000);
    ev.doc.set('hidden');
    expect(reads()).toHaveLength(2);
    expect(reads()[1]).toMatchObject({ duration: 20 });
    // Hidden: the minute timer finds nothing to report (no time, same place).
    await vi.advanceTimersByTimeAsync(3 * REPORT_INTERVAL_MS);
    expect(reads()).toHaveLength(2);
    ev.doc.set('visible');
    await vi.advanceTimersByTimeAsync(5000);
    ctl.disconnect(); // leaving the page
    expect(reads()).toHaveLength(3);
    expect(reads()[2]).toMatchObject({ duration: 5 });
    const ids = reads().map((r) => r.client_id);
    expect(new Set(ids).size).toBe(3);
    // Sent: nothing left in the outbox; the device's place is marked as known to the server.
    await vi.waitFor(async () => expect(await queued(env)).toEqual([]));
    expect(localPlace(env.storage, 1)).toMatchObject({ chapter_id: 11, span: 2, offset: 7, synced: true });
  });

  it('keeps a report made offline in the outbox', async () => {
    const { ctl, env } = reader({
      'ebook.detail': ok(detail()),
      'ebook.content': ok(chapter(1)),
      'ebook.bookmark_list': ok([]),
      'ebook.read': offline,
    });
    ctl.connect();
    await ctl.open(1);
    ctl.arrived(ctl.getState().target?.seq ?? 0, { span: 1, offset: 2 });
    ctl.disconnect();
    await vi.waitFor(async () => expect((await queued(env)).map((q) => q.item.kind)).toEqual(['read']));
    expect(localPlace(env.storage, 1)).toMatchObject({ span: 1, offset: 2, synced: false });
  });
});
