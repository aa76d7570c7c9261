/**
 * The append-only ledger of each activity: every event has a dedupe key, so a retried request, a second server or a
 * replayed notification records it once. Dashboards, statistics and `rand_user` read it (and the claims): nothing is
 * counted twice and nothing is invented.
 */
import type { Services } from '../../http/context';

export type ActivityEventKind = 'visit' | 'share' | 'invited' | 'qualified' | 'claimed' | 'revoked' | 'refused';

export interface ActivityEvent {
  activityId: number;
  kind: ActivityEventKind;
  userId: number | null;
  subjectId?: number | null;
  /** Unique across the ledger, e.g. `claim:17` or `invite:3:41`. */
  dedupeKey: string;
  detail?: Record<string, unknown>;
}

/** Records the event unless its dedupe key is already in the ledger; true when this call recorded it. */
export async function recordEvent(s: Pick<Services, 'db' | 'clock'>, e: ActivityEvent): Promise<boolean> {
  const r = await s.db.kysely
    .insertInto('activity_events')
    .values({
      activity_id: e.activityId,
      kind: e.kind,
      user_id: e.userId,
      subject_id: e.subjectId ?? null,
      dedupe_key: e.dedupeKey,
      detail: JSON.stringify(e.detail ?? {}),
      created_at: s.clock(),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}
