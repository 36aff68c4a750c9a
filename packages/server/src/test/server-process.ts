import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SESSION_COOKIE } from '@facet/contract/modules/auth/auth.schema';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../db/client.ts';
import { openPglite, openPostgres } from '../db/client.ts';
import { ADMIN } from './test-database.ts';

/**
 * A real server process for the kill -9 tests (jobs/job-kill.test.ts, the product import's): started
 * with the same `--import tsx` loader as the tests and e2e, signed in over HTTP, stopped by a signal.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function startServer(env: Record<string, string>, logPath: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const log = fs.openSync(logPath, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: ADMIN.password, DEMO_DATA: '0', LOG_LEVEL: 'warn', JOB_BATCH_PAUSE_MS: '150' },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000; // a loaded 2-core machine (the whole suite beside it) has taken over 60 s
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${fs.readFileSync(logPath, 'utf8')}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }) });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`login failed: ${response.status}`);
  return cookie.split(';')[0]!;
}

export async function stopped(child: ChildProcess, signal: NodeJS.Signals) {
  const exit = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exit;
}


/**
 * The database of a kill test, a copy of the run's migrated, bootstrapped template: a PGlite data
 * folder under `dir`, or a database of its own on TEST_DATABASE_URL's server. `create` makes it and
 * answers the server's environment; `open` opens it from the test (PGlite: only while no server runs).
 */
export function killTestDatabase(dir: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const dbName = `facet_kill_${randomBytes(5).toString('hex')}`;
  const template = inject('databaseTemplate');
  const urlOf = () => {
    const url = new URL(serverUrl!);
    url.pathname = `/${dbName}`;
    return url.toString();
  };
  const withAdmin = async (query: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(query);
    } finally {
      await admin.end();
    }
  };
  return {
    async create(): Promise<Record<string, string>> {
      if (!serverUrl) return { DATABASE_URL: '', DATA_DIR: path.join(dir, 'data') };
      await withAdmin(template.kind === 'postgres' ? `create database ${dbName} template ${template.location}` : `create database ${dbName}`);
      return { DATABASE_URL: urlOf(), DATA_DIR: path.join(dir, 'data') };
    },
    /** The first open of the PGlite folder loads the template into it. */
    async open(fromTemplate = false): Promise<Database> {
      if (!serverUrl) {
        const dump = fromTemplate && template.kind === 'pglite' ? new Blob([fs.readFileSync(template.location)]) : undefined;
        return openPglite(path.join(dir, 'data'), { loadDataDir: dump });
      }
      return openPostgres(urlOf(), { poolSize: 2 });
    },
    async drop() {
      if (serverUrl) await withAdmin(`drop database if exists ${dbName} with (force)`);
    },
  };
}
