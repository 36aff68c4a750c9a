import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { parentPort, workerData } from 'node:worker_threads';
import type { Db } from '../../../db/client.ts';
import { lowerThisThreadsPriority } from '../../../workers/background-priority.ts';
import { transferablesOf } from '../../../workers/transferables.ts';
import type { SnapshotThreadStart } from './list-index-sql.ts';
import { readListSnapshot } from './list-index-sql.ts';

/**
 * The thread of a snapshot build (`readListSnapshotInThread`): reads the table on a connection of
 * its own, builds the snapshot, and hands its arrays over to the main thread (moved, not copied).
 * The million rows' objects, their decoding and collection, and the sorts stay here, off the event
 * loop that answers staff.
 */
const port = parentPort!;
const { databaseUrl } = workerData as SnapshotThreadStart;
lowerThisThreadsPriority();
const client = new pg.Client({ connectionString: databaseUrl });
try {
  await client.connect();
  const snapshot = await readListSnapshot(drizzle(client) as unknown as Db);
  await client.end();
  port.postMessage({ snapshot }, transferablesOf(snapshot));
} catch (error) {
  await client.end().catch(() => undefined);
  port.postMessage({ failed: error instanceof Error ? error.message : String(error) });
}
