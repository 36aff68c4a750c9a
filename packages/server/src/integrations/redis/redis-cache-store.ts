import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { CacheBuild, CacheKeyStats, CacheStore } from './cache-store.ts';
import { entryBytes } from './cache-store.ts';

/** A build's staging hash expires if its process dies before the swap (kill -9 mid-generate). */
const BUILD_TTL_SECONDS = 60 * 60;

/**
 * Removes entries of a key and keeps its byte count right, in one step on the server:
 * KEYS[1] the key's hash, KEYS[2] its meta hash; ARGV[1] the time, ARGV[2..] the entry names.
 */
const INVALIDATE_SCRIPT = `
local freed = 0
for i = 2, #ARGV do
  local size = redis.call('HSTRLEN', KEYS[1], ARGV[i])
  if redis.call('HDEL', KEYS[1], ARGV[i]) == 1 then freed = freed + size + #ARGV[i] end
end
if redis.call('EXISTS', KEYS[2]) == 1 then
  if freed > 0 then redis.call('HINCRBY', KEYS[2], 'bytes', -freed) end
  redis.call('HSET', KEYS[2], 'invalidatedAt', ARGV[1])
end
return freed
`;

/** Removes every entry of a key: KEYS as above, ARGV[1] the time. */
const INVALIDATE_ALL_SCRIPT = `
redis.call('UNLINK', KEYS[1])
if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('HSET', KEYS[2], 'bytes', 0, 'invalidatedAt', ARGV[1]) end
return 1
`;

const dateOf = (value: string | undefined) => (value ? new Date(Number(value)) : null);

/**
 * The cache in Redis (REDIS_URL). Key `<prefix>:<key>` is a hash of entry name -> JSON document, the
 * form a storefront reads with one HGET; `<prefix>:<key>:meta` holds its byte count and times. A
 * build writes a staging hash with pipelined HSETs and RENAMEs it over the live one in a MULTI, so
 * readers never see half a build, and a build killed mid-way leaves only a staging hash that expires.
 */
export function createRedisCacheStore(url: string, { prefix = 'facet:cache' }: { prefix?: string } = {}): CacheStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  // A Redis that went away is reported by the commands that fail; the client reconnects by itself.
  redis.on('error', () => {});
  const live = (key: string) => `${prefix}:${key}`;
  const meta = (key: string) => `${prefix}:${key}:meta`;

  return {
    kind: 'redis',
    async startBuild(key): Promise<CacheBuild> {
      const staging = `${prefix}:${key}:build:${randomUUID()}`;
      let bytes = 0;
      let written = 0;
      return {
        async write(entries) {
          if (entries.length === 0) return;
          const flat: string[] = [];
          for (const [name, document] of entries) {
            flat.push(name, document);
            bytes += entryBytes(name, document);
          }
          written += entries.length;
          await redis.multi().hset(staging, ...flat).expire(staging, BUILD_TTL_SECONDS).exec();
        },
        async commit() {
          const generatedAt = new Date();
          const swap = redis.multi();
          if (written > 0) swap.rename(staging, live(key)).persist(live(key));
          else swap.unlink(live(key));
          swap.unlink(meta(key)).hset(meta(key), 'bytes', String(bytes), 'generatedAt', String(generatedAt.getTime()));
          await swap.exec();
          return { entries: await redis.hlen(live(key)), bytes, generatedAt, invalidatedAt: null };
        },
        async abort() {
          await redis.unlink(staging);
        },
      };
    },
    async invalidate(key, entries) {
      if (entries === 'all') await redis.eval(INVALIDATE_ALL_SCRIPT, 2, live(key), meta(key), String(Date.now()));
      else if (entries.length) await redis.eval(INVALIDATE_SCRIPT, 2, live(key), meta(key), String(Date.now()), ...entries);
    },
    async clear(key) {
      await redis.unlink(live(key), meta(key));
    },
    async stats(keys) {
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.hlen(live(key)).hgetall(meta(key));
      const replies = (await pipeline.exec()) ?? [];
      const result = new Map<string, CacheKeyStats>();
      keys.forEach((key, index) => {
        const [lengthError, length] = replies[index * 2] ?? [];
        const [metaError, fields] = replies[index * 2 + 1] ?? [];
        if (lengthError) throw lengthError;
        if (metaError) throw metaError;
        const held = fields as Record<string, string>;
        result.set(key, {
          entries: Number(length),
          bytes: Number(held.bytes ?? 0),
          generatedAt: dateOf(held.generatedAt),
          invalidatedAt: dateOf(held.invalidatedAt),
        });
      });
      return result;
    },
    read: (key, entry) => redis.hget(live(key), entry),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
