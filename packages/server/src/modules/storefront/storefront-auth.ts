import type { StorefrontScope } from '@facet/contract/modules/api-keys/api-key.schema';
import { MESSAGES } from '@facet/contract/messages';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { StorefrontCaller } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { hashApiKey } from '../api-keys/api-key.service.ts';
import { apiKeys } from '../api-keys/api-key.table.ts';
import type { RateLimiter } from './rate-limit.ts';
import { createMemoryRateLimiter, createRedisRateLimiter } from './rate-limit.ts';

/** last_used_at is written at most this often per key: a busy storefront does not write on every request. */
const LAST_USED_EVERY_MS = 60_000;
/** Longer than any key we issue; a longer header is refused before it is hashed. */
const KEY_MAX_LENGTH = 200;

/** The key a request carries: `Authorization: Bearer <key>`, else `X-Api-Key: <key>`. */
function keyOf(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer +(\S+) *$/i.exec(authorization);
    return match ? match[1]! : null;
  }
  const header = request.headers['x-api-key'];
  return typeof header === 'string' && header.length > 0 ? header.trim() : null;
}

export interface StorefrontAuth {
  /**
   * Authenticates a storefront request by its API key (401 without one, or with an unknown or
   * revoked key), counts it against the key's rate limit (429 with Retry-After), then checks the
   * route's scope (403). Staff session cookies play no part here.
   */
  authenticate(request: FastifyRequest, scope: StorefrontScope | null): Promise<StorefrontCaller>;
  close(): Promise<void>;
}

export function createStorefrontAuth(db: Db, config: Config, log: FastifyBaseLogger): StorefrontAuth {
  const limits = { limit: config.storefrontRateLimit, windowSeconds: config.storefrontRateWindowSeconds };
  const limiter: RateLimiter = config.redisUrl
    ? createRedisRateLimiter(config.redisUrl, { ...limits, prefix: `${config.redisKeyPrefix}:storefront-rate` })
    : createMemoryRateLimiter(limits);
  /** When this process last wrote each key's last_used_at. */
  const touched = new Map<number, number>();

  async function touch(id: number, now: number) {
    if (now - (touched.get(id) ?? 0) < LAST_USED_EVERY_MS) return;
    touched.set(id, now);
    // Another process may have written it a moment ago: the condition keeps it to once a minute overall.
    const cutoff = new Date(now - LAST_USED_EVERY_MS);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, cutoff))));
  }

  return {
    async authenticate(request, scope) {
      const key = keyOf(request);
      if (!key) throw new AppError('UNAUTHENTICATED', MESSAGES.apiKeyMissing);
      if (key.length > KEY_MAX_LENGTH) throw new AppError('UNAUTHENTICATED', MESSAGES.apiKeyInvalid);
      const [row] = await db
        .select({ id: apiKeys.id, name: apiKeys.name, scopes: apiKeys.scopes })
        .from(apiKeys)
        .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)));
      if (!row) throw new AppError('UNAUTHENTICATED', MESSAGES.apiKeyInvalid);
      const now = Date.now();
      let decision: Awaited<ReturnType<RateLimiter['take']>> = { allowed: true };
      try {
        decision = await limiter.take(String(row.id), now);
      } catch (error) {
        // Redis down: the storefront keeps working unlimited rather than failing every request.
        log.warn({ err: error }, 'storefront rate limiter unavailable; request allowed');
      }
      if (!decision.allowed) {
        throw new AppError('TOO_MANY_REQUESTS', MESSAGES.apiKeyRateLimited, undefined, { 'retry-after': String(decision.retryAfterSeconds) });
      }
      if (scope && !row.scopes.includes(scope)) throw new AppError('FORBIDDEN', MESSAGES.apiKeyScope(scope));
      await touch(row.id, now);
      return { id: row.id, name: row.name, scopes: row.scopes };
    },
    close: () => limiter.close(),
  };
}
