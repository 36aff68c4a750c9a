/**
 * Request-path benchmark on PostgreSQL: what every signed-in request pays (session + permission
 * lookup) and what a toolkit list pays (count, page, search, sort), with many users and sessions.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *
 * Prints medians and p95 in milliseconds over repeated in-process requests (app.inject, no network),
 * then requests per second over real HTTP with wrk (Debian's `wrk`, when installed): 2 threads, 20
 * connections, 10 seconds per path, against this process listening as `npm start` does (logging at
 * BENCH_LOG_LEVEL, warn unless said, to /dev/null). Beside each figure: the server's CPU time per
 * request (this process's `process.cpuUsage()` over the run / requests served), the figure that holds
 * on a shared machine where wrk and other work take cores from the server: 2,000 requests/s on one
 * core is 0.5 ms per request. Then a CPU profile of one more wrk run on BENCH_PROFILE (/api/shipping-rates
 * unless said; empty for none): the top packages and functions by self time, the raw profile written
 * to BENCH_PROFILE_FILE when given. BENCH_PATHS (comma-separated) picks the paths wrk asks for,
 * BENCH_RUNS=0 skips the in-process medians: handy while iterating.
 */
import { openBenchDatabase } from './bench-database.ts';
import { formatSummary, profileDuring } from './cpu-profile.ts';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createWriteStream } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { bootstrap } from '../src/bootstrap/bootstrap.ts';
import { seedDemoDiamondShapes } from '../src/modules/diamond-shapes/diamond-shape.demo.ts';
import { users } from '../src/modules/users/user.table.ts';
import { seedDemoShippingRates } from '../src/modules/shipping-rates/shipping-rate.demo.ts';

const USERS = Number(process.env.BENCH_USERS ?? 50_000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WRK_SECONDS = Number(process.env.BENCH_WRK_SECONDS ?? 10);
const WRK_PATHS = process.env.BENCH_PATHS?.split(',') ?? ['/api/health', '/api/diamond-shapes', '/api/shipping-rates', '/api/auth/me'];
/** The path profiled under wrk after the throughput runs ('' for none). */
const PROFILE_PATH = process.env.BENCH_PROFILE ?? '/api/shipping-rates';

/** Requests per second over HTTP for a few paths, as staff's browsers would ask them. */
async function throughput(cookie: string) {
  if (spawnSync('wrk', ['--version']).error) {
    console.log('throughput: wrk is not installed (apt-get install -y wrk); skipped');
    return;
  }
  const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
  const app = await buildApp({ db: database.db, config: { ...config, logLevel }, logStream: createWriteStream('/dev/null') });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const wrk = (path: string) =>
      promisify(execFile)('wrk', ['-t2', '-c20', `-d${WRK_SECONDS}s`, '-H', `Cookie: ${cookie}`, `${address}${path}`], { encoding: 'utf8' });
    for (const path of WRK_PATHS) {
      // Asynchronously: this process is the server wrk is loading.
      const cpuBefore = process.cpuUsage();
      const run = await wrk(path);
      const cpu = process.cpuUsage(cpuBefore);
      const perSecond = /Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1];
      const requests = Number(/(\d+) requests in/.exec(run.stdout)?.[1] ?? 0);
      const cpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, requests);
      const errors = /Non-2xx or 3xx responses: (\d+)/.exec(run.stdout)?.[1];
      console.log(
        `${`wrk -t2 -c20 GET ${path}`.padEnd(44)} ${Math.round(Number(perSecond)).toLocaleString('en-GB').padStart(7)} requests/s, ` +
          `server CPU ${cpuMs.toFixed(3)} ms/request (${Math.round(1000 / cpuMs).toLocaleString('en-GB')}/s per core)${errors ? `, ${errors} not 2xx` : ''} (log level ${logLevel})`,
      );
    }
    if (PROFILE_PATH) {
      // A separate run: the sampling profiler costs CPU of its own, so it is not timed above.
      const { summary } = await profileDuring(() => wrk(PROFILE_PATH), process.env.BENCH_PROFILE_FILE);
      console.log(`\nwhere the server's CPU goes for GET ${PROFILE_PATH} under wrk (V8 sampling profiler)`);
      console.log(formatSummary(summary));
    }
  } finally {
    await app.close();
  }
}

const { database, drop } = await openBenchDatabase();
const config = { ...loadConfig({}), adminPassword: 'admin-pass1', demoData: false };

try {
  await bootstrap(database.db, config);
  // The small lists wrk asks for hold their demo rows (a page of 7 and of 10), not nothing.
  const [admin] = await database.db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
  const seedContext = { adminId: admin!.id, permissionIds: new Map<string, number>() };
  await seedDemoShippingRates(database.db, seedContext);
  await seedDemoDiamondShapes(database.db, seedContext);
  const seedStart = performance.now();
  // Set-based seeding: one statement per table. The hash is a placeholder; these users never sign in.
  await database.db.execute(sql`
    insert into users (name, email, password_hash, status)
    select 'staff ' || g, 'staff' || g || '@example.com', '$argon2id$placeholder', g % 10 <> 0
    from generate_series(1, ${USERS}) g`);
  await database.db.execute(sql`
    insert into user_roles (user_id, role_id) select id, 1 from users where name like 'staff %'`);
  await database.db.execute(sql`
    insert into sessions (id_hash, user_id, created_at, last_seen_at)
    select md5(g::text), (select min(id) from users) + (g % ${USERS}), now(), now()
    from generate_series(1, ${SESSIONS}) g`);
  await database.db.execute(sql`analyze`);
  console.log(`seeded ${USERS} users and ${SESSIONS} sessions in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const app = await buildApp({ db: database.db, config, logger: false });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'admin-pass1' } });
  const cookie = login.headers['set-cookie']!.toString().split(';')[0]!;

  async function measure(label: string, path: string) {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) await app.inject({ url: path, headers: { cookie } });
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const response = await app.inject({ url: path, headers: { cookie } });
      times.push(performance.now() - start);
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
    console.log(`${label.padEnd(44)} median ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms`);
  }

  async function measureAll() {
    await measure('GET /api/health (no session)', '/api/health');
    await measure('GET /api/auth/me (session + permissions)', '/api/auth/me');
    await measure('GET /api/users page 1 (default sort)', '/api/users');
    await measure('GET /api/users page 2000', '/api/users?page=2000');
    await measure('GET /api/users search "staff 4242"', '/api/users?search=staff%204242');
    await measure('GET /api/users sort by name', '/api/users?sort=name&order=asc');
  }

  if (RUNS > 0) await measureAll();
  await app.close();
  await throughput(cookie);
} finally {
  await drop();
}
