/**
 * The reader's coordinator, apart from React and the DOM so that it can be tested with a fake environment: the page
 * lifecycle, which chapter and place to open (the reading record, the device's own when offline), chapters from the
 * device first and the network after, locks, settings and the outbox. Bookmarks (bookmarks.ts), reading reports
 * (reading-report.ts) and the chapters kept on the device with their download (device-copies.ts) are parts it owns;
 * they reach the state through a ReaderHost. The view (EbookReader.tsx) lays the text out, applies `target` and tells
 * the controller the place it shows.
 */
import { i18n } from '../../i18n';
import { ebookReader } from '../../i18n/zh-CN/ebook-reader';
import { type CallReply, type Env, isMissing, userMessage } from '../../runtime/block-api';
import { defaultEvents, type PageEvents } from '../shared/page-events';
import { bookFraction } from './book-fraction';
import { Bookmarks } from './bookmarks';
import { refusedChapter } from './chapter-refusal';
import { DeviceCopies } from './device-copies';
import type { Place } from './layout';
import {
  type Chapter,
  cacheChapter,
  cacheDetail,
  cachedChapter,
  cachedDetail,
  type Detail,
  flushOutbox,
  forgetChapter,
  keepLocalPlace,
  localPlace,
} from './offline';
import type { Mark, ReaderHost, ReaderState } from './reader-state';
import { REPORT_INTERVAL_MS, ReadingReports } from './reading-report';
import { loadSettings, type ReaderSettings, saveSettings } from './settings';
import { neighbourChapter, startPlace } from './start-place';

const t = ebookReader;

/** While writes wait in the outbox, sending is retried this often (besides the `online` event). */
export const RETRY_MS = 20000;

