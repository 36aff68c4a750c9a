/**
 * Product import at scale on PostgreSQL (issue 11, Performance): a real .xlsx of 10,000 products with
 * 50,000 variants (5 each, over metal and ring size) is checked (dry run) and applied through the
 * real HTTP routes of the server started as `npm start` runs it (SERVER_NODE_ARGS: its V8 flags, no
 * loader), the apply as the job staff would start. The memory printed is that server process's
 * (VmRSS, VmHWM from /proc), the CPU its own (every thread) and its PostgreSQL backends'.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/product-import.bench.ts   (in packages/server; also part of `npm run bench`)
 *
 * Targets: dry run <= 5 s; apply <= 10 s end to end (request to job succeeded); peak RSS <= 500 MB.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import type { ImportCheckResponse } from '@facet/contract/modules/product-import/product-import.schema';
import { PRODUCT_SHEET_COLUMNS } from '@facet/contract/modules/products/product-sheet';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { bootstrap } from '../src/bootstrap/bootstrap.ts';
import { SERVER_NODE_ARGS } from '../src/server-command.ts';
import { multipartBody } from '../src/test/upload.ts';
import { openBenchDatabase } from './bench-database.ts';
import type { BenchServer } from './bench-server.ts';
import { memoryOf, startBenchServer } from './bench-server.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const VARIANTS_PER_PRODUCT = 5;
const METALS = ['9ct Yellow Gold', '9ct White Gold', '18ct Yellow Gold', '18ct White Gold', 'Platinum'];
const SIZES = ['J', 'K', 'L', 'M', 'N'];

/**
 * The sheet is written by a child process (this file with --write-sheet): exceljs's writer grows the
 * heap by hundreds of MB; the peak RSS printed is the server's (the app, the reader thread, the job).
 */
if (process.argv[2] === '--write-sheet') {
  await writeSheet(process.argv[3]!);
  process.exit(0);
}

