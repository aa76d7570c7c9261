/**
 * The contract fuzzer for longer runs (npm run fuzz). Same checks as tests/api/fuzz-endpoints.test.ts, with more
 * cases and a random or given seed:
 *
 *   FUZZ_SEED=123 FUZZ_RUNS=500 npx tsx scripts/fuzz.ts
 *
 * FUZZ_SEED   seed (default: random, printed so a failure can be replayed)
 * FUZZ_RUNS   cases per endpoint (default 200)
 * FUZZ_ONLY   only endpoints whose id contains this text (comma-separated list allowed)
 * FUZZ_DB     sqlite (default) or postgres (needs TEST_DATABASE_URL); `both` runs one after the other
 * FUZZ_TRACE  1: print every request before it is sent
 * Exits 1 when any rule was broken, listing each failure with its request and reply.
 */
import { allEndpoints } from '../src/contract';
import { fuzzEndpoints } from '../tests/support/fuzz/run';
import { type DbKind, startTestServer } from '../tests/support/test-server';

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const runs = Number(process.env.FUZZ_RUNS ?? 200);
const only = (process.env.FUZZ_ONLY ?? '').split(',').filter(Boolean);
const endpoints = only.length ? allEndpoints.filter((e) => only.some((o) => e.id.includes(o))) : allEndpoints;
const dbs: DbKind[] =
  process.env.FUZZ_DB === 'both' ? ['sqlite', 'postgres'] : process.env.FUZZ_DB === 'postgres' ? ['postgres'] : ['sqlite'];

let failed = false;
for (const kind of dbs) {
  console.log(`fuzz: ${kind}, seed ${seed}, ${runs} cases for each of ${endpoints.length} endpoints`);
  const s = await startTestServer(kind);
  try {
    const { failures, stats } = await fuzzEndpoints(s, {
      seed,
      runs,
      endpoints,
      maxFailures: 200,
      progress: (line) => console.log(`  ${line}`),
      trace: process.env.FUZZ_TRACE === '1',
    });
    for (const f of failures) console.log(`\nFAIL ${f.endpoint}: ${f.problem}\n  request: ${f.request}\n  reply:   ${f.reply}`);
    console.log(
      `\n${kind}: ${stats.requests} requests to ${stats.endpoints} endpoints in ${(stats.ms / 1000).toFixed(1)} s, ` +
        `${stats.fullChecksums} full table checksums, ${failures.length} failures`,
    );
    console.log(`replies (HTTP/code): ${JSON.stringify(stats.byCode)}`);
    const never = Object.entries(stats.okByEndpoint)
      .filter(([, n]) => n === 0)
      .map(([id]) => id);
    if (never.length) console.log(`never answered with success (only refusals reached): ${never.join(', ')}`);
    if (failures.length) failed = true;
  } finally {
    await s.close();
  }
}
if (failed) console.log(`\nreplay with FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`);
process.exit(failed ? 1 : 0);
