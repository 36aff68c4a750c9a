import { idParamSchema } from '@facet/contract/api';
import { DEAD_LETTER_MESSAGES, deadLetterListQuerySchema, deadLetterListResponseSchema, deadLetterSchema, eventBacklogSchema } from '@facet/contract/modules/jobs/dead-letter.schema';
import type { DeadLetter } from '@facet/contract/modules/jobs/dead-letter.schema';
import { desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.ts';
import { conflict, notFound } from '../http/errors.ts';
import { eventDeliveries, eventOutbox } from './event.table.ts';
import type { EventRelay } from './event-relay.ts';

const columns = {
  id: eventDeliveries.id,
  eventId: eventDeliveries.eventId,
  event: eventOutbox.name,
  payload: eventOutbox.payload,
  subscriber: eventDeliveries.subscriber,
  status: eventDeliveries.status,
  attempts: eventDeliveries.attempts,
  error: eventDeliveries.error,
  emittedAt: eventOutbox.createdAt,
  failedAt: eventDeliveries.updatedAt,
};

const toDeadLetter = (row: Omit<DeadLetter, 'payload' | 'emittedAt' | 'failedAt'> & { payload: unknown; emittedAt: Date; failedAt: Date }): DeadLetter => ({
  ...row,
  payload: row.payload as Record<string, unknown>,
  emittedAt: row.emittedAt.toISOString(),
  failedAt: row.failedAt.toISOString(),
});

/**
 * The Job Centre's dead letters: events a subscriber still failed on after its retries, newest
 * first, and Retry (the delivery runs again with fresh attempts). Permission `system`.
 */
export function deadLetterRoutes(app: FastifyInstance, db: Db, relay: EventRelay) {
  const config = { permission: 'system' as const };
  const tags = ['jobs'];
  const route = app.withTypeProvider<ZodTypeProvider>();
  const isDead = eq(eventDeliveries.status, 'dead');
  const find = async (id: number) => {
    const [row] = await db.select(columns).from(eventDeliveries).innerJoin(eventOutbox, eq(eventOutbox.id, eventDeliveries.eventId)).where(eq(eventDeliveries.id, id));
    return row;
  };

  route.get('/api/jobs/dead-letters', { config, schema: { tags, querystring: deadLetterListQuerySchema, response: { 200: deadLetterListResponseSchema } } }, async (request) => {
    const { page, pageSize } = request.query;
    const [rows, total] = await Promise.all([
      db
        .select(columns)
        .from(eventDeliveries)
        .innerJoin(eventOutbox, eq(eventOutbox.id, eventDeliveries.eventId))
        .where(isDead)
        .orderBy(desc(eventDeliveries.updatedAt), desc(eventDeliveries.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.$count(eventDeliveries, isDead),
    ]);
    return { items: rows.map(toDeadLetter), total, page, pageSize };
  });

  // How far delivery is behind: what the Job Centre shows above its dead letters.
  route.get('/api/jobs/events', { config, schema: { tags, response: { 200: eventBacklogSchema } } }, async () => {
    const [waiting, delivering, dead] = await Promise.all([
      db.$count(eventOutbox, isNull(eventOutbox.dispatchedAt)),
      db.$count(eventDeliveries, inArray(eventDeliveries.status, ['pending', 'running'])),
      db.$count(eventDeliveries, isDead),
    ]);
    return { waiting, delivering, dead };
  });

  route.post('/api/jobs/dead-letters/:id/retry', { config, schema: { tags, params: idParamSchema, response: { 200: deadLetterSchema } } }, async (request) => {
    const { id } = request.params;
    const letter = await find(id);
    if (!letter) throw notFound();
    if (!(await relay.retry(id))) throw conflict(DEAD_LETTER_MESSAGES.notDead);
    // The letter as the retry left it: read again, it could already show its new delivery under way
    // (the worker is woken at once), which made the answer's attempts 1 now and then on PostgreSQL.
    return toDeadLetter({ ...letter, status: 'pending', attempts: 0, error: null });
  });
}
