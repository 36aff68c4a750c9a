/**
 * Lists at scale on PostgreSQL: seeds 1,000,000 rows into a wide table shaped like the diamond feed
 * (shape, carat, colour, clarity, cut, price, origin, certificate, vendor...) and times the toolkit's
 * list (first page, page 10, three filter combinations, a search) and an export of 100,000 rows
 * through the streaming Excel writer, with its peak memory.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -w @facet/server -- list
 *
 * Targets (issue 9): list p95 <= 20 ms; export >= 30,000 rows/s with RSS <= 300 MB.
 */
import { openBenchDatabase } from './bench-database.ts';
import { Writable } from 'node:stream';
import { recordMetaSchema } from '@facet/contract/api';
import { defineResource, type ExportCellType } from '@facet/contract/resource';
import { and, between, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { boolean, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { searchIndexes, standardColumns, statusColumn } from '../src/db/columns.ts';
import { createCrudService } from '../src/db/crud-service.ts';
import { writeXlsx } from '../src/http/xlsx-writer.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const stones = pgTable('bench_stones', {
  ...standardColumns,
  ...statusColumn,
  stockNumber: text('stock_number').notNull(),
  shape: text('shape').notNull(),
  carat: numeric('carat', { precision: 6, scale: 3, mode: 'number' }).notNull(),
  colour: text('colour').notNull(),
  clarity: text('clarity').notNull(),
  cut: text('cut').notNull(),
  isLab: boolean('is_lab').notNull(),
  certificate: text('certificate').notNull(),
  lab: text('lab').notNull(),
  vendorId: integer('vendor_id').notNull(),
  price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  measurements: text('measurements').notNull(),
  // The toolkit checks that every searched field has its trigram index (created below by hand).
}, (table) => searchIndexes('bench_stones', table.stockNumber, table.certificate));

