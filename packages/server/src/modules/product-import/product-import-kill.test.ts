import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import type { ImportCheckResponse } from '@facet/contract/modules/product-import/product-import.schema';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { xlsxFile } from '../../spreadsheets/test-sheets.ts';
import { killTestDatabase, login, startServer, stopped } from '../../test/server-process.ts';

/**
 * kill -9 of the server while an import applies (issue 11): after a restart the catalogue is exactly
 * as before (the apply is one transaction) and the job shows failed; its retry then imports the
 * whole sheet. The job-kill pattern of jobs/job-kill.test.ts, on PGlite or TEST_DATABASE_URL.
 */
const PRODUCTS = 1_500;
const METALS = ['9ct Yellow Gold', '9ct White Gold', '18ct Yellow Gold', '18ct White Gold', 'Platinum'];

/** Everything an import writes, as one fingerprint. */
async function catalogue(database: Database): Promise<string> {
  const result = (await database.db.execute(sql`
    select (select count(*) from products)::int as n,
      (select md5(coalesce(string_agg(id || ':' || sku || ':' || version || ':' || updated_at, ',' order by id), '')) from products) as h,
      (select count(*) from product_attribute_values)::int as v, (select count(*) from product_categories)::int as c`)) as unknown as { rows: Record<string, unknown>[] };
  return JSON.stringify(result.rows[0]);
}

async function jobOf(base: string, cookie: string, id: number): Promise<JobRecord> {
  return (await (await fetch(`${base}/api/jobs/${id}`, { headers: { cookie } })).json()) as JobRecord;
}

describe(`kill -9 during a product import (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-import-kill-'));
  const logPath = path.join(dir, 'server.log');
  const database = killTestDatabase(dir);
  let child: ChildProcess | undefined;

  afterAll(async () => {
    if (child && child.exitCode === null) await stopped(child, 'SIGKILL');
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the catalogue as before, the job failed, and its retry imports everything', { timeout: 600_000 }, async () => {
    const env = await database.create();
    let db = await database.open(true);
    await db.db.execute(sql`insert into attribute_sets (name) values ('Rings')`);
    await db.db.execute(sql`insert into categories (name, title, slug, parent_id) values ('Rings', 'Rings', 'rings', 1)`);
    const before = await catalogue(db);
    await db.close();

    const rows: (string | number)[][] = [['sku', 'parent_sku', 'product_title', 'attribute_set', 'category', 'price', 'option1_name', 'option1_value']];
    for (let p = 1; p <= PRODUCTS; p++) {
      rows.push([`KILL-${p}`, '', `Kill Ring ${p}`, 'Rings', 'Rings', 500]);
      for (const [v, metal] of METALS.entries()) rows.push([`KILL-${p}-${v}`, `KILL-${p}`, '', '', '', 500 + v, 'metal', metal]);
    }
    const bytes = await xlsxFile(rows);

    const server = await startServer(env, logPath);
    child = server.child;
    const cookie = await login(server.base);
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(bytes)]), 'kill.xlsx');
    const checked = await fetch(`${server.base}/api/products/import/check`, { method: 'POST', headers: { cookie }, body });
    expect(checked.status, await checked.clone().text()).toBe(200);
    const check = (await checked.json()) as ImportCheckResponse;
    expect(check).toMatchObject({ lineErrorCount: 0, products: { create: PRODUCTS }, variants: { create: PRODUCTS * METALS.length } });
    const applied = await fetch(`${server.base}/api/products/import/apply`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ token: check.token }) });
    expect(applied.status).toBe(202);
    const { jobId } = (await applied.json()) as { jobId: number };

    // Kill once the sheet is checked again and the writing transaction has begun (past the batch pause).
    let seen: JobRecord | undefined;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
      seen = await jobOf(server.base, cookie, jobId);
      if ((seen.status === 'running' && seen.progressDone >= 1) || (seen.status !== 'queued' && seen.status !== 'running')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toMatchObject({ status: 'running' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stopped(child, 'SIGKILL');

    const again = await startServer(env, logPath);
    child = again.child;
    const cookie2 = await login(again.base);
    let after: JobRecord | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      after = await jobOf(again.base, cookie2, jobId);
      if (after.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(after?.status).toBe('failed');
    expect(after!.error).toMatch(/Interrupted/);
    // The catalogue is exactly as before the import (PGlite's folder takes one process: the server stops to look).
    await stopped(child, 'SIGTERM');
    db = await database.open();
    try {
      expect(await catalogue(db)).toBe(before);
    } finally {
      await db.close();
    }

    // The retry (Job Centre) runs the same checked file to the end.
    const third = await startServer(env, logPath);
    child = third.child;
    const cookie3 = await login(third.base);
    const retried = await fetch(`${third.base}/api/jobs/${jobId}/retry`, { method: 'POST', headers: { cookie: cookie3 } });
    expect(retried.status).toBe(201);
    const retryId = ((await retried.json()) as JobRecord).id;
    let done: JobRecord | undefined;
    for (const deadline = Date.now() + 240_000; Date.now() < deadline; ) {
      done = await jobOf(third.base, cookie3, retryId);
      if (done.status !== 'queued' && done.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(done, done?.error ?? '').toMatchObject({ status: 'succeeded', result: { productsCreated: PRODUCTS, variantsCreated: PRODUCTS * METALS.length } });
    await stopped(child, 'SIGTERM');

    db = await database.open();
    try {
      const result = (await db.db.execute(sql`select count(*)::int as n from products where sku like 'KILL-%' and deleted_at is null`)) as unknown as { rows: { n: number }[] };
      expect(result.rows[0]!.n).toBe(PRODUCTS * (1 + METALS.length));
    } finally {
      await db.close();
    }
  });
});
