import { asc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jobStaging } from '../jobs/job-run.table.ts';
import { auditLog } from './audit.table.ts';
import { shippingRates } from '../modules/shipping-rates/shipping-rate.table.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { arrayParam } from './array-param.ts';
import { applyStaged, bulkUpdate, stageRows } from './bulk-write.ts';
import type { Database } from './client.ts';

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (the two drivers pass arrays differently).
describe('bulk writes', () => {
  let database: Database;
  let ids: number[];

  beforeAll(async () => {
    database = await openTestDatabase(inject('databaseTemplate'), 'migrated');
    const rows = await database.db
      .insert(shippingRates)
      .values(Array.from({ length: 5 }, (_, i) => ({ name: `Zone ${i} 'quoted', "comma" {brace}`, rate: 10 + i, minFreeShippingAmount: 100 })))
      .returning({ id: shippingRates.id });
    ids = rows.map((r) => r.id);
  });
  afterAll(() => database?.close());

  const read = () => database.db.select().from(shippingRates).orderBy(asc(shippingRates.id));

  it('sends a column as one array literal that PostgreSQL reads back exactly (arrayParam)', async () => {
    const texts = ['plain', 'NULL', '', 'a,b', '{brace}', '"quoted"', 'back\\slash', 'tab\tand\nline', 'émeraude £', null];
    const numbers = [1, -2.5, 0, null, 1e-7];
    const flags = [true, false, null];
    const rowsOf = async (query: SQL) => ((await database.db.execute(query)) as unknown as { rows: { v: unknown }[] }).rows.map((r) => r.v);
    expect(await rowsOf(sql`select v from unnest(${arrayParam(texts, 'text')}) as v`)).toEqual(texts);
    expect((await rowsOf(sql`select v::float8 as v from unnest(${arrayParam(numbers, 'numeric')}) as v`)).map((v) => (v === null ? null : Number(v)))).toEqual(numbers);
    expect(await rowsOf(sql`select v from unnest(${arrayParam(flags, 'boolean')}) as v`)).toEqual(flags);
    expect(await rowsOf(sql`select cardinality(${arrayParam([], 'int')}) as v`)).toEqual([0]);
  });

  it('updates a batch with one statement, bumping version only where a value changed', async () => {
    const auditBefore = await database.db.$count(auditLog);
    const counts = await bulkUpdate(
      database.db,
      shippingRates,
      ['status', 'rate', 'name'],
      [
        { id: ids[0]!, status: false, rate: 10, name: `Zone 0 'quoted', "comma" {brace}` },
        { id: ids[1]!, status: true, rate: 99.5, name: 'Renamed, with "quotes" and {braces}' },
        { id: ids[2]!, status: true, rate: 12, name: `Zone 2 'quoted', "comma" {brace}` },
        { id: 2_000_000_000, status: false, rate: 1, name: 'nobody' },
      ],
      { actorId: 7 },
    );
    expect(counts).toEqual({ matched: 3, changed: 2 });
    const rows = await read();
    expect(rows.map((r) => [r.status, r.rate, r.version])).toEqual([
      [false, 10, 2],
      [true, 99.5, 2],
      [true, 12, 1],
      [true, 13, 1],
      [true, 14, 1],
    ]);
    expect(rows[1]!.name).toBe('Renamed, with "quotes" and {braces}');
    expect(rows[0]!.updatedBy).toBe(7);
    // The helper writes data only; the audit row per batch is the caller's.
    expect(await database.db.$count(auditLog)).toBe(auditBefore);
  });

  it('skips soft-deleted rows', async () => {
    await database.db.update(shippingRates).set({ deletedAt: new Date() }).where(eq(shippingRates.id, ids[4]!));
    const counts = await bulkUpdate(database.db, shippingRates, ['status'], [{ id: ids[4]!, status: false }], { actorId: null });
    expect(counts).toEqual({ matched: 0, changed: 0 });
    expect((await read())[4]!.status).toBe(true);
  });

  it('stages batches, then applies them all with one statement and clears the staging rows', async () => {
    await stageRows(database.db, shippingRates, 41, ['status'], [{ id: ids[0]!, status: true }, { id: ids[1]!, status: false }]);
    await stageRows(database.db, shippingRates, 41, ['status'], [{ id: ids[2]!, status: false }, { id: ids[3]!, status: true }]);
    await stageRows(database.db, shippingRates, 42, ['status'], [{ id: ids[3]!, status: false }]);
    // Staged rows change nothing until applied.
    expect((await read()).map((r) => r.status)).toEqual([false, true, true, true, true]);
    const counts = await database.db.transaction((tx) => applyStaged(tx, shippingRates, 41, ['status'], { actorId: 3 }));
    expect(counts).toEqual({ matched: 4, changed: 3 });
    expect((await read()).map((r) => r.status)).toEqual([true, false, false, true, true]);
    // Run 42's rows stay, run 41's are gone.
    const left = await database.db.select({ runId: jobStaging.runId }).from(jobStaging);
    expect(left).toEqual([{ runId: 42 }]);
  });

  it('rolls the apply back with its transaction', async () => {
    await stageRows(database.db, shippingRates, 43, ['rate'], [{ id: ids[0]!, rate: 1 }]);
    await expect(
      database.db.transaction(async (tx) => {
        await applyStaged(tx, shippingRates, 43, ['rate'], { actorId: null });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await read())[0]!.rate).toBe(10);
    expect(await database.db.$count(jobStaging, sql`run_id = 43`)).toBe(1);
  });
});
