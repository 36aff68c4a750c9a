import type { StorefrontScope } from '@facet/contract/modules/api-keys/api-key.schema';
import { unheldScopePermissions } from '@facet/contract/modules/api-keys/api-key.schema';
import { MESSAGES } from '@facet/contract/messages';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { StorefrontCaller } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { hashApiKey } from '../api-keys/index.ts';
import { apiKeys } from '../api-keys/api-key.table.ts';
import { permissionKeysOfUser } from '../auth/index.ts';
import { users } from '../users/user.table.ts';
import type { RateLimiter } from './rate-limit.ts';
import { createFallbackRateLimiter, createMemoryRateLimiter, createRedisRateLimiter } from './rate-limit.ts';

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
   * Authenticates a storefront request by its API key: counts it against its address's rate limit
   * (429), looks the key up (401 without one, or with an unknown, revoked or expired key, or one whose
   * creator is disabled or deleted), counts it against the key's rate limit (429 with Retry-After),
   * then checks the route's scope (403 when the key lacks it, or its creator no longer holds the
   * permissions it needs). Staff session cookies play no part here.
   */
  authenticate(request: FastifyRequest, scope: StorefrontScope | null): Promise<StorefrontCaller>;
  close(): Promise<void>;
}

/** Redis when configured, falling back to memory when it fails; memory alone otherwise. */
function limiterFor(config: Config, log: FastifyBaseLogger, limit: number, name: string): RateLimiter {
  const limits = { limit, windowSeconds: config.storefrontRateWindowSeconds };
  const memory = createMemoryRateLimiter(limits);
  if (!config.redisUrl) return memory;
  return createFallbackRateLimiter(createRedisRateLimiter(config.redisUrl, { ...limits, prefix: `${config.redisKeyPrefix}:${name}` }), memory, log);
}

function throttled(message: string, decision: { retryAfterSeconds: number }) {
  return new AppError('TOO_MANY_REQUESTS', message, undefined, { 'retry-after': String(decision.retryAfterSeconds) });
}

export function createStorefrontAuth(db: Db, config: Config, log: FastifyBaseLogger): StorefrontAuth {
  const keyLimiter = limiterFor(config, log, config.storefrontRateLimit, 'storefront-rate');
  const addressLimiter = limiterFor(config, log, config.storefrontAddressRateLimit, 'storefront-address-rate');
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

  /**
   * The live key of a hash with its creator's standing, in one round trip: a key is worth no more than
   * the user behind it, as that user is now (not when the key was made).
   */
  const keyOfHash = (keyHash: string) =>
    db
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        scopes: apiKeys.scopes,
        expiresAt: apiKeys.expiresAt,
        creatorActive: users.status,
        creatorDeletedAt: users.deletedAt,
        creatorPermissions: permissionKeysOfUser,
      })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdBy))
      .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
      .then((rows) => rows[0]);

  return {
    async authenticate(request, scope) {
      const key = keyOf(request);
      if (!key) throw new AppError('UNAUTHENTICATED', MESSAGES.apiKeyMissing);
      const now = Date.now();
      // Before the lookup: made-up keys have no key to count against, and each costs a query.
      const fromAddress = await addressLimiter.take(request.ip, now);
      if (!fromAddress.allowed) throw throttled(MESSAGES.storefrontAddressRateLimited, fromAddress);
      if (key.length > KEY_MAX_LENGTH) throw new AppError('UNAUTHENTICATED', MESSAGES.apiKeyInvalid);
      const row = await keyOfHash(hashApiKey(key));
      if (!row) throw new AppError('UNAUTHENTICATED', MESSAGES.apiKeyInvalid);
      if (row.expiresAt && row.expiresAt.getTime() <= now) throw new AppError('UNAUTHENTICATED', MESSAGES.apiKeyExpired);
      // A key is worth what its creator may do now; a key without one (created_by null) is worth nothing.
      if (!row.creatorActive || row.creatorDeletedAt) throw new AppError('UNAUTHENTICATED', MESSAGES.apiKeyCreatorInactive);
      const decision = await keyLimiter.take(String(row.id), now);
      if (!decision.allowed) throw throttled(MESSAGES.apiKeyRateLimited, decision);
      const held = row.creatorPermissions ?? [];
      if (scope && !row.scopes.includes(scope)) throw new AppError('FORBIDDEN', MESSAGES.apiKeyScope(scope));
      if (scope && unheldScopePermissions(held, [scope]).length) throw new AppError('FORBIDDEN', MESSAGES.apiKeyScopeLapsed(scope));
      await touch(row.id, now);
      // The scopes that work now: those whose permissions the creator still holds.
      return { id: row.id, name: row.name, scopes: row.scopes.filter((granted) => unheldScopePermissions(held, [granted]).length === 0) };
    },
    close: async () => {
      await Promise.all([keyLimiter.close(), addressLimiter.close()]);
    },
  };
}
