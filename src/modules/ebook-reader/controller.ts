/**
 * The reader's logic, apart from React and the DOM so that it can be tested with a fake environment: which chapter
 * and place to open (the reading record, the device's own when offline), chapters from the device first and the
 * network after, locks, bookmarks (optimistic, pending while offline), settings, reading-time reports and the
 * outbox. The view (EbookReader.tsx) lays the text out, applies `target` and tells the controller the place it shows.
 */
import { CODE } from '../../contract/envelope';
import { i18n } from '../../i18n';
import { ebookReader } from '../../i18n/zh-CN/ebook-reader';
import { fractionAt, previewAt } from '../../protocol/anchor';
import { type CallReply, type Env, type InputOfId, newClientId } from '../../runtime/block-api';
import { type DownloadJob, type DownloadProgress, downloadBook, downloadOf } from './download';
import type { Place } from './layout';
import {
  type AnchorInput,
  type Chapter,
  cacheBookmarks,
  cacheChapter,
  cacheDetail,
  cachedBookmarks,
  cachedChapter,
  cachedChapterIds,
  cachedDetail,
  type Detail,
  enqueue,
  flushOutbox,
  forgetChapter,
  keepLocalPlace,
  localPlace,
  queueAndSend,
  queued,
  type ServerBookmark,
  unqueue,
} from './offline';
import { loadSettings, type ReaderSettings, saveSettings } from './settings';

const t = ebookReader;

/** Reading time is reported every minute while the page is visible (and when it is hidden or left). */
export const REPORT_INTERVAL_MS = 60000;
/** The contract's MAX_READ_REPORT_SECONDS. */
export const MAX_REPORT_SECONDS = 600;
/** While writes wait in the outbox, sending is retried this often (besides the `online` event). */
export const RETRY_MS = 20000;

export interface Mark {
  /** Stable list key: `b<id>` once the server has it, the client id while pending. */
  key: string;
  /** 0 while the add waits in the outbox. */
  id: number;
  clientId: string;
  chapterId: number;
  chapterTitle: string;
  span: number;
  offset: number;
  preview: string;
  fraction: number;
  pending: boolean;
}

/** Where the view has to go after its next layout: a place, or the last page of the chapter (coming back from the next one). */
export type Target = { seq: number } & (Place | { edge: 'end' });

export type ChapterPhase = 'idle' | 'loading' | 'ready' | 'locked' | 'error';

export interface ReaderState {
  ebookId: number;
  /** The book (its detail): loading, ready, or error (message). */
  phase: 'loading' | 'ready' | 'error';
  message: string;
  detail: Detail | null;
  chapterId: number;
  chapterPhase: ChapterPhase;
  /** The refusal (locked) or the failure (error). */
  chapterMessage: string;
  content: Chapter | null;
  target: Target | null;
  /** The place shown now (in `content`'s chapter). */
  place: Place | null;
  settings: ReaderSettings;
  marks: Mark[];
  /** The last request failed for the network: the reader works from the device. */
  offline: boolean;
  /** Ids of the book's chapters kept on the device. */
  cached: number[];
  download: DownloadProgress | null;
}

/** The document and window events the controller listens to (the real ones in the app, fakes in tests). */
export interface PageEvents {
  doc: (EventTarget & { readonly visibilityState: string }) | null;
  win: EventTarget | null;
}

/** Seconds of reading while the page is visible; `take` hands out whole seconds and keeps the rest. */
export class ReadingClock {
  private ms = 0;
  private since: number | null;
  constructor(
    private readonly now: () => number,
    visible: boolean,
  ) {
    this.since = visible ? now() : null;
  }
  setVisible(visible: boolean): void {
    if (visible && this.since === null) this.since = this.now();
    else if (!visible && this.since !== null) {
      this.ms += this.now() - this.since;
      this.since = null;
    }
  }
  take(): number {
    if (this.since !== null) {
      const n = this.now();
      this.ms += n - this.since;
      this.since = n;
    }
    const s = Math.floor(this.ms / 1000);
    this.ms -= s * 1000;
    return s;
  }
}

/** A chapter's size for fractionAt: characters before it (from the table of contents) and its span lengths. */
export function chapterSize(detail: Detail | null, content: Chapter) {
  let startChars = 0;
  if (detail) {
    for (const c of detail.chapters) if (c.index < content.chapter.index) startChars += c.char_count;
  }
  return { startChars, spanLengths: content.spans.map((s) => s.text.length) };
}

