import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import type { ImportCheckResponse } from '@facet/contract/modules/product-import/product-import.schema';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { xlsxFile } from '../../spreadsheets/test-sheets.ts';
import { jobMidWay, jobOf, pollUntil, useKillTest } from '../../test/server-process.ts';

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

describe(`kill -9 during a product import (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const { database, start, stop } = useKillTest('import-kill');

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

    const server = await start(env);
    const { cookie } = server;
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
    const seen = await jobMidWay(server.base, cookie, jobId);
    expect(seen).toMatchObject({ status: 'running' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stop('SIGKILL');

    const again = await start(env);
    const after = await pollUntil(() => jobOf(again.base, again.cookie, jobId), (job) => job.status !== 'running', { timeoutMs: 60_000, everyMs: 250 });
    expect(after.status).toBe('failed');
    expect(after.error).toMatch(/Interrupted/);
    // The catalogue is exactly as before the import (PGlite's folder takes one process: the server stops to look).
    await stop('SIGTERM');
    db = await database.open();
    try {
      expect(await catalogue(db)).toBe(before);
    } finally {
      await db.close();
    }

    // The retry (Job Centre) runs the same checked file to the end.
    const third = await start(env);
    const retried = await fetch(`${third.base}/api/jobs/${jobId}/retry`, { method: 'POST', headers: { cookie: third.cookie } });
    expect(retried.status).toBe(201);
    const retryId = ((await retried.json()) as JobRecord).id;
    const done = await pollUntil(() => jobOf(third.base, third.cookie, retryId), (job) => job.status !== 'queued' && job.status !== 'running', {
      timeoutMs: 240_000,
      everyMs: 250,
    });
    expect(done, done.error ?? '').toMatchObject({ status: 'succeeded', result: { productsCreated: PRODUCTS, variantsCreated: PRODUCTS * METALS.length } });
    await stop('SIGTERM');

    db = await database.open();
    try {
      const result = (await db.db.execute(sql`select count(*)::int as n from products where sku like 'KILL-%' and deleted_at is null`)) as unknown as { rows: { n: number }[] };
      expect(result.rows[0]!.n).toBe(PRODUCTS * (1 + METALS.length));
    } finally {
      await db.close();
    }
  });
});
