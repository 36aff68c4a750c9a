import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_ARGS, serverEnv } from '../src/server-command.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** A process's memory now and its high-water mark (/proc VmRSS, VmHWM), in kB. */
export function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

export interface BenchServer {
  process: ChildProcess;
  pid: number;
  /** A request to the server, signed in as the admin. */
  api: (route: string, init?: RequestInit) => Promise<Response>;
  stop: () => Promise<void>;
}

/**
 * The server as `npm start` runs it (its V8 flags, no loader), on the bench's database, signed in as
 * the admin: a bench of memory measures the server's own process. BENCH_SERVER_FLAGS adds node flags
 * before the server's own (to compare, or --heapsnapshot-signal=SIGUSR2). Its log is `dataDir`/server.log.
 */
export async function startBenchServer(options: { databaseUrl: string; dataDir: string; adminPassword: string }): Promise<BenchServer> {
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  fs.mkdirSync(options.dataDir, { recursive: true });
  const log = path.join(options.dataDir, 'server.log');
  const server = spawn(process.execPath, [...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []), ...SERVER_NODE_ARGS], {
    cwd: REPO_ROOT,
    env: serverEnv({
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: path.join(options.dataDir, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: options.adminPassword,
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
    }),
    stdio: ['ignore', fs.openSync(log, 'a'), fs.openSync(log, 'a')],
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };
  try {
    for (let tries = 0; ; tries++) {
      if (server.exitCode !== null || tries > 600) throw new Error(`the server did not start: ${fs.readFileSync(log, 'utf8')}`);
      if (await fetch(`${base}/api/health`).then((response) => response.ok).catch(() => false)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: options.adminPassword }),
    });
    if (!login.ok) throw new Error(`the admin could not sign in: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((entry) => entry.split(';')[0]).join('; ');
    await new Promise((resolve) => setTimeout(resolve, 2000)); // let start-up's work settle
    return { process: server, pid: server.pid!, api: (route, init = {}) => fetch(`${base}${route}`, { ...init, headers: { cookie, ...init.headers } }), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
