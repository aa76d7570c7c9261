/**
 * 下载离线阅读: saves every chapter of a book the user may read on the device (env.offline), one at a time, skipping
 * locked chapters. One job per book at a time; the reader's table of contents and the downloadEbook action's panel
 * both watch the same job.
 */
import { CODE } from '../../contract/envelope';
import { i18n } from '../../i18n';
import { ebookReader } from '../../i18n/zh-CN/ebook-reader';
import type { Env } from '../../runtime/block-api';
import { cacheChapter, cacheDetail, type Detail } from './offline';

const t = ebookReader;

export interface DownloadProgress {
  ebookId: number;
  status: 'running' | 'done' | 'failed';
  /** Chapters saved so far. */
  done: number;
  /** Chapters to save (the readable ones). */
  total: number;
  /** Locked chapters left out. */
  skipped: number;
  /** The result in words (done or failed). */
  message: string;
}

type Listener = (p: DownloadProgress) => void;

export class DownloadJob {
  progress: DownloadProgress;
  readonly done: Promise<DownloadProgress>;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly env: Env,
    readonly ebookId: number,
  ) {
    this.progress = { ebookId, status: 'running', done: 0, total: 0, skipped: 0, message: '' };
    this.done = this.run();
  }

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private set(change: Partial<DownloadProgress>): void {
    this.progress = { ...this.progress, ...change };
    for (const fn of this.listeners) fn(this.progress);
  }

  private async run(): Promise<DownloadProgress> {
    const { env, ebookId } = this;
    // Background requests (beacon): no loading overlay over the reader while the chapters arrive.
    const res = await env.beacon('ebook.detail', { id: ebookId });
    if (res.status !== 0 || !res.data) {
      this.set({ status: 'failed', message: res.status === -1 ? i18n.network.failed : res.msg });
      return this.progress;
    }
    const detail: Detail = res.data;
    await cacheDetail(env, detail);
    const readable = detail.chapters.filter((c) => c.locked === 0);
    this.set({ total: readable.length, skipped: detail.chapters.length - readable.length });
    if (readable.length === 0) {
      this.set({ status: 'failed', message: t.downloadNone });
      return this.progress;
    }
    for (const c of readable) {
      const r = await env.beacon('ebook.content', { id: ebookId, chapter: c.id });
      if (r.status === 0 && r.data) {
        await cacheChapter(env, r.data);
        this.set({ done: this.progress.done + 1 });
      } else if (r.code === CODE.forbidden) {
        this.set({ total: this.progress.total - 1, skipped: this.progress.skipped + 1 });
      } else {
        const { done, total } = this.progress;
        this.set({ status: 'failed', message: r.status === -1 ? t.downloadFailed(done, total) : r.msg });
        return this.progress;
      }
    }
    this.set({ status: 'done', message: t.downloadDone(this.progress.done, this.progress.skipped) });
    return this.progress;
  }
}

const jobs = new Map<number, DownloadJob>();

/** The running download of a book, or a new one. */
export function downloadBook(env: Env, ebookId: number): DownloadJob {
  const running = jobs.get(ebookId);
  if (running && running.progress.status === 'running') return running;
  const job = new DownloadJob(env, ebookId);
  jobs.set(ebookId, job);
  return job;
}

/** The book's download if one ran in this session (its last progress stays readable). */
export function downloadOf(ebookId: number): DownloadJob | undefined {
  return jobs.get(ebookId);
}
