import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { openPostgres } from '../src/db/client.ts';

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * A throwaway database on the PostgreSQL server of BENCH_DATABASE_URL (the local one unless said),
 * opened with the app's own client (which applies new migrations); `drop()` closes it and removes it.
 * BENCH_NAME adds a tag to its name.
 * `reuse` names a database an earlier run kept instead (BENCH_KEEP=1).
 */
export async function openBenchDatabase(reuse?: string) {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  // BENCH_NAME tags the database (facet_bench_<tag>_<random>): whose it is, on a server several people bench on.
  const tag = process.env.BENCH_NAME ? `${process.env.BENCH_NAME.replace(/\W/g, '').toLowerCase()}_` : '';
  const name = reuse ?? `facet_bench_${tag}${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (!reuse) await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  /** CPU ticks last read of each backend of this database (cpuSeconds). */
  const backendTicks = new Map<number, number>();
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    database,
    name,
    /** Its address, for a child process that opens it again. */
    url: url.toString(),
    async drop() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
    /**
     * CPU seconds used so far by this process and by the PostgreSQL backends connected to this database
     * (their /proc stat, when the server runs on this machine; 0 otherwise). On a shared machine the
     * wall time of a figure depends on the load; the CPU it took does not, and its sum bounds the wall
     * time on an idle machine (the work is one thread of each at a time).
     */
    async cpuSeconds(): Promise<{ node: number; postgres: number }> {
      const usage = process.cpuUsage();
      const pids = (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name])).rows.map((row) => row.pid);
      for (const pid of pids) {
        try {
          // Fields 14 and 15 (utime, stime) after the command name in parentheses.
          const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
          backendTicks.set(pid, Number(fields[11]) + Number(fields[12]));
        } catch {
          // Not on this machine, or the backend just ended.
        }
      }
      // A backend that ended (the pool closes idle connections) keeps its last reading: the sum never goes back.
      const ticks = [...backendTicks.values()].reduce((sum, value) => sum + value, 0);
      return { node: (usage.user + usage.system) / 1e6, postgres: ticks / CLOCK_TICKS_PER_SECOND };
    },
    /** Closes it and keeps it (BENCH_KEEP), for EXPLAIN and a later `reuse`. */
    async keep() {
      await database.close();
      await admin.end();
    },
  };
}

/**
 * CPU seconds used so far by the server processes connected to `db`'s database (every backend, from
 * /proc): a figure the machine's load does not inflate as it does wall time. Null when /proc cannot be
 * read (a remote server).
 */
export async function databaseCpuSeconds(db: Db): Promise<number | null> {
  const pids = ((await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as { rows: { pid: number }[] }).rows;
  let total = 0;
  for (const { pid } of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
    } catch {
      return null;
    }
  }
  return total;
}
