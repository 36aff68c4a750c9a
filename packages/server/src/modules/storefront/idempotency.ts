import { MESSAGES } from '@facet/contract/messages';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { keyedHash } from '../../secret-key.ts';
import { AppError } from '../../http/errors.ts';
import { idempotencyHeaders as headersWith, idempotencyKeyOf, idempotencyKeyReused } from '../../http/idempotency-key.ts';
import { storefrontIdempotency } from './idempotency.table.ts';

/** How long a stored answer is replayed; after that the Idempotency-Key may be used afresh. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a duplicate waits for the first request to finish before it is told 409. */
const WAIT_FOR_FIRST_MS = 5000;
const POLL_MS = 25;
/** Expired answers are swept on a write, at most this often per process. */
const SWEEP_EVERY_MS = 60_000;
/** The header every storefront POST takes (optional; see createIdempotency). */
export const idempotencyHeaders = headersWith('Runs the POST once: a repeat with the same body gets the stored answer for 24 hours.');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fingerprint of what makes two requests the same: method, path and the body as validated. Keyed
 * with the secret key (HMAC-SHA256), as the body may hold a customer's password: a plain SHA-256 of a
 * known body shape lets anyone who reads the table test guessed passwords against it.
 */
function requestHash(secretKey: Buffer, request: FastifyRequest): string {
  return keyedHash(secretKey, `${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`);
}

/** What a storefront POST answers: its status (201 added, 200 an existing row changed) and body. */
type StorefrontAnswer = { status: number; body: unknown };

/**
 * Runs a storefront POST at most once per API key and Idempotency-Key (DESIGN §4): the first request
 * claims the key by inserting its row (the unique index decides between concurrent ones), runs, and
 * stores its status and body; a repeat with the same body gets that stored answer (header
 * `Idempotent-Replayed: true`) without running again, one with another body 422, and one arriving
 * while the first still runs waits for it (up to 5 s, then 409). A request that fails (4xx or 5xx)
 * gives its claim back, so a retry runs afresh. Without the header a POST simply runs.
 *
 * A process killed between the write and storing the answer leaves a claim without an answer: its
 * repeats get 409 until the claim expires (24 h). The write and the answer are not one transaction
 * because the services own their transactions.
 */
export function createIdempotency(db: Db, secretKey: Buffer) {
  let lastSweep = 0;
  async function sweep(now: number) {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    await db.delete(storefrontIdempotency).where(lt(storefrontIdempotency.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)));
  }

  async function claim(apiKeyId: number, idempotencyKey: string, hash: string): Promise<number | null> {
    const [row] = await db
      .insert(storefrontIdempotency)
      .values({ apiKeyId, idempotencyKey, requestHash: hash })
      .onConflictDoNothing({ target: [storefrontIdempotency.apiKeyId, storefrontIdempotency.idempotencyKey] })
      .returning({ id: storefrontIdempotency.id });
    return row?.id ?? null;
  }

  const stored = (apiKeyId: number, idempotencyKey: string) =>
    db
      .select()
      .from(storefrontIdempotency)
      .where(and(eq(storefrontIdempotency.apiKeyId, apiKeyId), eq(storefrontIdempotency.idempotencyKey, idempotencyKey)))
      .then((rows) => rows[0]);

  return async function idempotent(request: FastifyRequest, reply: FastifyReply, run: () => Promise<StorefrontAnswer>) {
    const header = idempotencyKeyOf(request);
    if (header === undefined) {
      const answer = await run();
      return reply.status(answer.status).send(answer.body);
    }
    const apiKeyId = request.apiKey!.id;
    const hash = requestHash(secretKey, request);
    const now = Date.now();
    await sweep(now);

    let id = await claim(apiKeyId, header, hash);
    const deadline = now + WAIT_FOR_FIRST_MS;
    while (id === null) {
      const row = await stored(apiKeyId, header);
      if (!row) {
        // The first request failed and gave its claim back: claim it now.
        id = await claim(apiKeyId, header, hash);
        continue;
      }
      if (row.createdAt.getTime() < Date.now() - IDEMPOTENCY_TTL_MS) {
        // An expired answer the sweep has not reached: the key is free again.
        await db.delete(storefrontIdempotency).where(eq(storefrontIdempotency.id, row.id));
        continue;
      }
      if (row.requestHash !== hash) throw idempotencyKeyReused();
      if (row.statusCode !== null) return reply.status(row.statusCode).header('idempotent-replayed', 'true').send(row.responseBody);
      if (Date.now() >= deadline) throw new AppError('CONFLICT', MESSAGES.idempotencyInProgress, undefined, { 'retry-after': '1' });
      await sleep(POLL_MS);
    }

    let body: unknown;
    let status: number;
    try {
      const answer = await run();
      status = answer.status;
      // Stored as it is sent: the JSON form, so a replay answers the same text.
      body = JSON.parse(JSON.stringify(answer.body ?? null)) as unknown;
    } catch (error) {
      await db.delete(storefrontIdempotency).where(eq(storefrontIdempotency.id, id));
      throw error;
    }
    await db.update(storefrontIdempotency).set({ statusCode: status, responseBody: body }).where(eq(storefrontIdempotency.id, id));
    return reply.status(status).send(body);
  };
}

