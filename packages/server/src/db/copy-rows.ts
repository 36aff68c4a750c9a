import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './client.ts';

/**
 * Rows into `table` by COPY FROM in its text format (`rows`: lines of tab-separated `copyField`s,
 * each ending in a newline). PostgreSQL reads them in about half the CPU of the same rows as
 * unnest's array parameters (staging 200,000 feed stones: 1.3-1.7 s against 2.8-3.2 s), and the text
 * is as cheap to build here as the arrays were. On node-postgres through pg-copy-streams, on the
 * connection of `db`'s transaction when it is one (else one of the pool's); on PGlite through its
 * `/dev/blob`. `table` and `columns` are the caller's constants, never input.
 */
export async function copyRows(db: Db, table: string, columns: readonly string[], rows: string | Uint8Array): Promise<void> {
  const client = (db as unknown as { session: { client: unknown } }).session.client;
  const statement = `copy ${table} (${columns.join(', ')}) from `;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      await copyOver(connection, statement, rows);
    } catch (error) {
      // A COPY that failed half-way leaves the connection in no state to reuse.
      connection.release(error as Error);
      throw error;
    }
    connection.release();
  } else if (client instanceof pg.Client) {
    await copyOver(client, statement, rows);
  } else {
    // PGlite, or one of its transactions (which has no class of its own to test).
    const target = client as Pick<PGlite, 'query'>;
    await target.query(`${statement}'/dev/blob'`, [], { blob: new Blob([rows as BlobPart]) });
  }
}

/**
 * The rows go to the connection in pieces of this size, one a turn of the event loop: a batch of feed
 * stones is several MB, and written whole it held the event loop for the kernel's loopback copy of
 * all of it (up to 0.6 s under load) while staff's requests waited. One a turn, because the
 * connection's writes are corked until the end of the turn (`coalesceQueryWrites`): pieces written in
 * one turn still leave as one write.
 */
const COPY_PIECE_BYTES = 256 * 1024;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Waits for the stream to drain or fail, leaving no listener behind (a batch waits many times). */
function drainedOrFailed(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('error', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('error', done);
  });
}

function copyOver(client: pg.ClientBase, statement: string, rows: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const stream = client.query(copyFrom(`${statement}stdin`));
    let failure: Error | null = null;
    stream.on('finish', resolve);
    stream.on('error', (error: Error) => {
      failure = error;
      reject(error);
    });
    const bytes = typeof rows === 'string' ? Buffer.from(rows) : rows;
    void (async () => {
      for (let at = 0; at < bytes.length && !failure; at += COPY_PIECE_BYTES) {
        // The socket's buffer is full: the next piece waits for it to drain (or the COPY to fail).
        if (!stream.write(bytes.subarray(at, at + COPY_PIECE_BYTES))) await drainedOrFailed(stream);
        await nextTurn();
      }
      if (!failure) stream.end();
    })();
  });
}
