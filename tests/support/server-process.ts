import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

/**
 * The real server (`src/server/main.ts`) in a child process, as an operator starts it: configured by environment
 * variables only, its stdout and stderr kept line by line (the pino JSON log and the start banner).
 */
export interface ServerProcess {
  url: string;
  pid: number;
  /** Every line the process wrote so far (stdout and stderr). */
  lines: string[];
  /** Resolves with the first line (already written or still to come) that matches. */
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** The JSON log records written so far (lines that are not JSON are skipped). */
  records(): Array<Record<string, unknown>>;
  /** Sends a signal and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Production mode with throwaway secrets (the server refuses to start without them), as a staging server: on the
 * offline sandboxes (ALLOW_SANDBOXES=1) with the dev inbox (DEV_TOOLS=1), since no real carrier or WeChat Pay is here.
 */
export function productionEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    ALLOW_SANDBOXES: '1',
    DEV_TOOLS: '1',
    VOD_KEY: crypto.randomBytes(16).toString('hex'),
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    SIGN_KEY: crypto.randomBytes(16).toString('hex'),
    ENCRYPT_KEY: crypto.randomBytes(16).toString('hex'),
    ALTCHA_HMAC_KEY: crypto.randomBytes(32).toString('hex'),
    PUBLIC_ORIGINS: 'http://127.0.0.1',
  };
}

/** Starts `src/server/main.ts` (API only, port chosen by the system) with only the given variables set. */
export async function spawnServer(env: Record<string, string>, startTimeoutMs = 60000): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
    // SMS_CHALLENGE_AFTER=0: these tests log several users in from loopback and are not about the SMS limits.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      API_ONLY: '1',
      PORT: '0',
      HOST: '127.0.0.1',
      SMS_CHALLENGE_AFTER: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<{ match: (l: string) => boolean; resolve: (l: string) => void }>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const take = (stream: NodeJS.ReadableStream | null) => {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        for (const w of [...waiters]) {
          if (!w.match(line)) continue;
          waiters.delete(w);
          w.resolve(line);
        }
      }
    });
  };
  take(child.stdout);
  take(child.stderr);
  const waitForLine = (match: (line: string) => boolean, timeoutMs = 10000) =>
    new Promise<string>((resolve, reject) => {
      const hit = lines.find(match);
      if (hit !== undefined) return resolve(hit);
      const w = {
        match,
        resolve: (l: string) => {
          clearTimeout(timer);
          resolve(l);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(w);
        reject(new Error(`no matching line within ${timeoutMs} ms; the server wrote:\n${lines.slice(-20).join('\n')}`));
      }, timeoutMs);
      waiters.add(w);
    });
  const started = waitForLine((l) => /已启动：http:\/\//.test(l), startTimeoutMs);
  const failed = exited.then(() => {
    throw new Error(`server exited before it started:\n${lines.join('\n')}`);
  });
  const banner = await Promise.race([started, failed]);
  const url = /http:\/\/[0-9.]+:\d+/.exec(banner)?.[0] ?? '';
  return {
    url,
    pid: child.pid ?? 0,
    lines,
    waitForLine,
    records: () =>
      lines.flatMap((l) => {
        if (!l.startsWith('{')) return [];
        try {
          return [JSON.parse(l) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A fresh PostgreSQL schema and a DATABASE_URL that selects it (search_path), dropped by `drop()`. */
export async function freshPgSchema(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const run = async (query: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(query);
    await c.end();
  };
  await run(`CREATE SCHEMA ${schema}`);
  const url = new URL(adminUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => run(`DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
}