const stoneResource = defineResource({
  name: 'bench-stones',
  entity: 'bench_stone',
  label: 'Stone',
  permission: 'diamonds',
  createInput: z.object({}),
  record: recordMetaSchema.extend({
    status: z.boolean(),
    stockNumber: z.string(),
    shape: z.string(),
    carat: z.number(),
    colour: z.string(),
    clarity: z.string(),
    cut: z.string(),
    isLab: z.boolean(),
    certificate: z.string(),
    lab: z.string(),
    vendorId: z.number(),
    price: z.number(),
    measurements: z.string(),
  }),
  searchable: ['stockNumber', 'certificate'],
  totals: 'capped',
  sortable: ['createdAt', 'price', 'carat'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

const { database, drop } = await openBenchDatabase();

function summarise(label: string, times: number[], extra = '') {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`${label.padEnd(52)} median ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms${extra}`);
}

try {
  const seedStart = performance.now();
  await database.db.execute(sql`create extension if not exists pg_trgm`);
  await database.db.execute(sql`
    create table bench_stones (
      id integer generated always as identity primary key, version integer not null default 1,
      created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
      created_by integer, updated_by integer, deleted_at timestamptz, deleted_by integer,
      status boolean not null default true, stock_number text not null, shape text not null,
      carat numeric(6,3) not null, colour text not null, clarity text not null, cut text not null,
      is_lab boolean not null, certificate text not null, lab text not null, vendor_id integer not null,
      price numeric(12,2) not null, measurements text not null)`);
  await database.db.execute(sql`
    insert into bench_stones (created_at, status, stock_number, shape, carat, colour, clarity, cut, is_lab, certificate, lab, vendor_id, price, measurements)
    select now() - (g || ' seconds')::interval, g % 17 <> 0, 'NV' || lpad(g::text, 8, '0'),
      (array['Round','Oval','Cushion','Pear','Emerald','Princess','Radiant','Asscher','Marquise','Heart'])[1 + g % 10],
      round((0.2 + (g * 7919 % 5000) / 1000.0)::numeric, 3),
      (array['D','E','F','G','H','I','J','K'])[1 + g % 8], (array['FL','IF','VVS1','VVS2','VS1','VS2','SI1','SI2'])[1 + (g / 8) % 8],
      (array['Excellent','Very Good','Good'])[1 + g % 3], g % 3 = 0, 'CERT' || (1000000000 + g * 37)::text,
      (array['GIA','IGI','HRD'])[1 + g % 3], 1 + g % 40, round((200 + (g * 104729 % 5000000) / 100.0)::numeric, 2),
      '6.40 x 6.42 x 3.95'
    from generate_series(1::bigint, ${ROWS}::bigint) g`);
  // The indexes a million-row list needs: its default order, its range filters, and trigram indexes
  // for substring search over the searchable fields (the expressions the list searches).
  await database.db.execute(sql`create index on bench_stones (created_at desc, id desc) where deleted_at is null`);
  await database.db.execute(sql`create index on bench_stones (shape, carat) where deleted_at is null`);
  await database.db.execute(sql`create index on bench_stones (price) where deleted_at is null`);
  await database.db.execute(sql`create index on bench_stones (carat) where deleted_at is null`);
  await database.db.execute(sql`create index bench_stones_stock_number_search on bench_stones using gin (lower(stock_number) gin_trgm_ops)`);
  await database.db.execute(sql`create index bench_stones_certificate_search on bench_stones using gin (lower(certificate) gin_trgm_ops)`);
  await database.db.execute(sql`analyze bench_stones`);
  console.log(`seeded ${ROWS.toLocaleString('en-GB')} stones with indexes in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const service = createCrudService(database.db, stoneResource, stones, {
    listFilters(query) {
      const shapes = typeof query.shape === 'string' ? query.shape.split(',') : undefined;
      return and(
        shapes ? inArray(stones.shape, shapes) : undefined,
        query.caratFrom !== undefined ? between(stones.carat, Number(query.caratFrom), Number(query.caratTo)) : undefined,
        query.priceTo !== undefined ? lte(stones.price, Number(query.priceTo)) : undefined,
        query.priceFrom !== undefined ? gte(stones.price, Number(query.priceFrom)) : undefined,
        query.isLab !== undefined ? eq(stones.isLab, query.isLab === 'true') : undefined,
      );
    },
  });

  const base = { page: 1, pageSize: 20 };
  const cases: [string, Record<string, unknown>][] = [
    ['first page (newest first)', {}],
    ['page 10', { page: 10 }],
    ['filter: shape Oval, carat 1.000-1.500', { shape: 'Oval', caratFrom: '1', caratTo: '1.5' }],
    ['filter: lab grown, price £1,000-£5,000, sort by price', { isLab: 'true', priceFrom: '1000', priceTo: '5000', sort: 'price', order: 'asc' }],
    ['filter: Round|Pear|Heart, active, sort by carat desc', { shape: 'Round,Pear,Heart', status: 'active', sort: 'carat', order: 'desc' }],
    ['search: certificate "1000123"', { search: '1000123' }],
  ];
  for (const [label, query] of cases) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) await service.list({ ...base, ...query } as never);
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await service.list({ ...base, ...query } as never);
      times.push(performance.now() - start);
    }
    summarise(`list ${label}`, times);
  }

  const types: Record<string, ExportCellType> = { carat: 'number', price: 'money', createdAt: 'date' };
  const columns = ['stockNumber', 'shape', 'carat', 'colour', 'clarity', 'cut', 'isLab', 'certificate', 'lab', 'price', 'measurements', 'createdAt'].map((field) => ({ field, header: field, type: types[field] }));
  async function* firstRows() {
    let count = 0;
    for await (const row of service.iterate({ ...base, sort: 'price', order: 'asc', isLab: 'false' } as never)) {
      yield row as Record<string, unknown>;
      if (++count >= EXPORT_ROWS) return;
    }
  }
  let bytes = 0;
  const sink = new Writable({ write(chunk, _enc, done) { bytes += chunk.length; done(); } });
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage().rss); }, 50);
  const start = performance.now();
  await writeXlsx(sink, 'Stones', columns, firstRows());
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  console.log(
    `export ${EXPORT_ROWS.toLocaleString('en-GB')} rows to .xlsx (earth mined, by price)`.padEnd(52) +
      ` ${seconds.toFixed(2)} s = ${Math.round(EXPORT_ROWS / seconds).toLocaleString('en-GB')} rows/s, ${(bytes / 1e6).toFixed(1)} MB file, peak RSS ${Math.round(peakRss / 1e6)} MB`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await drop();
}
