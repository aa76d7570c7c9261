/**
 * Operator script for activities, on the app's database (DATABASE_URL, else the local SQLite file):
 *
 *   npm run activity -- stats <slug>     the funnel from the event ledger: visits, shares, registrations,
 *                                        qualified invitees, claims, revocations, and each prize's stock left
 *
 * <slug> is the activity file's name in pages-config/_activities/ (without .json).
 */
import { funnelOf } from '../../src/server/areas/activities/activity-funnel';
import { loadConfig } from '../../src/server/config';
import { connect } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';

async function main(): Promise<void> {
  const [command, slug] = process.argv.slice(2);
  if (command !== 'stats' || !slug) {
    console.error('用法：npm run activity -- stats <活动文件名>');
    process.exit(2);
  }
  const config = loadConfig(process.env);
  const db = connect({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(db);
    const f = await funnelOf({ db }, slug);
    if (!f) {
      console.error(`没有活动 ${slug}（服务器加载过的活动文件才有记录）`);
      process.exit(1);
    }
    const rows: [string, number][] = [
      ['访问（人·天）', f.visits],
      ['分享（海报）', f.shares],
      ['注册（邀请记录）', f.registrations],
      ['有效好友', f.qualified],
      ['领取', f.claims],
      ['收回', f.revoked],
    ];
    console.log(`${f.title}（${f.slug}）`);
    for (const [label, value] of rows) console.log(`  ${label.padEnd(10, '　')} ${value}`);
    for (const p of f.prizes) console.log(`  奖品 ${p.id}：共 ${p.quantity}，剩余 ${p.stockLeft}`);
  } finally {
    await db.close();
  }
}

void main();
