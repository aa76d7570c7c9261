/**
 * The ceiling of `scripts/bench-api.ts`: a bare Fastify hello-world (no hooks, no plugins, one route answering a
 * small JSON object) in its own process, so the benchmark measures what this machine, Node and Fastify can serve at
 * all next to the real server. Started by the benchmark through `fork`; sends `{url}` when listening and exits
 * on any message. Alone: `npx tsx scripts/bench-ceiling-server.ts` prints its URL.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
if (process.send) {
  process.send({ url });
  process.on('message', async () => {
    await app.close();
    process.exit(0);
  });
} else {
  console.log(url);
}
