import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE } from '@facet/contract/modules/auth/auth.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import type { Database } from '../db/client.ts';
import { SERVER_NODE_ARGS, serverEnv } from '../server-command.ts';
import { openPglite, openPostgres } from '../db/client.ts';
import { ADMIN } from './test-database.ts';

/**
 * A real server process for the kill -9 tests (jobs/job-kill.test.ts, the product import's): started
 * as `npm start` starts it (SERVER_NODE_ARGS, as e2e does), signed in over HTTP, stopped by a signal.
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

async function startServer(env: Record<string, string>, logPath: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const log = fs.openSync(logPath, 'a');
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS], {
    cwd: REPO_ROOT,
    env: serverEnv({ ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: ADMIN.password, DEMO_DATA: '0', LOG_LEVEL: 'warn', JOB_BATCH_PAUSE_MS: '150' }),
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

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }) });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`login failed: ${response.status}`);
  return cookie.split(';')[0]!;
}

async function stopped(child: ChildProcess, signal: NodeJS.Signals) {
  const exit = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exit;
}


/**
 * The database of a kill test, a copy of the run's migrated, bootstrapped template: a PGlite data
 * folder under `dir`, or a database of its own on TEST_DATABASE_URL's server. `create` makes it and
 * answers the server's environment; `open` opens it from the test (PGlite: only while no server runs).
 */
function killTestDatabase(dir: string) {
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

/**
 * The whole fixture of a kill test: a folder, a database copied from the run's template
 * (`killTestDatabase`) and the server process, all removed after the file (a server still running is
 * killed). `start` runs the server on the database and signs in; `stop` ends it with a signal.
 */
export function useKillTest(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `facet-${name}-`));
  const logPath = path.join(dir, 'server.log');
  const database = killTestDatabase(dir);
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) await stopped(child, 'SIGKILL');
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    database,
    async start(env: Record<string, string>): Promise<{ base: string; cookie: string }> {
      const server = await startServer(env, logPath);
      child = server.child;
      return { base: server.base, cookie: await login(server.base) };
    },
    stop: (signal: NodeJS.Signals) => stopped(child!, signal),
  };
}

/** Reads `read` every `everyMs` until `done` holds of its answer or `timeoutMs` has passed; answers the last read. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, { timeoutMs, everyMs }: { timeoutMs: number; everyMs: number }): Promise<T> {
  let value = await read();
  for (const deadline = Date.now() + timeoutMs; !done(value) && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    value = await read();
  }
  return value;
}

/** A job as the Job Centre's API shows it. */
export async function jobOf(base: string, cookie: string, id: number): Promise<JobRecord> {
  return (await (await fetch(`${base}/api/jobs/${id}`, { headers: { cookie } })).json()) as JobRecord;
}

/** Polls a job every 20 ms until it is mid-way (running with some progress) or has ended; answers what was seen last. */
export function jobMidWay(base: string, cookie: string, id: number): Promise<JobRecord> {
  return pollUntil(
    () => jobOf(base, cookie, id),
    (job) => (job.status === 'running' && job.progressDone > 0) || (job.status !== 'queued' && job.status !== 'running'),
    { timeoutMs: 120_000, everyMs: 20 },
  );
}
