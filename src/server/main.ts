import { loadConfig } from './config';
import { startServer } from './start';

async function main(): Promise<void> {
  const config = loadConfig(process.env, process.env.API_ONLY ? { clientDir: undefined } : {});
  const started = await startServer(config);
  const where = config.databaseUrl ? 'PostgreSQL' : config.sqlitePath;
  console.log(`备考 beikao 已启动：${started.url}  （数据库：${where}）`);
  const stop = async () => {
    await started.close();
    process.exit(0);
  };
  // The page store logs the reload and each new refusal as JSON lines (page-configs-reloaded, page-config-refused).
  process.on('SIGHUP', () => started.reloadPages());
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
