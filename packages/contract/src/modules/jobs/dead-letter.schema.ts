import { z } from 'zod';
import { listQuerySchema, listResponseSchema } from '../../api.ts';

/**
 * A dead letter: an event one subscriber still failed on after every retry (its side effect, such as
 * a storefront cache invalidation, did not happen). Listed in the Job Centre with Retry, for the
 * holders of `system` (subscribers belong to no one area).
 */
export const deadLetterSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  /** The event's name, `<thing>.changed`. */
  event: z.string(),
  payload: z.record(z.string(), z.unknown()),
  /** The module's subscriber that failed, `<module>.<what it does>`. */
  subscriber: z.string(),
  /** `dead` while it waits for a Retry; `pending`, `running` or `delivered` once retried. */
  status: z.enum(['pending', 'running', 'delivered', 'dead']),
  attempts: z.number().int(),
  error: z.string().nullable(),
  /** When the event was emitted (its write committed). */
  emittedAt: z.string(),
  /** When its last attempt failed. */
  failedAt: z.string(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;

export const deadLetterListQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });
export const deadLetterListResponseSchema = listResponseSchema(deadLetterSchema);

/** Where events stand: emitted and not yet handed out, deliveries not yet done, dead letters. */
export const eventBacklogSchema = z.object({ waiting: z.number().int(), delivering: z.number().int(), dead: z.number().int() });
export type EventBacklog = z.infer<typeof eventBacklogSchema>;

export const DEAD_LETTER_MESSAGES = {
  notDead: 'Only a dead letter can be retried.',
  retried: 'Sent again.',
} as const;
