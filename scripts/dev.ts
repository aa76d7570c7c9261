import { spawn } from 'node:child_process';
import { createServer } from 'vite';

/**
 * `npm run dev`: the API server under `tsx watch` (restarts on change) on API_PORT (8081),
 * and Vite's dev server on PORT (8080) with hot reload, proxying API paths to it.
 */
async function main(): Promise<void> {
  const apiPort = process.env.API_PORT ?? '8081';
  const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, API_ONLY: '1', PORT: apiPort, API_PORT: apiPort },
  });
  const vite = await createServer({ configFile: 'vite.config.ts' });
  await vite.listen();
  vite.printUrls();
  const stop = async () => {
    api.kill('SIGTERM');
    await vite.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
