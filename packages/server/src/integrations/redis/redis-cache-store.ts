import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { CacheBuild, CacheKeyStats, CachePatch, CacheStore } from './cache-store.ts';
import { entryBytes } from './cache-store.ts';

/** A build's staging hash expires if its process dies before the swap (kill -9 mid-generate). */
const BUILD_TTL_SECONDS = 60 * 60;
/** Entry names per invalidation call: each is one short step of Redis's single thread. */
const INVALIDATE_SLICE = 5000;
/** Documents per patch call (a product's is a few kilobytes): a short step too. */
const PATCH_SLICE = 500;

/**
 * Notes an invalidation in every running build and patch of the key (KEYS[3], a sorted set of staging
 * hashes and patch names scored by when each expires), so one that read a document before the write
 * committed drops it: `<staging>:stale` collects entry names, `<staging>:stale-all` says every entry. A
 * build also forgets what patches wrote into it for those entries (`<staging>:put`, read at its swap).
 * ARGV[1] is the time (milliseconds), ARGV[2..] the entry names, none meaning every entry.
 */
const NOTE_IN_BUILDS = `
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[1])
for _, staging in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
  if #ARGV == 1 then
    redis.call('SET', staging .. ':stale-all', '1', 'EX', ${BUILD_TTL_SECONDS})
    redis.call('UNLINK', staging .. ':put')
  else
    for i = 2, #ARGV, 5000 do
      redis.call('SADD', staging .. ':stale', unpack(ARGV, i, math.min(i + 4999, #ARGV)))
      redis.call('HDEL', staging .. ':put', unpack(ARGV, i, math.min(i + 4999, #ARGV)))
    end
    redis.call('EXPIRE', staging .. ':stale', ${BUILD_TTL_SECONDS})
  end
end
`;

/**
 * One slice of a patch, in one step on the server: the documents of entries not invalidated since the
 * patch started go into the live key (its byte count kept right) and into the `:put` hash of every
 * running build. KEYS[1] the key's hash, KEYS[2] its meta hash, KEYS[3] its running builds and patches,
 * KEYS[4] patch:stale, KEYS[5] patch:stale-all; ARGV[1] the time, ARGV[2..] entry names and documents in
 * turn. Returns how many were written.
 */
const PATCH_SCRIPT = `
if redis.call('EXISTS', KEYS[5]) == 1 then return 0 end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[1])
local builds = {}
for _, staging in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
  if not string.find(staging, ':patch:', 1, true) then builds[#builds + 1] = staging end
end
local added = 0
local written = 0
for i = 2, #ARGV, 2 do
  local name, document = ARGV[i], ARGV[i + 1]
  if redis.call('SISMEMBER', KEYS[4], name) == 0 then
    local old = redis.call('HSTRLEN', KEYS[1], name)
    if redis.call('HSET', KEYS[1], name, document) == 1 then added = added + #name end
    added = added + #document - old
    for _, staging in ipairs(builds) do
      redis.call('HSET', staging .. ':put', name, document)
      redis.call('EXPIRE', staging .. ':put', ${BUILD_TTL_SECONDS})
    end
    written = written + 1
  end
end
if written > 0 then redis.call('HINCRBY', KEYS[2], 'bytes', added) end
return written
`;

/**
 * Removes entries of a key and keeps its byte count right, in one step on the server:
 * KEYS[1] the key's hash, KEYS[2] its meta hash, KEYS[3] its running builds; ARGV[1] the time, ARGV[2..] the entry names.
 */
const INVALIDATE_SCRIPT = `${NOTE_IN_BUILDS}
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

/** Removes every entry of a key: KEYS and ARGV[1] as above. */
const INVALIDATE_ALL_SCRIPT = `${NOTE_IN_BUILDS}
redis.call('UNLINK', KEYS[1])
if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('HSET', KEYS[2], 'bytes', 0, 'invalidatedAt', ARGV[1]) end
return 1
`;

/**
 * A build's swap, in one step on the server: drops from the staging hash what was invalidated while
 * the build ran (all of it, or the names noted), lays over it what patches wrote meanwhile, renames it
 * over the live key and writes the meta. KEYS[1] staging, KEYS[2] live, KEYS[3] meta, KEYS[4] running
 * builds, KEYS[5] staging:stale, KEYS[6] staging:stale-all, KEYS[7] staging:put; ARGV[1] the bytes
 * written, ARGV[2] the time. Returns the bytes kept, and 1 when anything was invalidated.
 */
const COMMIT_SCRIPT = `
redis.call('ZREM', KEYS[4], KEYS[1])
local bytes = tonumber(ARGV[1])
local isStale = false
if redis.call('EXISTS', KEYS[6]) == 1 then
  redis.call('UNLINK', KEYS[1])
  bytes = 0
  isStale = true
else
  for _, name in ipairs(redis.call('SMEMBERS', KEYS[5])) do
    isStale = true
    local size = redis.call('HSTRLEN', KEYS[1], name)
    if redis.call('HDEL', KEYS[1], name) == 1 then bytes = bytes - size - #name end
  end
