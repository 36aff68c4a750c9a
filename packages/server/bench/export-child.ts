/**
 * The export of list-scale.bench.ts on its own, in a process of its own: the bench starts this as a
 * child so that the peak memory it reports is the export's (and its server code's), not the 1,000,000
 * seeded rows' and the list timings' that the bench process holds.
 *
 * Reads BENCH_EXPORT_URL (the seeded database) and BENCH_EXPORT_ROWS; writes the .xlsx to a counting
 * sink and prints one line of JSON: seconds, CPU seconds, rows, bytes, and this process's peak RSS (the kernel's
 * high-water mark, `process.resourceUsage().maxRSS`, so no sampling can miss a peak).
 * BENCH_PROFILE_EXPORT=1 adds where the CPU went (V8 sampling profiler).
 */
import { Writable } from 'node:stream';
import type { ExportCellType } from '@facet/contract/resource';
import { openPostgres } from '../src/db/client.ts';
import { createCrudService } from '../src/db/crud-service.ts';
import { writeXlsx } from '../src/http/xlsx-writer.ts';
import { stoneResource, stones } from './bench-stones.ts';
import { formatSummary, profileDuring } from './cpu-profile.ts';

const url = process.env.BENCH_EXPORT_URL;
if (!url) throw new Error('BENCH_EXPORT_URL names the seeded database');
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);

// The pool size the server opens with, so the export runs on what it would have.
const database = await openPostgres(url);
try {
  const service = createCrudService(database.db, stoneResource, stones);
  const query = stoneResource.listQuery.schema.parse({ sort: 'price', order: 'asc', isLab: 'earth' }) as Parameters<typeof service.iterate>[0];
  const types: Record<string, ExportCellType> = { carat: 'number', price: 'money', createdAt: 'date' };
  const columns = ['stockNumber', 'shape', 'carat', 'colour', 'clarity', 'cut', 'isLab', 'certificate', 'lab', 'price', 'measurements', 'createdAt'].map((field) => ({
    field,
    header: field,
    type: types[field],
  }));
  // As a resource's export route reads them (http/large-exports.ts): keyset batches of the sheet's columns.
  const fields = columns.map((column) => column.field);
  // BENCH_EXPORT_MODE=rows walks as exports did before batches: whole records, one await per row.
  async function* rowByRow() {
    let count = 0;
    for await (const row of service.iterate(query)) {
      yield row as Record<string, unknown>;
      if (++count >= EXPORT_ROWS) return;
    }
  }
  async function* firstRows() {
    if (process.env.BENCH_EXPORT_MODE === 'rows') return yield* rowByRow();
    let count = 0;
    for await (const batch of service.iterateBatches(query, fields)) {
      const rest = EXPORT_ROWS - count;
      yield batch.length > rest ? batch.slice(0, rest) : batch;
      count += batch.length;
      if (count >= EXPORT_ROWS) return;
    }
  }
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  const rssBefore = process.memoryUsage().rss;
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  const exported = () => writeXlsx(sink, 'Stones', columns, firstRows());
  const profile = process.env.BENCH_PROFILE_EXPORT === '1' ? (await profileDuring(exported, process.env.BENCH_PROFILE_FILE)).summary : (await exported(), undefined);
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  // This process's own CPU time: on a shared, loaded machine a steadier figure than the wall clock.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const result = { seconds, cpuSeconds, rows: EXPORT_ROWS, bytes, rssBefore, peakRss: process.resourceUsage().maxRSS * 1024, profile: profile && formatSummary(profile, 20) };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await database.close();
}
