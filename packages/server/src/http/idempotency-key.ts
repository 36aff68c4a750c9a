import { MESSAGES } from '@facet/contract/messages';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, invalidField } from './errors.ts';

/** The header a client sends so that a repeat of its request (a retry, a double click) is run once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Visible ASCII, as Stripe and the IETF draft use: UUIDs, ULIDs, order numbers. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The header in a route's schema (the OpenAPI document), with what a repeat does on that route. */
export const idempotencyHeaders = (description: string) => z.object({ [IDEMPOTENCY_HEADER]: z.string().max(255).optional().describe(description) });

/** The request's Idempotency-Key, or undefined without one; a malformed one is a 400 under the header's name. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw invalidField(IDEMPOTENCY_HEADER, MESSAGES.idempotencyKeyFormat);
  return header;
}

/** The same Idempotency-Key sent with another request: 422 under the header's name, nothing run. */
export const idempotencyKeyReused = () =>
  new AppError('UNPROCESSABLE', MESSAGES.idempotencyKeyReused, [{ path: [IDEMPOTENCY_HEADER], message: MESSAGES.idempotencyKeyReused }]);
