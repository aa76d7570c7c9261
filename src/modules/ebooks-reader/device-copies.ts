/**
 * Which of the book's chapters are kept on the device, and the 下载离线阅读 job that keeps them all: its progress is
 * shown in the table of contents and the list of kept chapters follows it. A download outlives the reader (it goes on
 * when the page is left), so the reader watches the book's job, if any, whenever it comes on screen.
 */
import { type DownloadJob, downloadBook, downloadOf } from './download';
import { cachedChapterIds } from './offline';
import type { ReaderHost } from './reader-state';

export class DeviceCopies {
  private unwatch: (() => void) | null = null;

  constructor(private readonly host: ReaderHost) {}

  /** Reads again which chapters of the book are on the device. */
  async refresh(): Promise<void> {
    const { ebookId } = this.host.get();
    const ids = await cachedChapterIds(this.host.env, ebookId);
    if (ebookId === this.host.get().ebookId) this.host.set({ cached: ids });
  }

  /** Follows the running download of a book (none: no progress shown). */
  watch(ebookId: number): void {
    this.follow(downloadOf(ebookId) ?? null);
  }

  /** Starts (or joins) the download of the open book. */
  download(): void {
    this.follow(downloadBook(this.host.env, this.host.get().ebookId));
  }

  stop(): void {
    this.unwatch?.();
    this.unwatch = null;
  }

  private follow(job: DownloadJob | null): void {
    this.stop();
    this.host.set({ download: job?.progress ?? null });
    if (!job) return;
    this.unwatch = job.subscribe((p) => {
      if (p.ebookId !== this.host.get().ebookId) return;
      this.host.set({ download: p });
      if (p.status !== 'running') {
        this.host.env.toast(p.message);
        void this.refresh();
      } else if (p.done > 0) void this.refresh();
    });
  }
}