const { database, drop, cpuSeconds, url } = await openBenchDatabase();
const db = database.db;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-import-bench-'));
const config = { ...loadConfig({}), adminPassword: 'admin-pass1', demoData: false };
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
/** CPU seconds of the server process (all its threads: the sheet reader's too), from /proc. */
function serverCpuSeconds(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
/** The CPU seconds of the server and of its PostgreSQL backends since `from`. */
const cpuNow = async (pid: number) => ({ node: serverCpuSeconds(pid), postgres: (await cpuSeconds()).postgres });
const cpuSince = async (pid: number, from: { node: number; postgres: number }) => {
  const now = await cpuNow(pid);
  return `CPU ${(now.node - from.node).toFixed(1)} s server + ${(now.postgres - from.postgres).toFixed(1)} s postgres`;
};
/** The machine is shared: every figure is printed with the load average (1, 5, 15 minutes) it was taken at. */
const load = () => `load ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`;

/** The sheet, streamed to disk: 10,000 product rows each followed by its 5 variant rows. */
async function writeSheet(file: string) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow([...PRODUCT_SHEET_COLUMNS]).commit();
  const at = (values: Partial<Record<(typeof PRODUCT_SHEET_COLUMNS)[number], string | number>>) => PRODUCT_SHEET_COLUMNS.map((column) => values[column] ?? null);
  for (let p = 1; p <= PRODUCTS; p++) {
    const sku = `BENCH-${p}`;
    sheet
      .addRow(
        at({
          sku,
          product_title: `Bench Ring ${p}`,
          attribute_set: 'Rings',
          category: 'Rings',
          sub_category: p % 2 ? 'Engagement Rings' : 'Wedding Rings',
          description: `A bench ring number ${p}, claw set.`,
          weight: 3.5,
          weight_unit: 'g',
          stock: p % 3,
          price: 500 + (p % 1000),
          meta_title: `Bench Ring ${p}`,
          attributes: 'Setting Style:Claw',
          can_be_set_with_shape: 'Round',
          can_be_set_with_carat: '0.5-2',
          related_skus: p > 1 ? `BENCH-${p - 1}` : '',
          is_gift_card: 'no',
          model_number: sku,
        }),
      )
      .commit();
    for (let v = 0; v < VARIANTS_PER_PRODUCT; v++) {
      sheet
        .addRow(at({ sku: `${sku}-${v}`, parent_sku: sku, price: 500 + v * 50, stock: 1, option1_name: 'metal', option1_value: METALS[v]!, option2_name: 'ringSize', option2_value: SIZES[v]!, model_number: `${sku}-${v}` }))
        .commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}

let server: BenchServer | undefined;
try {
  await bootstrap(db, config);
  // What the sheet names: an attribute set placing Setting Style, two sub categories, a shape.
  await db.execute(sql`insert into attribute_sets (name) values ('Rings')`);
  await db.execute(sql`insert into categories (name, title, slug, parent_id) values ('Rings', 'Rings', 'rings', 1), ('Engagement Rings', 'Engagement Rings', 'engagement-rings', 1), ('Wedding Rings', 'Wedding Rings', 'wedding-rings', 1)`);
  await db.execute(sql`insert into product_attributes (attribute_name, attribute_code, input_type) values ('Setting Style', 'settingStyle', 'radio')`);
  await db.execute(sql`insert into attribute_options (attribute_id, value) select id, 'Claw' from product_attributes where attribute_code = 'settingStyle'`);
  await db.execute(sql`insert into diamond_shapes (name, shape_category_id) select 'Round', min(id) from shape_categories`);

  const file = path.join(workDir, 'bench.xlsx');
  let started = performance.now();
  execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--write-sheet', file], { stdio: 'inherit' });
  const bytes = fs.readFileSync(file);
  console.log(`sheet: ${PRODUCTS.toLocaleString('en-GB')} products, ${(PRODUCTS * VARIANTS_PER_PRODUCT).toLocaleString('en-GB')} variants, ${mb(bytes.length / 1024)} written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // The server as `npm start` runs it (its V8 flags, no loader): the peak RSS is the server's own.
  server = await startBenchServer({ databaseUrl: url, dataDir: workDir, adminPassword: config.adminPassword });
  const { api, pid } = server;
  console.log(`server ready: RSS ${mb(memoryOf(pid).rss)}   [${SERVER_NODE_ARGS.join(' ')}]`);
  const { payload, headers } = multipartBody({ fileName: 'bench.xlsx', bytes });
  const checkSheet = () => api('/api/products/import/check', { method: 'POST', body: payload, headers });
  const memory = () => {
    const now = memoryOf(pid);
    return `server RSS ${mb(now.rss)}, peak so far ${mb(now.peak)}`;
  };

  let cpu = await cpuNow(pid);
  started = performance.now();
  const checkResponse = await checkSheet();
  const dryRun = (performance.now() - started) / 1000;
  if (checkResponse.status !== 200) throw new Error(`check answered ${checkResponse.status}: ${(await checkResponse.text()).slice(0, 500)}`);
  const check = (await checkResponse.json()) as ImportCheckResponse;
  console.log(`dry run (upload, parse, check, plan): ${dryRun.toFixed(2)} s   target <= 5 s   ${load()}   ${await cpuSince(pid, cpu)}   ${memory()}   products ${JSON.stringify(check.products)} variants ${JSON.stringify(check.variants)} line errors ${check.lineErrorCount}`);
  if (check.lineErrorCount) throw new Error(check.lineErrors.slice(0, 5).join('\n'));

  cpu = await cpuNow(pid);
  started = performance.now();
  const applied = await api('/api/products/import/apply', { method: 'POST', body: JSON.stringify({ token: check.token }), headers: { 'content-type': 'application/json' } });
  if (applied.status !== 202) throw new Error(`apply answered ${applied.status}: ${await applied.text()}`);
  const jobId = ((await applied.json()) as { jobId: number }).jobId;
  let job: JobRecord;
  for (;;) {
    job = (await (await api(`/api/jobs/${jobId}`)).json()) as JobRecord;
    if (job.status !== 'queued' && job.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const apply = (performance.now() - started) / 1000;
  console.log(`apply (request to job ${job.status}): ${apply.toFixed(2)} s   target <= 10 s   ${load()}   ${await cpuSince(pid, cpu)}   ${memory()}   ${job.error ?? JSON.stringify(job.result)}`);
  const counted = (await db.execute(
    sql`select count(*) filter (where parent_product_id is null) as products, count(*) filter (where parent_product_id is not null) as variants from products where deleted_at is null`,
  )) as unknown as { rows: { products: string; variants: string }[] };
  console.log(`catalogue after: ${counted.rows[0]?.products} products, ${counted.rows[0]?.variants} variants`);

  cpu = await cpuNow(pid);
  started = performance.now();
  const again = (await (await checkSheet()).json()) as ImportCheckResponse;
  console.log(`dry run of the same sheet again: ${((performance.now() - started) / 1000).toFixed(2)} s   ${load()}   ${await cpuSince(pid, cpu)}   ${memory()}   products ${JSON.stringify(again.products)} variants ${JSON.stringify(again.variants)}`);

  const peak = memoryOf(pid).peak;
  console.log(`server's peak RSS: ${mb(peak)}   target <= 500 MB   ${load()}`);
  if (dryRun > 5 || apply > 10 || peak > 500 * 1024 || job.status !== 'succeeded') process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await server?.stop();
  await drop();
  fs.rmSync(workDir, { recursive: true, force: true });
}
