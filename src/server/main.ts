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
  process.on('SIGHUP', () => {
    const problems = started.reloadPages();
    console.log(`页面配置已重新加载（${problems.length} 个问题）`);
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
