/** Pure rules of course progress (unit-tested in tests/unit/course-rules.test.ts). */

/** A video counts as watched when the furthest position is within 5 s of its end, or past 95 % of it. */
export function isVideoFinished(furthest: number, duration: number): boolean {
  if (duration <= 0) return furthest > 0;
  return furthest >= duration - 5 || furthest >= duration * 0.95;
}

export interface StoredProgress {
  position: number;
  furthest: number;
  learned_seconds: number;
  is_finish: number;
  /** Server seconds of the last report. */
  reported_at: number;
  /** Client ms of the last report that moved the position. */
  client_at: number;
}

export interface ProgressReport {
  /** Position in seconds, already clamped to [0, duration]. */
  position: number;
  /** Client ms of the report; absent: taken as in order. */
  at: number | undefined;
  /** Server seconds now. */
  now: number;
  duration: number;
}

/**
 * The next stored progress after a report:
 * - the furthest position never goes back;
 * - learning time grows by the distance played forward since the last report, but never by more than the wall-clock
 *   time that passed between the two reports (a client cannot claim minutes that have not passed; faster playback
 *   or a skip forward counts as the time spent);
 * - a report older (by the client's clock) than the last one that moved the position is late: it may still raise the
 *   furthest position, but moves neither the resume position nor the learning time.
 */
export function nextProgress(prev: StoredProgress | undefined, r: ProgressReport): StoredProgress {
  const pos = Math.max(0, Math.min(Math.floor(r.position), r.duration));
  if (!prev) {
    return {
      position: pos,
      furthest: pos,
      learned_seconds: 0,
      is_finish: isVideoFinished(pos, r.duration) ? 1 : 0,
      reported_at: r.now,
      client_at: r.at ?? 0,
    };
  }
  const inOrder = r.at === undefined || r.at >= prev.client_at;
  const furthest = Math.max(prev.furthest, pos);
  const finished = prev.is_finish === 1 || isVideoFinished(furthest, r.duration);
  if (!inOrder) return { ...prev, furthest, is_finish: finished ? 1 : 0 };
  const elapsed = Math.max(0, r.now - prev.reported_at);
  const gain = Math.min(Math.max(0, pos - prev.position), elapsed);
  return {
    position: pos,
    furthest,
    learned_seconds: prev.learned_seconds + gain,
    is_finish: finished ? 1 : 0,
    reported_at: Math.max(prev.reported_at, r.now),
    client_at: r.at ?? prev.client_at,
  };
}

/** Whole-course percent (0–100, integer) from finished and total videos. */
export function coursePercent(finished: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((finished / total) * 100));
}
