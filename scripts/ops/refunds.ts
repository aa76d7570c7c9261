/**
 * Operator script: the refund requests of the app's database (DATABASE_URL, else the local SQLite file), and what an
 * operator does with them (areas/refunds/order-refund.ts does the work; the rules are in docs/areas/refunds.md).
 *
 *   npm run refunds -- list [pending_review|processing|succeeded|rejected|failed]
 *   npm run refunds -- approve <id> [note]     send a request waiting for review to WeChat Pay
 *   npm run refunds -- reject <id> <note>      refuse it; the learner reads the note (退款被拒绝：note)
 *   npm run refunds -- retry <id>              a request still 退款中: ask WeChat Pay and settle, or re-send it
 *                                              under the same refund number (WeChat Pay refunds it once)
 *
 * WeChat Pay is reached as the server reaches it (PAY_PROVIDER and its settings). With the offline sandbox
 * (the default) the sandbox lives in the running app server: `--server http://127.0.0.1:3000` names it (default:
 * this host on PORT).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { REFUND_STATUS_LABELS, REFUND_STATUSES, type RefundStatus } from '../../src/contract/refunds';
import { approveRefund, listRefunds, rejectRefund, retryRefund } from '../../src/server/areas/refunds/refund-review';
import { HOLD_REASONS, type RefundRow, type RefundServices } from '../../src/server/areas/refunds/refund-rows';
import { loadConfig } from '../../src/server/config';
import { connect } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createPayProvider, type PayProvider } from '../../src/server/providers/pay';

const USAGE = [
  '用法：npm run refunds -- list [状态]',
  '      npm run refunds -- approve <id> [备注]',
  '      npm run refunds -- reject <id> <拒绝原因>',
  '      npm run refunds -- retry <id>',
  `状态：${REFUND_STATUSES.join('、')}；选项 --server <应用服务器地址>（沙箱模式）`,
].join('\n');

const yuan = (fen: number) => (fen / 100).toFixed(2);
const time = (s: number | null) => (s ? new Date(s * 1000).toISOString().replace('T', ' ').slice(0, 16) : '-');

function describe(r: RefundRow): string {
  const label = REFUND_STATUS_LABELS[r.status as RefundStatus] ?? r.status;
  const extra = [
    r.refund_id && `微信退款单 ${r.refund_id}`,
    r.last_error && `提示：${r.last_error}`,
    r.operator_note && `备注：${r.operator_note}`,
  ]
    .filter(Boolean)
    .join('；');
  return `#${r.id} ${label} ¥${yuan(r.amount)} 退款单号 ${r.out_refund_no}${extra ? `（${extra}）` : ''}`;
}

/** Runs one command; returns the exit code. Output goes through `out` (stdout) and `err` (stderr). */
export async function refundsCommand(
  s: RefundServices,
  argv: readonly string[],
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const [command, idText, ...rest] = argv;
  const id = Number(idText);
  const needId = () => {
    if (!Number.isInteger(id) || id < 1) {
      err(USAGE);
      return false;
    }
    return true;
  };
  try {
    if (command === 'list') {
      if (idText && !REFUND_STATUSES.includes(idText as RefundStatus)) {
        err(USAGE);
        return 2;
      }
      const rows = await listRefunds(s, idText);
      for (const r of rows) {
        const label = REFUND_STATUS_LABELS[r.status as RefundStatus] ?? r.status;
        const hold = r.hold_reason ? ` 需审核：${HOLD_REASONS[r.hold_reason] ?? r.hold_reason}` : '';
        const tail = [r.last_error && `提示：${r.last_error}`, r.operator_note && `备注：${r.operator_note}`].filter(Boolean).join('；');
        out(
          `#${r.id}\t${label}\t¥${yuan(r.amount)}\t${r.kind} ${r.name}\t订单 ${r.order_no}（支付 ${time(r.paid_at)}）\t用户 ${r.user_id}\t申请 ${time(r.created_at)}\t原因：${r.reason}${hold}${tail ? `\t${tail}` : ''}`,
        );
      }
      err(`共 ${rows.length} 条${idText ? `（${REFUND_STATUS_LABELS[idText as RefundStatus]}）` : ''}`);
      return 0;
    }
    if (command === 'approve') {
      if (!needId()) return 2;
      out(describe(await approveRefund(s, id, rest.join(' '))));
      return 0;
    }
    if (command === 'reject') {
      if (!needId() || rest.join(' ').trim() === '') {
        err(USAGE);
        return 2;
      }
      out(describe(await rejectRefund(s, id, rest.join(' '))));
      return 0;
    }
    if (command === 'retry') {
      if (!needId()) return 2;
      out(describe(await retryRefund(s, id)));
      return 0;
    }
  } catch (e) {
    err(e instanceof Error ? e.message : String(e));
    return 1;
  }
  err(USAGE);
  return 2;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { server: { type: 'string' } }, allowPositionals: true });
  const config = loadConfig(process.env);
  const db = connect({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  const clock = () => Math.floor(Date.now() / 1000);
  const server = (values.server ?? `http://127.0.0.1:${config.port}`).replace(/\/$/, '');
  let provider: Promise<PayProvider> | null = null;
  const s: RefundServices = {
    db,
    config,
    clock,
    providers: { pay: () => (provider ??= createPayProvider(config, db, clock, () => server)) },
  };
  try {
    await migrateToLatest(db);
    process.exitCode = await refundsCommand(
      s,
      positionals,
      (l) => console.log(l),
      (l) => console.error(l),
    );
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
