/**
 * Reading time and place reports: seconds count only while the page is visible, and each report (time since the last
 * one and the place shown) goes through the outbox, so that a report made offline is sent later. The place is also
 * kept on the device, marked synced once the server has it, so that opening the book prefers a newer local place.
 */
import { newClientId } from '../../runtime/block-api';
import type { Place } from './layout';
import { keepLocalPlace, localPlace, queueAndSend } from './offline';
import type { ReaderHost } from './reader-state';

/** Reading time is reported every minute while the page is visible (and when it is hidden or left). */
export const REPORT_INTERVAL_MS = 60000;
/** The contract's MAX_READ_REPORT_SECONDS. */
export const MAX_REPORT_SECONDS = 600;

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

const placeKey = (chapterId: number, p: Place) => `${chapterId}:${p.span}:${p.offset}`;

export class ReadingReports {
  private clock: ReadingClock;
  /** The place of the last report, and whether the server has it. */
  private lastReported = '';
  private lastSynced = false;

  constructor(
    private readonly host: ReaderHost,
    private readonly now: () => number,
    visible: boolean,
  ) {
    this.clock = new ReadingClock(now, visible);
  }

  /** The reader comes on screen: time counts from now (while visible). */
  restart(visible: boolean): void {
    this.clock = new ReadingClock(this.now, visible);
  }

  setVisible(visible: boolean): void {
    this.clock.setVisible(visible);
  }

  /** The server has this place of the chapter (it was the last one reported, and that report went out). */
  synced(chapterId: number, place: Place): boolean {
    return placeKey(chapterId, place) === this.lastReported && this.lastSynced;
  }

  /**
   * Reports the reading time since the last report (only visible time counts) and the place, with the client's time
   * and a fresh client id. The report is written to the outbox and sent at once; offline it stays there.
   */
  report(): void {
    const { env } = this.host;
    const { content, place, ebookId, chapterPhase } = this.host.get();
    const secs = Math.min(MAX_REPORT_SECONDS, this.clock.take());
    if (!content || !place || chapterPhase !== 'ready') return;
    const key = placeKey(content.chapter.id, place);
    if (secs === 0 && key === this.lastReported) return;
    this.lastReported = key;
    this.lastSynced = false;
    const client_id = newClientId();
    const anchor_point = { chapter_id: content.chapter.id, span: place.span, offset: place.offset };
    const input = { ebook_id: ebookId, chapter_id: content.chapter.id, duration: secs, anchor_point, at: this.now(), client_id };
    void queueAndSend(env, { kind: 'read', ebook_id: ebookId, client_id, input }).then(({ verdict }) => {
      if (verdict === 'keep') {
        this.host.kept();
        return;
      }
      if (verdict === 'sent' && this.lastReported === key) {
        this.lastSynced = true;
        const local = localPlace(env.storage, ebookId);
        if (local && placeKey(local.chapter_id, local) === key) keepLocalPlace(env.storage, ebookId, { ...local, synced: true });
      }
    });
  }
}