/** Fraction (0–1) of the whole book before a place of the chapter. */
export function bookFraction(detail: Detail | null, content: Chapter, place: Place): number {
  const bookChars = detail?.char_count ?? 0;
  if (bookChars <= 0) return content.chapter.start_fraction;
  return fractionAt(bookChars, chapterSize(detail, content), place.span, place.offset);
}

function serverMark(b: ServerBookmark): Mark {
  return {
    key: `b${b.id}`,
    id: b.id,
    clientId: '',
    chapterId: b.ebook_chapter_id,
    chapterTitle: b.chapter_title,
    span: b.anchor_point.span,
    offset: b.anchor_point.offset,
    preview: b.anchor_point.preview,
    fraction: b.anchor_point.fraction,
    pending: false,
  };
}

const byPlace = (a: Mark, b: Mark) => a.fraction - b.fraction || a.span - b.span || a.offset - b.offset;

function defaultEvents(): PageEvents {
  return {
    doc: typeof document === 'undefined' ? null : document,
    win: typeof window === 'undefined' ? null : window,
  };
}

export interface ReaderDeps {
  env: Env;
  events?: PageEvents;
  now?: () => number;
}

export class ReaderController {
  private state: ReaderState;
  private readonly listeners = new Set<() => void>();
  private readonly env: Env;
  private readonly events: PageEvents;
  private readonly now: () => number;
  private openSeq = 0;
  private chapterSeq = 0;
  private targetSeq = 0;
  /** The detail came from the server in this visit (not from the device). */
  private detailFresh = false;
  private clock: ReadingClock;
  /** The place of the last report, and whether the server has it. */
  private lastReported = '';
  private lastSynced = false;
  private readonly off: (() => void)[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private unwatchDownload: (() => void) | null = null;
  private connected = false;
  /** Client ids of bookmarks being added (shown, not yet answered nor in the outbox): a list loaded meanwhile keeps them. */
  private readonly adding = new Set<string>();

  constructor(deps: ReaderDeps) {
    this.env = deps.env;
    this.events = deps.events ?? defaultEvents();
    this.now = deps.now ?? (() => Date.now());
    this.clock = new ReadingClock(this.now, this.visible());
    this.state = {
      ebookId: 0,
      phase: 'loading',
      message: '',
      detail: null,
      chapterId: 0,
      chapterPhase: 'idle',
      chapterMessage: '',
      content: null,
      target: null,
      place: null,
      settings: loadSettings(deps.env.storage),
      marks: [],
      offline: false,
      cached: [],
      download: null,
    };
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  getState = (): ReaderState => this.state;

  private set(change: Partial<ReaderState>): void {
    this.state = { ...this.state, ...change };
    for (const fn of this.listeners) fn();
  }

  private visible(): boolean {
    return (this.events.doc?.visibilityState ?? 'visible') === 'visible';
  }

  // -------------------------------------------------------------------------------------------------------------
  // Page lifecycle

  /** The reader is on screen: reading time counts while the page is visible; reports go out every minute. */
  connect(): void {
    if (this.connected) return;
    this.connected = true;
    this.clock = new ReadingClock(this.now, this.visible());
    const { doc, win } = this.events;
    const on = (target: EventTarget | null, type: string, fn: () => void) => {
      if (!target) return;
      target.addEventListener(type, fn);
      this.off.push(() => target.removeEventListener(type, fn));
    };
    on(doc, 'visibilitychange', () => {
      const visible = this.visible();
      if (!visible) this.report();
      this.clock.setVisible(visible);
    });
    on(win, 'pagehide', () => this.report());
    on(win, 'online', () => void this.flush());
    this.timer = setInterval(() => this.report(), REPORT_INTERVAL_MS);
    if (this.state.ebookId) this.watchDownload(downloadOf(this.state.ebookId) ?? null);
  }

  /** The reader leaves the page: the time and place so far are reported, listeners and timers go. */
  disconnect(): void {
    if (!this.connected) return;
    this.report();
    this.connected = false;
    for (const f of this.off.splice(0)) f();
    if (this.timer) clearInterval(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.timer = null;
    this.retryTimer = null;
    this.unwatchDownload?.();
    this.unwatchDownload = null;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Opening a book and a chapter

  /** Opens a book: its detail (the device's copy when offline), bookmarks, then the chapter and place to start at. */
  async open(ebookId: number, chapterId = 0): Promise<void> {
    const seq = ++this.openSeq;
    if (ebookId <= 0) {
      this.set({ phase: 'error', message: i18n.loadError.notFound });
      return;
    }
    if (ebookId !== this.state.ebookId) {
      this.set({ ebookId, phase: 'loading', message: '', detail: null, content: null, marks: [], cached: [], place: null });
      this.watchDownload(downloadOf(ebookId) ?? null);
    }
    void this.flush();
    const res = await this.env.call('ebook.detail', { id: ebookId });
    if (seq !== this.openSeq) return;
    let detail: Detail | null = null;
    if (res.status === 0 && res.data) {
      detail = res.data;
      this.detailFresh = true;
      void cacheDetail(this.env, detail);
    } else if (res.status === -1) {
      detail = await cachedDetail(this.env, ebookId);
      this.detailFresh = false;
      if (seq !== this.openSeq) return;
      if (!detail) {
        this.set({ phase: 'error', message: t.offlineNoBook, offline: true });
        return;
      }
      this.set({ offline: true });
    } else {
      this.set({ phase: 'error', message: res.msg });
      return;
    }
    this.set({ phase: 'ready', detail });
    void this.loadMarks();
    void this.refreshCached();
    const start = this.startAt(detail, chapterId);
    if (start) await this.openChapter(start.chapterId, start.place);
    else this.set({ chapterPhase: 'error', chapterMessage: t.empty });
  }

  /**
   * Where to start: a place on the device not yet reported wins (it is newer than the server's record), then the
   * server's record, then the device's (offline); with `?chapter=` that chapter, at the record's place when it is in it.
   */
  startAt(detail: Detail, requested: number): { chapterId: number; place: Place } | null {
    const local = localPlace(this.env.storage, detail.id);
    const rec = detail.record;
    const server: AnchorInput | null = rec
      ? rec.anchor_point
        ? { chapter_id: rec.anchor_point.chapter_id, span: rec.anchor_point.span, offset: rec.anchor_point.offset }
        : { chapter_id: rec.chapter_id, span: 0, offset: 0 }
      : null;
    let place: AnchorInput | null = null;
    if (local && (!local.synced || !this.detailFresh || !server)) place = local;
    else place = server ?? local;
    const has = (id: number) => detail.chapters.some((c) => c.id === id);
    const start = { span: 0, offset: 0 };
    if (requested > 0 && has(requested))
      return { chapterId: requested, place: place?.chapter_id === requested ? { span: place.span, offset: place.offset } : start };
    if (place && has(place.chapter_id)) return { chapterId: place.chapter_id, place: { span: place.span, offset: place.offset } };
    const first = detail.chapters.find((c) => c.locked === 0) ?? detail.chapters[0];
    return first ? { chapterId: first.id, place: start } : null;
  }

  private tocEntry(chapterId: number) {
    return this.state.detail?.chapters.find((c) => c.id === chapterId);
  }

  /**
   * Opens a chapter at a place (or its last page): from the device at once when it is kept there, then refreshed from
   * the server; else from the server. A chapter the server refuses (4030) shows the refusal and is never kept.
   */
  async openChapter(chapterId: number, at: Place | { edge: 'end' } = { span: 0, offset: 0 }): Promise<void> {
    const seq = ++this.chapterSeq;
    const { ebookId } = this.state;
    if (this.state.content && this.state.content.chapter.id !== chapterId) this.report();
    this.set({ chapterId, chapterPhase: 'loading', chapterMessage: '', content: null, target: null, place: null });
    // A chapter the fresh table of contents says is locked is asked from the server, never shown from the device.
    const knownLocked = this.detailFresh && this.tocEntry(chapterId)?.locked === 1;
    const cached = knownLocked ? null : await cachedChapter(this.env, ebookId, chapterId);
    if (seq !== this.chapterSeq) return;
    if (cached) {
      this.show(cached, at);
      const res = await this.env.beacon('ebook.content', { id: ebookId, chapter: chapterId });
      if (seq !== this.chapterSeq) return;
      this.settle(res, chapterId, at, cached);
      return;
    }
    const res = await this.env.call('ebook.content', { id: ebookId, chapter: chapterId });
    if (seq !== this.chapterSeq) return;
    this.settle(res, chapterId, at, null);
  }

  private show(content: Chapter, at: Place | { edge: 'end' }): void {
    this.targetSeq += 1;
    this.set({
      content,
      chapterId: content.chapter.id,
      chapterPhase: 'ready',
      chapterMessage: '',
      target: { seq: this.targetSeq, ...at },
      place: 'edge' in at ? null : at,
    });
  }

  private settle(res: CallReply<Chapter>, chapterId: number, at: Place | { edge: 'end' }, cached: Chapter | null): void {
    const { ebookId } = this.state;
    if (res.status === 0 && res.data) {
      const fresh = res.data;
      void cacheChapter(this.env, fresh).then(() => this.refreshCached());
      this.set({ offline: false });
      if (!cached) this.show(fresh, at);
      else if (JSON.stringify(cached.spans) !== JSON.stringify(fresh.spans)) this.show(fresh, this.state.place ?? at);
      this.prefetch(fresh.next_chapter_id);
      return;
    }
    if (res.code === CODE.forbidden) {
      // Refused: a copy kept on the device (e.g. while the user was a VIP) goes too.
      void forgetChapter(this.env, ebookId, chapterId).then(() => this.refreshCached());
      this.set({ content: null, place: null, target: null, chapterPhase: 'locked', chapterMessage: res.msg || t.locked });
      return;
    }
    if (res.status === -1) {
      this.set({ offline: true });
      if (cached) return;
      const locked = this.tocEntry(chapterId)?.locked === 1;
      this.set({ chapterPhase: locked ? 'locked' : 'error', chapterMessage: locked ? t.locked : t.offlineNotCached });
      return;
    }
    if (cached) void forgetChapter(this.env, ebookId, chapterId).then(() => this.refreshCached());
    this.set({ content: null, place: null, target: null, chapterPhase: 'error', chapterMessage: res.msg });
  }

  /** Keeps the next chapter on the device too (read ahead), unless it is locked or already there. */
  private prefetch(chapterId: number): void {
    if (chapterId <= 0 || this.tocEntry(chapterId)?.locked !== 0 || this.state.cached.includes(chapterId)) return;
    const { ebookId } = this.state;
    void this.env.beacon('ebook.content', { id: ebookId, chapter: chapterId }).then((r) => {
      if (r.status === 0 && r.data) void cacheChapter(this.env, r.data).then(() => this.refreshCached());
    });
  }

  /** The chapter before or after the current one (from the table of contents; the content's links otherwise). */
  neighbour(step: 1 | -1): number {
    const { detail, content, chapterId } = this.state;
    if (detail) {
      const list = [...detail.chapters].sort((a, b) => a.index - b.index);
      const i = list.findIndex((c) => c.id === chapterId);
      return i >= 0 ? (list[i + step]?.id ?? 0) : 0;
    }
    return (step === 1 ? content?.next_chapter_id : content?.prev_chapter_id) ?? 0;
  }

  nextChapter(): void {
    const id = this.neighbour(1);
    if (id) void this.openChapter(id);
    else this.env.toast(t.lastPage);
  }

  prevChapter(): void {
    const id = this.neighbour(-1);
    if (id) void this.openChapter(id, { edge: 'end' });
    else this.env.toast(t.firstPage);
  }

  retry(): void {
    if (this.state.phase !== 'ready') void this.open(this.state.ebookId);
    else if (this.state.chapterId) void this.openChapter(this.state.chapterId, this.state.place ?? { span: 0, offset: 0 });
  }

  // -------------------------------------------------------------------------------------------------------------
  // The place

  /** The view went to the target: the place it shows there. */
  arrived(seq: number, place: Place): void {
    if (this.state.target?.seq !== seq) return;
    this.set({ target: null });
    this.setPlace(place);
  }

  /** The reader turned a page or scrolled: the first text in view, kept on the device at once. */
  setPlace(place: Place): void {
    const c = this.state.content;
    if (!c) return;
    const p = this.state.place;
    if (!p || p.span !== place.span || p.offset !== place.offset) this.set({ place });
    keepLocalPlace(this.env.storage, this.state.ebookId, {
      chapter_id: c.chapter.id,
      span: place.span,
      offset: place.offset,
      at: this.now(),
      synced: this.placeKey(c.chapter.id, place) === this.lastReported && this.lastSynced,
    });
  }

  /** Goes to a place of a chapter (a bookmark). */
  jumpTo(chapterId: number, place: Place): void {
    if (this.state.content?.chapter.id === chapterId) {
      this.targetSeq += 1;
      this.set({ target: { seq: this.targetSeq, ...place } });
    } else void this.openChapter(chapterId, place);
  }

  fraction(): number {
    const { content, place, detail } = this.state;
    if (!content) return 0;
    return bookFraction(detail, content, place ?? { span: 0, offset: 0 });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Reading reports

  private placeKey(chapterId: number, p: Place): string {
    return `${chapterId}:${p.span}:${p.offset}`;
  }

  /**
   * Reports the reading time since the last report (only visible time counts) and the place, with the client's time
   * and a fresh client id. The report is written to the outbox and sent at once; offline it stays there.
   */
  report(): void {
    const { content, place, ebookId } = this.state;
    const secs = Math.min(MAX_REPORT_SECONDS, this.clock.take());
    if (!content || !place || this.state.chapterPhase !== 'ready') return;
    const key = this.placeKey(content.chapter.id, place);
    if (secs === 0 && key === this.lastReported) return;
    this.lastReported = key;
    this.lastSynced = false;
    const client_id = newClientId();
    const anchor_point = { chapter_id: content.chapter.id, span: place.span, offset: place.offset };
    const input = { ebook_id: ebookId, chapter_id: content.chapter.id, duration: secs, anchor_point, at: this.now(), client_id };
    void queueAndSend(this.env, { kind: 'read', ebook_id: ebookId, client_id, input }).then(({ verdict }) => {
      if (verdict === 'keep') {
        this.set({ offline: true });
        this.scheduleRetry();
        return;
      }
      if (verdict === 'sent' && this.lastReported === key) {
        this.lastSynced = true;
        const local = localPlace(this.env.storage, ebookId);
        if (local && this.placeKey(local.chapter_id, local) === key) keepLocalPlace(this.env.storage, ebookId, { ...local, synced: true });
      }
    });
  }

  /** Sends what waits in the outbox; reloads the bookmarks when some of them went out. */
  async flush(): Promise<void> {
    const res = await flushOutbox(this.env);
    if (res.kept > 0) this.scheduleRetry();
    else if (res.sent.length > 0) this.set({ offline: false });
    const touched = [...res.sent, ...res.dropped].some((q) => q.item.kind !== 'read' && q.item.ebook_id === this.state.ebookId);
    if (touched) await this.loadMarks();
  }

  private scheduleRetry(): void {
    if (!this.connected || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, RETRY_MS);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Bookmarks

  /** The server's list (the device's copy offline) with the adds and removes still waiting in the outbox. */
  async loadMarks(): Promise<void> {
    const { ebookId } = this.state;
    const res = await this.env.beacon('ebook.bookmark_list', { id: ebookId });
    let list: ServerBookmark[] | null = null;
    if (res.status === 0 && res.data) {
      list = res.data;
      void cacheBookmarks(this.env, ebookId, list);
    } else list = await cachedBookmarks(this.env, ebookId);
    const waiting = await queued(this.env, ebookId);
    if (ebookId !== this.state.ebookId) return;
    const removed = new Set<number>();
    const marks = (list ?? []).map(serverMark);
    for (const { item } of waiting) {
      if (item.kind === 'bookmark_remove') removed.add(Number(item.input.id));
      if (item.kind === 'bookmark_add') {
        const a = item.input.anchor_point as AnchorInput;
        marks.push({
          key: item.client_id,
          id: 0,
          clientId: item.client_id,
          chapterId: Number(item.input.ebook_chapter_id),
          chapterTitle: item.chapter_title,
          span: a.span,
          offset: a.offset,
          preview: item.preview,
          fraction: item.fraction,
          pending: true,
        });
      }
    }
    const inProgress = this.state.marks.filter((m) => this.adding.has(m.clientId) && !marks.some((x) => x.clientId === m.clientId));
    this.set({ marks: [...marks, ...inProgress].filter((m) => !removed.has(m.id)).sort(byPlace) });
  }

  /** Adds a bookmark at the current place: shown at once, pending until the server has it (offline: queued). */
  async addMark(): Promise<void> {
    const { content, place, ebookId, marks } = this.state;
    if (!content || !place) return;
    const span = content.spans[place.span];
    if (!span) return;
    const client_id = newClientId();
    const anchor_point = { chapter_id: content.chapter.id, span: place.span, offset: place.offset };
    const mark: Mark = {
      key: client_id,
      id: 0,
      clientId: client_id,
      chapterId: content.chapter.id,
      chapterTitle: content.chapter.title,
      span: place.span,
      offset: place.offset,
      preview: previewAt(span.text, place.offset),
      fraction: bookFraction(this.state.detail, content, place),
      pending: true,
    };
    this.set({ marks: [...marks, mark].sort(byPlace) });
    this.adding.add(client_id);
    try {
      await this.sendMark(mark, { ebook_id: ebookId, ebook_chapter_id: content.chapter.id, anchor_point, client_id });
    } finally {
      this.adding.delete(client_id);
    }
  }

  /** Sends a new bookmark; offline it waits in the outbox, shown as pending. */
  private async sendMark(mark: Mark, input: InputOfId<'ebook.bookmark_add'>): Promise<void> {
    const client_id = mark.clientId;
    const res = await this.env.call('ebook.bookmark_add', input);
    if (res.status === 0 && res.data) {
      const saved = serverMark(res.data);
      this.set({
        marks: this.state.marks
          .filter((m) => m.key !== client_id && m.id !== saved.id)
          .concat(saved)
          .sort(byPlace),
      });
      this.env.toast(t.markAdded);
      void this.cacheMarks();
    } else if (res.status === -1) {
      await enqueue(this.env, {
        kind: 'bookmark_add',
        ebook_id: Number(input.ebook_id),
        client_id,
        input,
        chapter_title: mark.chapterTitle,
        preview: mark.preview,
        fraction: mark.fraction,
      });
      this.set({ offline: true });
      this.scheduleRetry();
      this.env.toast(t.markAddedOffline);
    } else {
      this.set({ marks: this.state.marks.filter((m) => m.key !== client_id) });
      this.env.toast(res.msg);
    }
  }

  /** Removes a bookmark: gone from the list at once; a pending one is just taken out of the outbox. */
  async removeMark(mark: Mark): Promise<void> {
    const { ebookId } = this.state;
    this.set({ marks: this.state.marks.filter((m) => m.key !== mark.key) });
    if (mark.id === 0) {
      await unqueue(this.env, mark.clientId);
      this.env.toast(t.markRemoved);
      return;
    }
    const res = await this.env.call('ebook.bookmark_remove', { id: mark.id });
    if (res.status === 0 || res.code === CODE.notFound) {
      this.env.toast(t.markRemoved);
      void this.cacheMarks();
    } else if (res.status === -1) {
      const client_id = newClientId();
      await enqueue(this.env, { kind: 'bookmark_remove', ebook_id: ebookId, client_id, input: { id: mark.id } });
      this.set({ offline: true });
      this.scheduleRetry();
      this.env.toast(t.markRemovedOffline);
    } else {
      this.set({ marks: [...this.state.marks, mark].sort(byPlace) });
      this.env.toast(res.msg);
    }
  }

  /** The device's copy of the server's list follows what the server has (pending ones stay in the outbox). */
  private cacheMarks(): Promise<boolean> {
    const list: ServerBookmark[] = this.state.marks
      .filter((m) => !m.pending)
      .map((m) => ({
        id: m.id,
        ebook_id: this.state.ebookId,
        ebook_chapter_id: m.chapterId,
        chapter_title: m.chapterTitle,
        anchor_point: { chapter_id: m.chapterId, span: m.span, offset: m.offset, preview: m.preview, fraction: m.fraction },
        created_at: 0,
      }));
    return cacheBookmarks(this.env, this.state.ebookId, list);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Settings, download

  setSettings(change: Partial<ReaderSettings>): void {
    this.set({ settings: saveSettings(this.env.storage, this.state.settings, change) });
  }

  private async refreshCached(): Promise<void> {
    const { ebookId } = this.state;
    const ids = await cachedChapterIds(this.env, ebookId);
    if (ebookId === this.state.ebookId) this.set({ cached: ids });
  }

  private watchDownload(job: DownloadJob | null): void {
    this.unwatchDownload?.();
    this.unwatchDownload = null;
    this.set({ download: job?.progress ?? null });
    if (!job) return;
    this.unwatchDownload = job.subscribe((p) => {
      if (p.ebookId !== this.state.ebookId) return;
      this.set({ download: p });
      if (p.status !== 'running') {
        this.env.toast(p.message);
        void this.refreshCached();
      } else if (p.done > 0) void this.refreshCached();
    });
  }

  /** 下载离线阅读: every readable chapter onto the device, with the progress in the table of contents. */
  download(): void {
    const job = downloadBook(this.env, this.state.ebookId);
    this.watchDownload(job);
  }
}
