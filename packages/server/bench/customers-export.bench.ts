/**
 * The customers' Excel export at the issue's scale (issue 13: 100,000 customers, RSS <= 300 MB, formula
 * injection neutralised), on PostgreSQL:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/customers-export.bench.ts   (in packages/server)
 *
 * Seeds a throwaway database with BENCH_CUSTOMERS customers (100,000; every 1,000th named
 * '=HYPERLINK(...)') in one `insert ... select from generate_series`, then runs the export in a lean
 * child process (this file with --child: the database client, the customer service and the .xlsx
 * writer, nothing of the bench's seeding) exactly as the export job does (the list's query read by its
 * own schema, `iterate()` by keyset, `writeXlsx` into a file), and prints its time, rows/s, the file
 * size and the child's peak RSS (VmHWM) before and after, with the load average. Then checks the
 * file's formula-looking cells start with an apostrophe, and drops the database.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
const peakRssMb = () => Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024);

async function runChild(url: string, file: string) {
  const { openPostgres } = await import('../src/db/client.ts');
  const { customerResource } = await import('@facet/contract/modules/customers/customer.schema');
  const { createCustomerService } = await import('../src/modules/customers/customer.service.ts');
  const { exportSourceOf } = await import('../src/http/large-exports.ts');
  const { writeXlsx } = await import('../src/http/xlsx-writer.ts');
  const { finished } = await import('node:stream/promises');
  const database = await openPostgres(url, { poolSize: 2 });
  const source = exportSourceOf(customerResource, createCustomerService(database.db));
  const query = source.parseQuery({});
  const before = peakRssMb();
  let rows = 0;
  async function* counted() {
    // The source yields a row or a batch of rows (keyset batches since iterateBatches).
    for await (const item of source.iterate(query)) {
      rows += Array.isArray(item) ? item.length : 1;
      yield item;
    }
  }
  const start = performance.now();
  const out = fs.createWriteStream(file);
  await Promise.all([writeXlsx(out, source.fileName, source.columns, counted()), finished(out)]);
  const seconds = (performance.now() - start) / 1000;
  await database.close();
  console.log(JSON.stringify({ rows, seconds, peakBefore: before, peakAfter: peakRssMb(), bytes: fs.statSync(file).size }));
}

async function runBench() {
  const { openBenchDatabase } = await import('./bench-database.ts');
  const { sql } = await import('drizzle-orm');
  const { database, drop, name } = await openBenchDatabase();
  const file = path.join(os.tmpdir(), `facet-customers-${process.pid}.xlsx`);
  try {
    console.log(`load average at the start: ${load()}`);
    const seedStart = performance.now();
    await database.db.execute(sql`insert into customer_groups (name) values ('General')`);
    await database.db.execute(sql`
      insert into customers (first_name, last_name, email, contact_number, group_id, is_subscribed, status, created_at)
      select case when i % 1000 = 0 then '=HYPERLINK("http://evil.example","x")' else (array['Oliver','Amelia','George','Isla','Harry','Ava'])[1 + i % 6] end,
             (array['Smith','Jones','Taylor','Brown','Patel','Wright','Evans'])[1 + i % 7],
             'customer' || i || '@example.co.uk', '07700 ' || lpad((i % 1000000)::text, 6, '0'),
             (select id from customer_groups limit 1), i % 3 = 0, i % 11 <> 0, now() - (i || ' minutes')::interval
      from generate_series(1, ${CUSTOMERS}) as i`);
    await database.db.execute(sql`vacuum (analyze) customers`);
    console.log(`seeded ${CUSTOMERS.toLocaleString('en-GB')} customers in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    url.pathname = `/${name}`;
    const self = fileURLToPath(import.meta.url);
    const output = execFileSync(process.execPath, ['--import', 'tsx', self, '--child', url.toString(), file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    const figures = JSON.parse(output.trim().split('\n').at(-1)!) as { rows: number; seconds: number; peakBefore: number; peakAfter: number; bytes: number };
    console.log(
      `export ${figures.rows.toLocaleString('en-GB')} customers to Customers.xlsx: ${figures.seconds.toFixed(2)} s = ${Math.round(figures.rows / figures.seconds).toLocaleString('en-GB')} rows/s, ` +
        `${(figures.bytes / 1e6).toFixed(1)} MB file, child's peak RSS ${figures.peakAfter} MB (${figures.peakBefore} MB before the export)`,
    );

    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    let formulas = 0;
    let neutralised = 0;
    sheet.eachRow((row) => {
      const cell = row.getCell(1);
      if (cell.formula) formulas++;
      if (typeof cell.value === 'string' && cell.value.startsWith(`'=HYPERLINK`)) neutralised++;
    });
    console.log(`rows in the file ${sheet.rowCount - 1}; '=HYPERLINK(...)' names written as text ${neutralised}, cells read as formulas ${formulas}`);
    console.log(`load average at the end: ${load()}`);
  } finally {
    fs.rmSync(file, { force: true });
    await drop();
  }
}

if (process.argv[2] === '--child') await runChild(process.argv[3]!, process.argv[4]!);
else await runBench();