end
local patched = redis.call('HGETALL', KEYS[7])
for i = 1, #patched, 2 do
  local name, document = patched[i], patched[i + 1]
  local old = redis.call('HSTRLEN', KEYS[1], name)
  if redis.call('HSET', KEYS[1], name, document) == 1 then bytes = bytes + #name end
  bytes = bytes + #document - old
end
redis.call('UNLINK', KEYS[5], KEYS[6], KEYS[7])
-- The old documents are UNLINKed (freed by Redis's background thread) rather than dropped by RENAME,
-- which frees a million-entry hash on the one thread every reader waits on (about 2 s).
redis.call('UNLINK', KEYS[2])
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('RENAME', KEYS[1], KEYS[2])
  redis.call('PERSIST', KEYS[2])
end
redis.call('UNLINK', KEYS[3])
redis.call('HSET', KEYS[3], 'bytes', bytes, 'generatedAt', ARGV[2])
if isStale then redis.call('HSET', KEYS[3], 'invalidatedAt', ARGV[2]) end
return { bytes, isStale and 1 or 0 }
`;

const dateOf = (value: string | undefined) => (value ? new Date(Number(value)) : null);

/**
 * The cache in Redis (REDIS_URL). Key `<prefix>:<key>` is a hash of entry name -> JSON document, the
 * form a storefront reads with one HGET; `<prefix>:<key>:meta` holds its byte count and times. A
 * build writes a staging hash with pipelined HSETs and RENAMEs it over the live one in a MULTI, so
 * readers never see half a build, and a build killed mid-way leaves only a staging hash that expires.
 * `<prefix>:<key>:builds` lists the running builds, so a write's invalidation reaches the documents
 * a build read before the write committed.
 */
export function createRedisCacheStore(url: string, { prefix = 'facet:cache' }: { prefix?: string } = {}): CacheStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  // A Redis that went away is reported by the commands that fail; the client reconnects by itself.
  redis.on('error', () => {});
  const live = (key: string) => `${prefix}:${key}`;
  const meta = (key: string) => `${prefix}:${key}:meta`;
  const builds = (key: string) => `${prefix}:${key}:builds`;
  const expiresAt = () => Date.now() + BUILD_TTL_SECONDS * 1000;

  return {
    kind: 'redis',
    async startBuild(key): Promise<CacheBuild> {
      const staging = `${prefix}:${key}:build:${randomUUID()}`;
      // Registered before the first batch is read: any write that commits after this reaches the build.
      await redis.zadd(builds(key), expiresAt(), staging);
      let bytes = 0;
      return {
        async write(entries) {
          if (entries.length === 0) return;
          const flat: string[] = [];
          for (const [name, document] of entries) {
            flat.push(name, document);
            bytes += entryBytes(name, document);
          }
          await redis.multi().hset(staging, ...flat).expire(staging, BUILD_TTL_SECONDS).zadd(builds(key), expiresAt(), staging).exec();
        },
        async commit() {
          const generatedAt = new Date();
          const time = String(generatedAt.getTime());
          const [kept, isStale] = (await redis.eval(COMMIT_SCRIPT, 7, staging, live(key), meta(key), builds(key), `${staging}:stale`, `${staging}:stale-all`, `${staging}:put`, String(bytes), time)) as [number, number];
          return { entries: await redis.hlen(live(key)), bytes: kept, generatedAt, invalidatedAt: isStale ? generatedAt : null };
        },
        async abort() {
          await redis.multi().zrem(builds(key), staging).unlink(staging, `${staging}:stale`, `${staging}:stale-all`, `${staging}:put`).exec();
        },
      };
    },
    async startPatch(key): Promise<CachePatch> {
      const patch = `${prefix}:${key}:patch:${randomUUID()}`;
      // Registered before the documents are read, as a build is: an invalidation after this reaches it.
      await redis.zadd(builds(key), expiresAt(), patch);
      return {
        async commit(entries) {
          let written = 0;
          try {
            // In slices; the patch stays registered until the last, so an invalidation between two still reaches it.
            for (let i = 0; i < entries.length; i += PATCH_SLICE) {
              const flat = entries.slice(i, i + PATCH_SLICE).flatMap(([name, document]) => [name, document]);
              written += (await redis.eval(PATCH_SCRIPT, 5, live(key), meta(key), builds(key), `${patch}:stale`, `${patch}:stale-all`, String(Date.now()), ...flat)) as number;
            }
          } finally {
            await redis.multi().zrem(builds(key), patch).unlink(`${patch}:stale`, `${patch}:stale-all`).exec();
          }
          return written;
        },
      };
    },
    async invalidate(key, entries) {
      if (entries === 'all') await redis.eval(INVALIDATE_ALL_SCRIPT, 3, live(key), meta(key), builds(key), String(Date.now()));
      // In slices: a bulk write (50,000 prices) would otherwise be one call with as many arguments.
      else for (let i = 0; i < entries.length; i += INVALIDATE_SLICE) await redis.eval(INVALIDATE_SCRIPT, 3, live(key), meta(key), builds(key), String(Date.now()), ...entries.slice(i, i + INVALIDATE_SLICE));
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
