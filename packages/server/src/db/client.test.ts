import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { permissions } from '../modules/permissions/permission.table.ts';
import { bootstrap } from '../bootstrap/bootstrap.ts';
import { openMigratedPglite, openTestDatabase } from '../test/test-database.ts';
import { DataDirLockedError, openPglite } from './client.ts';

// Each case opens PGlite (WASM) two or three times; on a loaded machine that takes a while. The lock's
// cases start from the run's migrated database (a copy loads in a second or two); the reopen case
// starts from an empty folder, as `npm start` does the first time.
describe('embedded database folder', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-db-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second opener of the same folder while the first holds it', async () => {
    const dir = tempDir();
    const first = await openMigratedPglite(dir);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const again = await openPglite(dir);
    await again.close();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'facet.lock'), '999999999');
    const database = await openMigratedPglite(dir);
    expect(fs.readFileSync(path.join(dir, 'facet.lock'), 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(fs.existsSync(path.join(dir, 'facet.lock'))).toBe(false);
  });

  it('takes back its exit listener when closed, so a process that opens many folders keeps none', async () => {
    const before = process.listenerCount('exit');
    const database = await openMigratedPglite(tempDir());
    expect(process.listenerCount('exit')).toBe(before + 1);
    await database.close();
    expect(process.listenerCount('exit')).toBe(before);
  });

  it('keeps its data across a reopen, and bootstraps only once', async () => {
    const dir = tempDir();
    const config = { adminUsername: 'admin', adminPassword: 'admin-pass1', demoData: false };
    const first = await openPglite(dir);
    expect((await bootstrap(first.db, config)).created).toBe(true);
    await first.close();
    const second = await openPglite(dir);
    expect((await bootstrap(second.db, config)).created).toBe(false);
    const [row] = await second.db.select({ total: count() }).from(permissions);
    expect(row!.total).toBe(23);
    await second.close();
  });
});

// Only PostgreSQL has connections a server can end; PGlite lives in the process.
describe.runIf(process.env.TEST_DATABASE_URL?.startsWith('postgres'))('PostgreSQL pool', () => {
  it('carries on when the server ends its idle connections (a restart, an administrator)', async () => {
    const database = await openTestDatabase(inject('databaseTemplate'), 'migrated');
    try {
      await database.db.execute(sql`select 1`);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const { rows } = (await database.db.execute(sql`select current_database() as db`)) as unknown as { rows: { db: string }[] };
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [rows[0]!.db]);
      await admin.end();
      // The terminated client was idle in the pool: its error is heard, and the next query gets a new one.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const after = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      expect(after.rows[0]!.one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
