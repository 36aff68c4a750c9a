import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../src/db/client.ts';

/**
 * A throwaway database on the PostgreSQL server of BENCH_DATABASE_URL (the local one unless said),
 * opened with the app's own client (which applies new migrations); `drop()` closes it and removes it.
 * `reuse` names a database an earlier run kept instead (BENCH_KEEP=1).
 */
export async function openBenchDatabase(reuse?: string) {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = reuse ?? `facet_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (!reuse) await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    database,
    name,
    /** Its address, for a child process that opens it again. */
    url: url.toString(),
    /** Closes it and leaves it on the server (BENCH_KEEP). */
    async keep() {
      await database.close();
      await admin.end();
    },
    async drop() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
