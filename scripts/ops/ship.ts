/**
 * Operator script: shipping of physical goods, on the app's database (DATABASE_URL, else the local SQLite
 * file in DATA_DIR), with the rules of src/server/areas/shipping/order-shipping.ts.
 *
 *   npx tsx scripts/ops/ship.ts list                                   paid physical items not shipped yet
 *   npx tsx scripts/ops/ship.ts ship <order_goods_id> <carrier> <tracking_no> [--add-parcel | --replace] [--by 名字]
 *   npx tsx scripts/ops/ship.ts carriers                               carrier codes and names
 *   npx tsx scripts/ops/ship.ts track <order_goods_id>                 an item's parcels, as last queried
 *
 * Exit codes: 0 done (shipping the same number again is a no-op), 1 refused (the reason is printed), 2 bad usage.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { TRACKING_STATE_LABELS } from '../../src/contract/shipping';
import { type ShipMode, shipItem, shipmentsOf, unshippedItems } from '../../src/server/areas/shipping/order-shipping';
import { parcelOf } from '../../src/server/areas/shipping/order-tracking';
import { loadConfig } from '../../src/server/config';
import { connect } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';
import { ApiError } from '../../src/server/http/errors';
import { CARRIERS } from '../../src/server/providers/tracking/carriers';

const USAGE = `用法 / usage:
  npx tsx scripts/ops/ship.ts list                         列出待发货的实物商品 (paid physical items not shipped yet)
  npx tsx scripts/ops/ship.ts ship <order_goods_id> <快递公司编码> <运单号> [--add-parcel | --replace] [--by 名字]
                                                           发货 (mark shipped); --add-parcel: 同一商品的另一个包裹;
                                                           --replace: 更正该商品唯一包裹的运单号
  npx tsx scripts/ops/ship.ts carriers                     快递公司编码 (carrier codes)
  npx tsx scripts/ops/ship.ts track <order_goods_id>       查看商品的包裹与最近一次查询到的物流 (parcels as last queried)`;

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(USAGE);
  process.exit(2);
}

/** Unix seconds → '2026-11-24 22:05' (China time). */
function chinaTime(seconds: number): string {
  if (!seconds) return '-';
  return new Date((seconds + 8 * 3600) * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

function idOf(raw: string | undefined): number {
  const n = Number(raw);
  if (!raw || !Number.isInteger(n) || n < 1 || n > 2147483647)
    usage(`order_goods_id 须为正整数 (must be a positive integer)，收到 "${raw ?? ''}"`);
  return n;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'add-parcel': { type: 'boolean', default: false },
      replace: { type: 'boolean', default: false },
      by: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...args] = positionals;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!command) usage();
  if (command === 'carriers') {
    if (args.length) usage('carriers 不带参数 (takes no arguments)');
    console.log('编码 (code)\t名称 (name)');
    for (const c of CARRIERS)
      console.log(`${c.code}\t${c.name}${c.needsPhone ? '\t（凭收件人手机号查询 / queried with the receiver’s mobile）' : ''}`);
    return;
  }
  if (!['list', 'ship', 'track'].includes(command)) usage(`未知命令 (unknown command) "${command}"`);
  if (command === 'list' && args.length) usage('list 不带参数 (takes no arguments)');
  if (command === 'ship' && args.length !== 3) usage('ship 需要 3 个参数 (needs 3 arguments): <order_goods_id> <carrier> <tracking_no>');
  if (command === 'track' && args.length !== 1) usage('track 需要 1 个参数 (needs 1 argument): <order_goods_id>');
  if (values['add-parcel'] && values.replace) usage('--add-parcel 与 --replace 只能选一个 (choose one)');
  if (command !== 'ship' && (values['add-parcel'] || values.replace || values.by !== undefined))
    usage('--add-parcel / --replace / --by 只用于 ship (only with ship)');
  const id = command === 'list' ? 0 : idOf(args[0]);

  const config = loadConfig(process.env);
  const db = connect({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  const s = { db, clock: () => Math.floor(Date.now() / 1000) };
  try {
    await migrateToLatest(db);
    if (command === 'list') {
      const items = await unshippedItems(s);
      if (items.length === 0) {
        console.log('没有待发货的实物商品 (nothing to ship)');
        return;
      }
      for (const i of items) {
        const r = i.receiver;
        console.log(
          [
            `#${i.order_goods_id}  订单 ${i.order_no}  支付于 ${chinaTime(i.paid_at)}`,
            `    ${i.name} ×${i.quantity}`,
            `    收件人 ${r ? `${r.name} ${r.mobile} ${r.full_address}` : '（无收货地址 / no address）'}`,
            ...(i.remark ? [`    备注 ${i.remark}`] : []),
          ].join('\n'),
        );
      }
      console.log(
        `共 ${items.length} 件待发货 (${items.length} to ship)；发货：npx tsx scripts/ops/ship.ts ship <order_goods_id> <carrier> <tracking_no>`,
      );
      return;
    }
    if (command === 'track') {
      const rows = await shipmentsOf(s, id);
      if (rows.length === 0) {
        console.log(`订单商品 ${id} 还没有包裹 (no parcel yet)`);
        return;
      }
      for (const row of rows) {
        const p = parcelOf(row);
        console.log(
          `${p.company} ${p.tracking_no}  ${TRACKING_STATE_LABELS[p.state_code]}  发货 ${chinaTime(p.shipped_at)}  查询 ${chinaTime(p.updated_at)}`,
        );
        if (row.query_error) console.log(`    最近一次查询失败 (last query failed): ${row.query_error}`);
        for (const e of p.events) console.log(`    ${chinaTime(e.time)}  ${e.text}`);
      }
      return;
    }
    const mode: ShipMode = values['add-parcel'] ? 'add' : values.replace ? 'replace' : 'ship';
    const by =
      values.by ??
      (() => {
        try {
          return os.userInfo().username;
        } catch {
          return '';
        }
      })();
    const r = await shipItem(s, { orderGoodsId: id, carrier: args[1] as string, trackingNo: args[2] as string, mode, by });
    const p = parcelOf(r.shipment);
    const what = `${p.company} ${p.tracking_no}`;
    if (r.outcome === 'unchanged')
      console.log(`订单商品 ${id} 已按 ${what} 发货，未作改动 (already shipped with this number; nothing changed)`);
    else if (r.outcome === 'replaced') console.log(`订单商品 ${id} 的运单号已更正为 ${what} (tracking number corrected)`);
    else console.log(`订单商品 ${id} 已发货：${what}（第 ${r.parcels} 个包裹）(shipped, parcel ${r.parcels})`);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    console.error(`拒绝 (refused): ${e.message}`);
    if (e.httpStatus === 409 && /已发货/.test(e.message))
      console.error('另一个包裹请加 --add-parcel；运单号填错请加 --replace (another parcel: --add-parcel; a wrong number: --replace)');
    process.exitCode = 1;
  } finally {
    await db.close();
  }
}

await main();