export type { PageEvents };

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
  private readonly off: (() => void)[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private connected = false;
  private readonly marks: Bookmarks;
  private readonly reports: ReadingReports;
  private readonly copies: DeviceCopies;

  constructor(deps: ReaderDeps) {
    this.env = deps.env;
    this.events = deps.events ?? defaultEvents();
    this.now = deps.now ?? (() => Date.now());
    this.state = {
      ebookId: 0,
      phase: 'loading',
      message: '',
      missing: false,
      detail: null,
      chapterId: 0,
      chapterPhase: 'idle',
      chapterMessage: '',
      chapterMissing: false,
      content: null,
      target: null,
      place: null,
      settings: loadSettings(deps.env.storage),
      marks: [],
      offline: false,
      cached: [],
      download: null,
    };
    const host: ReaderHost = {
      env: this.env,
      get: () => this.state,
      set: (change) => this.set(change),
      kept: () => {
        this.set({ offline: true });
        this.scheduleRetry();
      },
    };
    this.marks = new Bookmarks(host);
    this.reports = new ReadingReports(host, this.now, this.visible());
    this.copies = new DeviceCopies(host);
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
    this.reports.restart(this.visible());
    const { doc, win } = this.events;
    const on = (target: EventTarget | null, type: string, fn: () => void) => {
      if (!target) return;
      target.addEventListener(type, fn);
      this.off.push(() => target.removeEventListener(type, fn));
    };
    on(doc, 'visibilitychange', () => {
      const visible = this.visible();
      if (!visible) this.report();
      this.reports.setVisible(visible);
    });
    on(win, 'pagehide', () => this.report());
    on(win, 'online', () => void this.flush());
    this.timer = setInterval(() => this.report(), REPORT_INTERVAL_MS);
    if (this.state.ebookId) this.copies.watch(this.state.ebookId);
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
    this.copies.stop();
  }

  // -------------------------------------------------------------------------------------------------------------
  // Opening a book and a chapter

  /** Opens a book: its detail (the device's copy when offline), bookmarks, then the chapter and place to start at. */
  async open(ebookId: number, chapterId = 0): Promise<void> {
    const seq = ++this.openSeq;
    if (ebookId <= 0) {
      this.set({ phase: 'error', message: i18n.loadError.notFound, missing: true });
      return;
    }
    if (ebookId !== this.state.ebookId) {
      this.set({ ebookId, phase: 'loading', message: '', missing: false, detail: null, content: null, marks: [], cached: [], place: null });
      this.copies.watch(ebookId);
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
      // A missing book is said in plain words (the server's message names the internal id): no 重试, a way back.
      this.set({ phase: 'error', message: userMessage(res), missing: isMissing(res.code) });
      return;
    }
    this.set({ phase: 'ready', detail });
    void this.marks.load();
    void this.copies.refresh();
    const start = this.startAt(detail, chapterId);
    if (start) await this.openChapter(start.chapterId, start.place);
    else this.set({ chapterPhase: 'error', chapterMessage: t.empty });
  }

  /**
   * Where to start: a place on the device not yet reported wins (it is newer than the server's record), then the
   * server's record, then the device's (offline); with `?chapter=` that chapter, at the record's place when it is in it.
   */
  startAt(detail: Detail, requested: number): { chapterId: number; place: Place } | null {
    return startPlace(detail, requested, localPlace(this.env.storage, detail.id), this.detailFresh);
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
    if (this.state.content && this.state.content.chapter.id !== chapterId) this.reports.report();
    this.set({ chapterId, chapterPhase: 'loading', chapterMessage: '', chapterMissing: false, content: null, target: null, place: null });
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
      void cacheChapter(this.env, fresh).then(() => this.copies.refresh());
      this.set({ offline: false });
      if (!cached) this.show(fresh, at);
      else if (JSON.stringify(cached.spans) !== JSON.stringify(fresh.spans)) this.show(fresh, this.state.place ?? at);
      this.prefetch(fresh.next_chapter_id);
      return;
    }
    const refused = refusedChapter(res, { copy: cached !== null, lockedInToc: this.tocEntry(chapterId)?.locked === 1 });
    // Refused: a copy kept on the device (e.g. while the user was a VIP) goes too.
    if (refused.forgetCopy) void forgetChapter(this.env, ebookId, chapterId).then(() => this.copies.refresh());
    this.set(refused.state);
  }

  /** Keeps the next chapter on the device too (read ahead), unless it is locked or already there. */
  private prefetch(chapterId: number): void {
    if (chapterId <= 0 || this.tocEntry(chapterId)?.locked !== 0 || this.state.cached.includes(chapterId)) return;
    const { ebookId } = this.state;
    void this.env.beacon('ebook.content', { id: ebookId, chapter: chapterId }).then((r) => {
      if (r.status === 0 && r.data) void cacheChapter(this.env, r.data).then(() => this.copies.refresh());
    });
  }

  /** The chapter before or after the current one (from the table of contents; the content's links otherwise). */
  neighbour(step: 1 | -1): number {
    return neighbourChapter(this.state.detail, this.state.content, this.state.chapterId, step);
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
      synced: this.reports.synced(c.chapter.id, place),
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
  // Reading reports and the outbox

  /** Reports the reading time and place now (reading-report.ts); the view calls it too. */
  report(): void {
    this.reports.report();
  }

  /** Sends what waits in the outbox; reloads the bookmarks when some of them went out. */
  async flush(): Promise<void> {
    const res = await flushOutbox(this.env);
    if (res.kept > 0) this.scheduleRetry();
    else if (res.sent.length > 0) this.set({ offline: false });
    const touched = [...res.sent, ...res.dropped].some((q) => q.item.kind !== 'read' && q.item.ebook_id === this.state.ebookId);
    if (touched) await this.marks.load();
  }

  private scheduleRetry(): void {
    if (!this.connected || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, RETRY_MS);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Bookmarks (bookmarks.ts), settings, download (device-copies.ts)

  loadMarks(): Promise<void> {
    return this.marks.load();
  }

  addMark(): Promise<void> {
    return this.marks.add();
  }

  removeMark(mark: Mark): Promise<void> {
    return this.marks.remove(mark);
  }

  setSettings(change: Partial<ReaderSettings>): void {
    this.set({ settings: saveSettings(this.env.storage, this.state.settings, change) });
  }

  /** 下载离线阅读: every readable chapter onto the device, with the progress in the table of contents. */
  download(): void {
    this.copies.download();
  }
}
