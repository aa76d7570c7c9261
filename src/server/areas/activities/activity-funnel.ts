/**
 * The funnel of one activity, from the ledger and the rows it keeps (never a second source of truth): visits
 * (distinct visitors a China day), shares (posters made), registrations (invites recorded), qualified invitees,
 * claims and revocations, and each prize's stock. `npm run activity -- stats <slug>` prints it.
 */
import type { Services } from '../../http/context';

export interface Funnel {
  slug: string;
  title: string;
  visits: number;
  shares: number;
  registrations: number;
  qualified: number;
  claims: number;
  revoked: number;
  prizes: { id: string; quantity: number; stockLeft: number }[];
}

export async function funnelOf(s: Pick<Services, 'db'>, slug: string): Promise<Funnel | null> {
  const db = s.db.kysely;
  const a = await db.selectFrom('activities').select(['id', 'slug', 'definition']).where('slug', '=', slug).executeTakeFirst();
  if (!a) return null;
  const events = await db
    .selectFrom('activity_events')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
    .where('activity_id', '=', a.id)
    .groupBy('kind')
    .execute();
  const n = (kind: string) => Number(events.find((e) => e.kind === kind)?.n ?? 0);
  const claims = await db
    .selectFrom('activity_claims')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('activity_id', '=', a.id)
    .executeTakeFirstOrThrow();
  const prizes = await db
    .selectFrom('activity_prizes')
    .select(['prize_id', 'quantity', 'stock_left'])
    .where('activity_id', '=', a.id)
    .orderBy('prize_id')
    .execute();
  const def = JSON.parse(a.definition) as { title?: string };
  return {
    slug: a.slug,
    title: def.title ?? a.slug,
    visits: n('visit'),
    shares: n('share'),
    registrations: n('invited'),
    qualified: n('qualified'),
    claims: Number(claims.n),
    revoked: n('revoked'),
    prizes: prizes.map((p) => ({ id: p.prize_id, quantity: p.quantity, stockLeft: p.stock_left })),
  };
}
