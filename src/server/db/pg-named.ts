import crypto from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { ConnectionLease } from './pg-write-lease';

/** Statements worth preparing by name: plain DML (not DDL, whose plans a later schema change would invalidate). */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * A pg pool for Kysely whose queries run as named prepared statements (`{name, text, values}`): node-postgres
 * parses a name once per connection and then only binds and executes it, and PostgreSQL can keep the plan.
 * Names are derived from the SQL text; at most `maxNames` texts get one (the rest run unnamed), since each
 * connection keeps every statement it prepared. Writes to cached tables are acknowledged after the read lease
 * (pg-write-lease.ts).
 */
export function namedStatementPool(pool: pg.Pool, maxNames = 500): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    const known = names.get(sql);
    if (known !== undefined) return known;
    if (names.size >= maxNames || !NAMEABLE.test(sql)) return undefined;
    const name = `k${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    names.set(sql, name);
    return name;
  };
  const proxies = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let proxy = proxies.get(client);
      if (!proxy) {
        const lease = new ConnectionLease();
        proxy = {
          // biome-ignore lint/suspicious/noExplicitAny: both overloads of PostgresPoolClient.query pass through
          query: ((sqlOrCursor: any, parameters?: ReadonlyArray<unknown>) => {
            if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor);
            const sql: string = sqlOrCursor;
            const name = nameOf(sql);
            const values = parameters ? [...parameters] : [];
            return lease.run(sql, () => (name ? client.query({ name, text: sql, values }) : client.query(sql, values)));
          }) as PostgresPoolClient['query'],
          release: () => client.release(),
        };
        proxies.set(client, proxy);
      }
      return proxy;
    },
    end: () => pool.end(),
  };
}
