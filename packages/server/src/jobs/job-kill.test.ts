import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { SESSION_COOKIE } from '@facet/contract/modules/auth/auth.schema';
import type { Database } from '../db/client.ts';
import { openPglite, openPostgres } from '../db/client.ts';

/**
 * kill -9 in the middle of a big bulk job: a real server process (the same `--import tsx` loader as
 * the tests and e2e) is SIGKILLed while the job runs; after a restart the shipping rates are exactly
 * as before, nothing is left staged, and the job shows failed. PGlite (a data folder), and PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
const ROWS = 20_000;
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const ADMIN_PASSWORD = 'kill-test-pass1';
const serverUrl = process.env.TEST_DATABASE_URL;

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
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD, DEMO_DATA: '0', LOG_LEVEL: 'warn', JOB_BATCH_PAUSE_MS: '150' },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${fs.readFileSync(logPath, 'utf8')}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`login failed: ${response.status}`);
  return cookie.split(';')[0]!;
}

async function stopped(child: ChildProcess, signal: NodeJS.Signals) {
  const exit = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exit;
}

/** Every shipping rate's visible state, as one fingerprint. */
async function fingerprint(database: Database): Promise<string> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n, md5(string_agg(id || ':' || status || ':' || version || ':' || updated_at, ',' order by id)) as h from shipping_rates`,
  )) as unknown as { rows: { n: number; h: string }[] };
  return `${result.rows[0]!.n}/${result.rows[0]!.h}`;
}

async function counts(database: Database) {
  const result = (await database.db.execute(
    sql`select (select count(*)::int from job_staging) as staged, (select count(*)::int from shipping_rates where not status) as inactive`,
  )) as unknown as { rows: { staged: number; inactive: number }[] };
  return result.rows[0]!;
}

describe(`kill -9 during a bulk job (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-kill-'));
  const logPath = path.join(dir, 'server.log');
  const dbName = `facet_kill_${randomBytes(5).toString('hex')}`;
  let env: Record<string, string>;
  let child: ChildProcess | undefined;

  async function open(): Promise<Database> {
    if (!serverUrl) return openPglite(path.join(dir, 'data'));
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    return openPostgres(url.toString(), { poolSize: 2 });
  }

  afterAll(async () => {
    if (child && child.exitCode === null) await stopped(child, 'SIGKILL');
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the table exactly as before and the job failed', { timeout: 240_000 }, async () => {
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${dbName}`;
      env = { DATABASE_URL: url.toString(), DATA_DIR: path.join(dir, 'data') };
    } else {
      env = { DATABASE_URL: '', DATA_DIR: path.join(dir, 'data') };
    }
    // The big table, written before the server starts (PGlite's folder takes one process at a time).
    let database = await open();
    await database.db.execute(sql`insert into shipping_rates (name, rate, min_free_shipping_amount) select 'Zone ' || g, 5, 50 from generate_series(1, ${ROWS}) g`);
    const before = await fingerprint(database);
    await database.close();

    const server = await startServer(env, logPath);
    child = server.child;
    const cookie = await login(server.base);
    const started = await fetch(`${server.base}/api/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ kind: 'shipping-rates.set-status', params: { status: false } }),
    });
    expect(started.status).toBe(201);
    const { id } = (await started.json()) as JobRecord;
    // Kill it once some batches are staged and before the end: mid-way.
    let seen: JobRecord | undefined;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
      seen = (await (await fetch(`${server.base}/api/jobs/${id}`, { headers: { cookie } })).json()) as JobRecord;
      if (seen.status === 'running' && seen.progressDone > 0) break;
      if (seen.status !== 'queued' && seen.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await stopped(child, 'SIGKILL');
    expect(seen).toMatchObject({ status: 'running' });
    expect(seen!.progressDone).toBeLessThan(ROWS);

    // Restart: the run is swept (PGlite at once; PostgreSQL once its heartbeat is stale).
    const again = await startServer(env, logPath);
    child = again.child;
    const cookie2 = await login(again.base);
    let after: JobRecord | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      after = (await (await fetch(`${again.base}/api/jobs/${id}`, { headers: { cookie: cookie2 } })).json()) as JobRecord;
      if (after.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(after).toMatchObject({ status: 'failed' });
    expect(after!.error).toMatch(/Interrupted/);
    await stopped(child, 'SIGTERM');

    database = await open();
    try {
      expect(await fingerprint(database)).toBe(before);
      expect(await counts(database)).toEqual({ staged: 0, inactive: 0 });
    } finally {
      await database.close();
    }
  });
});
