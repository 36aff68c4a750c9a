/**
 * Request-path benchmark on PostgreSQL: what every signed-in request pays (session + permission
 * lookup) and what a toolkit list pays (count, page, search, sort), with many users and sessions.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *
 * Prints medians and p95 in milliseconds over repeated in-process requests (app.inject, no network),
 * then requests per second over real HTTP with wrk (Debian's `wrk`, when installed): 2 threads, 20
 * connections, 10 seconds per path, against this process listening as `npm start` does (logging at
 * BENCH_LOG_LEVEL, warn unless said, to /dev/null).
 */
import { openBenchDatabase } from './bench-database.ts';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createWriteStream } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.ts';

const USERS = Number(process.env.BENCH_USERS ?? 50_000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);

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
    for (const path of ['/api/health', '/api/diamond-shapes', '/api/shipping-rates', '/api/auth/me']) {
      // Asynchronously: this process is the server wrk is loading.
      const run = await promisify(execFile)('wrk', ['-t2', '-c20', '-d10s', '-H', `Cookie: ${cookie}`, `${address}${path}`], { encoding: 'utf8' });
      const perSecond = /Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1];
      const errors = /Non-2xx or 3xx responses: (\d+)/.exec(run.stdout)?.[1];
      console.log(`${`wrk -t2 -c20 GET ${path}`.padEnd(44)} ${Math.round(Number(perSecond)).toLocaleString('en-GB').padStart(7)} requests/s${errors ? `, ${errors} not 2xx` : ''} (log level ${logLevel})`);
    }
  } finally {
    await app.close();
  }
}

const { database, drop } = await openBenchDatabase();
const config = { ...loadConfig({}), adminPassword: 'admin-pass1', demoData: false };

try {
  await bootstrap(database.db, config);
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

  await measure('GET /api/health (no session)', '/api/health');
  await measure('GET /api/auth/me (session + permissions)', '/api/auth/me');
  await measure('GET /api/users page 1 (default sort)', '/api/users');
  await measure('GET /api/users page 2000', '/api/users?page=2000');
  await measure('GET /api/users search "staff 4242"', '/api/users?search=staff%204242');
  await measure('GET /api/users sort by name', '/api/users?sort=name&order=asc');
  await app.close();
  await throughput(cookie);
} finally {
  await drop();
}
