/**
 * Operator script: makes VIP redemption codes and stores them in the app's database (DATABASE_URL, else the local
 * SQLite file), then prints them, one per line, for the operator to hand out.
 *
 *   npm run vip-codes -- --type cet_vip --days 30 --count 100 --valid-days 180 --batch 2026-12-campus
 *
 * Codes are 12 characters from an alphabet without look-alikes (no 0/O, 1/I/L), random from node:crypto.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/server/config';
import { connect } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';
import { chunks } from '../../src/server/db/seed/batch';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function code(): string {
  let out = '';
  for (let i = 0; i < 12; i++) out += ALPHABET[crypto.randomInt(0, ALPHABET.length)];
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      type: { type: 'string' },
      days: { type: 'string' },
      count: { type: 'string', default: '10' },
      'valid-days': { type: 'string', default: '365' },
      batch: { type: 'string', default: '' },
    },
  });
  const days = Number(values.days);
  const count = Number(values.count);
  const valid = Number(values['valid-days']);
  if (
    !values.type ||
    !Number.isInteger(days) ||
    days < 1 ||
    !Number.isInteger(count) ||
    count < 1 ||
    count > 10000 ||
    !Number.isInteger(valid) ||
    valid < 1
  ) {
    console.error('用法：npm run vip-codes -- --type <会员类型> --days <天数> [--count 10] [--valid-days 365] [--batch 批次名]');
    process.exit(2);
  }
  const config = loadConfig(process.env);
  const db = connect({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(db);
    const type = await db.kysely.selectFrom('vip_types').select('key').where('key', '=', values.type).executeTakeFirst();
    if (!type) {
      const known = (await db.kysely.selectFrom('vip_types').select('key').execute()).map((t) => t.key);
      console.error(`未知会员类型 ${values.type}；可用：${known.join('、')}`);
      process.exit(2);
    }
    const now = Math.floor(Date.now() / 1000);
    const codes = new Set<string>();
    while (codes.size < count) codes.add(code());
    const rows = [...codes].map((c) => ({
      code: c,
      vip_type: values.type as string,
      days,
      expires_at: now + valid * 86400,
      used_by: null,
      used_at: null,
      batch: values.batch ?? '',
    }));
    await db.kysely.transaction().execute(async (trx) => {
      for (const batch of chunks(rows)) await trx.insertInto('vip_codes').values(batch).execute();
    });
    for (const r of rows) console.log(r.code);
    console.error(`已生成 ${rows.length} 个 ${values.type} 兑换码（${days} 天，${valid} 天内有效）`);
  } finally {
    await db.close();
  }
}

await main();
