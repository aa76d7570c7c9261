/**
 * WeChat credentials kept once for every app server (table wechat_credentials): a value is served until shortly
 * before it expires; then one caller at a time, across servers, refreshes it under a lease won by a conditional
 * update, while the others keep serving the old value (still valid) or wait briefly for the new one.
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/connect';

/** Refresh this long before WeChat's expiry (WeChat's values live 7200 s). */
export const REFRESH_MARGIN_SECONDS = 600;
/** How long one refresher may hold the lease (it lapses by itself if that server dies). */
const LEASE_SECONDS = 20;
const WAIT_STEP_MS = 100;
const WAIT_MAX_MS = 10000;

export interface Fetched {
  value: string;
  expiresIn: number;
}

export class CredentialCache {
  private readonly memory = new Map<string, { value: string; expiresAt: number }>();
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
  ) {}

  /** The current value of `key`, refreshed through `fetch` when missing or near its expiry. */
  async get(key: string, fetch: () => Promise<Fetched>): Promise<string> {
    const now = this.clock();
    const hot = this.memory.get(key);
    if (hot && hot.expiresAt - REFRESH_MARGIN_SECONDS > now) return hot.value;
    const k = this.db.kysely;
    await k
      .insertInto('wechat_credentials')
      .values({ key, value: '', expires_at: 0, lease_until: 0, lease_owner: '' })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const started = Date.now();
    for (;;) {
      const row = await k.selectFrom('wechat_credentials').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
      const t = this.clock();
      if (row.value && row.expires_at - REFRESH_MARGIN_SECONDS > t) return this.remember(key, row.value, row.expires_at);
      const owner = crypto.randomBytes(8).toString('hex');
      const won = await k
        .updateTable('wechat_credentials')
        .set({ lease_until: t + LEASE_SECONDS, lease_owner: owner })
        .where('key', '=', key)
        .where('lease_until', '<=', t)
        // Still stale: a refresher that finished between our read and this update leaves nothing to win.
        .where('expires_at', '<=', t + REFRESH_MARGIN_SECONDS)
        .executeTakeFirst();
      if (Number(won.numUpdatedRows) === 1) return this.refresh(key, owner, fetch);
      // Someone else refreshes: the old value still works until it really expires.
      if (row.value && row.expires_at > t) return row.value;
      if (Date.now() - started > WAIT_MAX_MS) throw new Error(`微信凭证 ${key} 刷新超时`);
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
    }
  }

  /**
   * Forgets `failed`, the value of `key` WeChat refused: the next get fetches a new one. Only that value is removed
   * (a conditional update): another server may already have stored a newer one, which must stay. The row itself
   * stays, as it holds the refresh lease.
   */
  async invalidate(key: string, failed: string): Promise<void> {
    if (this.memory.get(key)?.value === failed) this.memory.delete(key);
    await this.db.kysely
      .updateTable('wechat_credentials')
      .set({ value: '', expires_at: 0 })
      .where('key', '=', key)
      .where('value', '=', failed)
      .execute();
  }

  private async refresh(key: string, owner: string, fetch: () => Promise<Fetched>): Promise<string> {
    const k = this.db.kysely;
    try {
      const got = await fetch();
      const expiresAt = this.clock() + got.expiresIn;
      await k
        .updateTable('wechat_credentials')
        .set({ value: got.value, expires_at: expiresAt, lease_until: 0, lease_owner: '' })
        .where('key', '=', key)
        .where('lease_owner', '=', owner)
        .execute();
      return this.remember(key, got.value, expiresAt);
    } catch (e) {
      await k
        .updateTable('wechat_credentials')
        .set({ lease_until: 0, lease_owner: '' })
        .where('key', '=', key)
        .where('lease_owner', '=', owner)
        .execute();
      throw e;
    }
  }

  private remember(key: string, value: string, expiresAt: number): string {
    this.memory.set(key, { value, expiresAt });
    return value;
  }
}
