import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Whether a request may go ahead, and if not, the seconds until the window that allows it. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  kind: 'redis' | 'memory' | 'redis-or-memory';
  /** Counts one request of `subject` (an API key's id, a client address) and says whether it is within the limit. */
  take(subject: string, now?: number): Promise<RateDecision>;
  close(): Promise<void>;
}

interface Limits {
  limit: number;
  windowSeconds: number;
}

/**
 * A fixed window: at most `limit` requests per key in each window of `windowSeconds` aligned on the
 * clock. A burst of twice the limit across a window's edge is possible and accepted: the limit is to
 * keep one storefront (or a leaked key) from starving the back office, not an exact quota.
 */
function windowOf(now: number, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const index = Math.floor(now / windowMs);
  return { index, retryAfterSeconds: Math.max(1, Math.ceil(((index + 1) * windowMs - now) / 1000)) };
}

/** In the process's memory (no REDIS_URL): each server process counts on its own. */
export function createMemoryRateLimiter({ limit, windowSeconds }: Limits): RateLimiter {
  const counts = new Map<string, { index: number; count: number }>();
  return {
    kind: 'memory',
    async take(subject, now = Date.now()) {
      const window = windowOf(now, windowSeconds);
      const held = counts.get(subject);
      const entry = held && held.index === window.index ? held : { index: window.index, count: 0 };
      entry.count += 1;
      counts.set(subject, entry);
      // Keys of past windows go once the map grows (a handful of keys in practice).
      if (counts.size > 10_000) for (const [key, value] of counts) if (value.index !== window.index) counts.delete(key);
      return entry.count <= limit ? { allowed: true } : { allowed: false, retryAfterSeconds: window.retryAfterSeconds };
    },
    async close() {},
  };
}

/**
 * In Redis (REDIS_URL): every server process shares the count. One INCR per request on
 * `<prefix>:<key id>:<window>`, which expires with its window; the first INCR sets the expiry.
 */
export function createRedisRateLimiter(url: string, { limit, windowSeconds, prefix }: Limits & { prefix: string }): RateLimiter {
  // No offline queue: while Redis is away a command fails at once (and the caller falls back) instead
  // of holding the request until a reconnect.
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: false });
  // A Redis that went away is reported by the commands that fail; the client reconnects by itself.
  redis.on('error', () => {});
  return {
    kind: 'redis',
    async take(subject, now = Date.now()) {
      const window = windowOf(now, windowSeconds);
      const key = `${prefix}:${subject}:${window.index}`;
      const [[, count] = []] = (await redis.multi().incr(key).expire(key, windowSeconds + 1, 'NX').exec()) ?? [];
      return Number(count) <= limit ? { allowed: true } : { allowed: false, retryAfterSeconds: window.retryAfterSeconds };
    },
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * Redis, and the process's memory when a Redis command fails: a limiter that cannot count never lets
 * everything through (a Redis an attacker can make refuse commands, by filling its memory, would
 * otherwise lift every limit). While Redis is away each process counts on its own, as without Redis.
 */
export function createFallbackRateLimiter(primary: RateLimiter, fallback: RateLimiter, log: FastifyBaseLogger): RateLimiter {
  return {
    kind: 'redis-or-memory',
    async take(subject, now = Date.now()) {
      try {
        return await primary.take(subject, now);
      } catch (error) {
        log.warn({ err: error }, 'storefront rate limiter: Redis unavailable; counting in memory');
        return fallback.take(subject, now);
      }
    },
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}
