import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { CacheStore } from './cache-store.ts';
import { entryBytes } from './cache-store.ts';
import { createMemoryCacheStore } from './memory-cache-store.ts';
import { createRedisCacheStore } from './redis-cache-store.ts';
import { isRedisAnswering } from './redis-probe.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';

const redisUp = await isRedisAnswering(REDIS_URL);

/** The same behaviour from both stores: the screen's figures, the atomic swap, invalidation, clearing. */
function describeStore(name: string, make: () => CacheStore, cleanUp: () => Promise<void> = async () => {}) {
  describe(name, () => {
    const store = make();
    afterAll(async () => {
      await cleanUp();
      await store.close();
    });

    it('shows nothing for a key never generated', async () => {
      const stats = (await store.stats(['never'])).get('never');
      expect(stats).toEqual({ entries: 0, bytes: 0, generatedAt: null, invalidatedAt: null });
      expect(await store.read('never', 'x')).toBeNull();
    });

    it('swaps a build in at commit: readers see the old documents until then', async () => {
      const first = await store.startBuild('products');
      await first.write([
        ['1', '{"sku":"A"}'],
        ['2', '{"sku":"B"}'],
      ]);
      await first.commit();
      const second = await store.startBuild('products');
      await second.write([['3', '{"sku":"C"}']]);
      await second.write([['4', '{"sku":"Dé"}']]);
      expect(await store.read('products', '1')).toBe('{"sku":"A"}');
      expect(await store.read('products', '3')).toBeNull();
      const before = Date.now();
      const stats = await second.commit();
      expect(stats.entries).toBe(2);
      expect(stats.bytes).toBe(entryBytes('3', '{"sku":"C"}') + entryBytes('4', '{"sku":"Dé"}'));
      expect(await store.read('products', '1')).toBeNull();
      expect(await store.read('products', '4')).toBe('{"sku":"Dé"}');
      const shown = (await store.stats(['products'])).get('products')!;
      expect(shown).toMatchObject({ entries: 2, bytes: stats.bytes, invalidatedAt: null });
      expect(shown.generatedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });

    it('an aborted build leaves the live key as it was', async () => {
      const build = await store.startBuild('products');
      await build.write([['9', '{}']]);
      await build.abort();
      expect((await store.stats(['products'])).get('products')!.entries).toBe(2);
      expect(await store.read('products', '9')).toBeNull();
    });

    it('invalidating an entry removes its document, lowers the figures and notes when', async () => {
      const held = (await store.stats(['products'])).get('products')!;
      await store.invalidate('products', ['3', 'not-there']);
      const after = (await store.stats(['products'])).get('products')!;
      expect(await store.read('products', '3')).toBeNull();
      expect(after.entries).toBe(1);
      expect(after.bytes).toBe(held.bytes - entryBytes('3', '{"sku":"C"}'));
      expect(after.invalidatedAt).not.toBeNull();
      expect(after.generatedAt).toEqual(held.generatedAt);
    });

    it('invalidating all of a key empties it and keeps when it was generated', async () => {
      const build = await store.startBuild('pages');
      await build.write([['about', '{"title":"About"}']]);
      const { generatedAt } = await build.commit();
      await store.invalidate('pages', 'all');
      expect((await store.stats(['pages'])).get('pages')).toMatchObject({ entries: 0, bytes: 0, generatedAt });
      expect((await store.stats(['pages'])).get('pages')!.invalidatedAt).not.toBeNull();
      expect(await store.read('pages', 'about')).toBeNull();
      // A key never generated stays so.
      await store.invalidate('never', 'all');
      expect((await store.stats(['never'])).get('never')!.invalidatedAt).toBeNull();
    });

    it('a build drops at its swap the entries invalidated while it ran (it may have read them before the write committed)', async () => {
      const build = await store.startBuild('race');
      await build.write([
        ['1', '{"price":100}'],
        ['2', '{"price":200}'],
      ]);
      // A product saved now: the build read its old document, and may write more it read before the save.
      await store.invalidate('race', ['1', '3']);
      await build.write([
        ['3', '{"price":300}'],
        ['4', '{"price":400}'],
      ]);
      const stats = await build.commit();
      expect(await store.read('race', '1')).toBeNull();
      expect(await store.read('race', '3')).toBeNull();
      expect(await store.read('race', '2')).toBe('{"price":200}');
      expect(stats).toMatchObject({ entries: 2, bytes: entryBytes('2', '{"price":200}') + entryBytes('4', '{"price":400}') });
      expect(stats.invalidatedAt).not.toBeNull();
      expect((await store.stats(['race'])).get('race')).toMatchObject({ entries: 2, bytes: stats.bytes, invalidatedAt: expect.any(Date) });

      // Invalidated in full (a category renamed) while a build ran: nothing it read is kept.
      const whole = await store.startBuild('race');
      await whole.write([['5', '{}']]);
      await store.invalidate('race', 'all');
      await whole.write([['6', '{}']]);
      expect(await whole.commit()).toMatchObject({ entries: 0, bytes: 0 });
      expect(await store.read('race', '6')).toBeNull();

      // What was noted belongs to that build only: the next one keeps everything it writes.
      const next = await store.startBuild('race');
      await next.write([['1', '{"price":110}']]);
      expect(await next.commit()).toMatchObject({ entries: 1, invalidatedAt: null });
      expect(await store.read('race', '1')).toBe('{"price":110}');
    });

    it('a patch puts documents into the live key, leaving out those invalidated since it started', async () => {
      const build = await store.startBuild('patched');
      await build.write([
        ['1', '{"price":100}'],
        ['2', '{"price":200}'],
        ['3', '{"price":300}'],
      ]);
      const { generatedAt } = await build.commit();
      // A rule started on 1, 3 and 4 (a product the key did not hold): removed, then built again.
      await store.invalidate('patched', ['1', '3', '4']);
      const patch = await store.startPatch('patched');
      // 3 is saved by staff while the patch reads: the patch may hold its document from before the save.
      await store.invalidate('patched', ['3']);
      expect(await patch.commit([['1', '{"price":90}'], ['3', '{"price":270}'], ['4', '{"price":36}']])).toBe(2);
      expect(await store.read('patched', '1')).toBe('{"price":90}');
      expect(await store.read('patched', '2')).toBe('{"price":200}');
      expect(await store.read('patched', '3')).toBeNull();
      expect(await store.read('patched', '4')).toBe('{"price":36}');
      expect((await store.stats(['patched'])).get('patched')).toMatchObject({
        entries: 3,
        bytes: entryBytes('1', '{"price":90}') + entryBytes('2', '{"price":200}') + entryBytes('4', '{"price":36}'),
        generatedAt,
      });
      // What was noted belongs to that patch only; a patch started before a key is invalidated whole writes nothing.
      expect(await (await store.startPatch('patched')).commit([['3', '{"price":270}']])).toBe(1);
      const whole = await store.startPatch('patched');
      await store.invalidate('patched', 'all');
      expect(await whole.commit([['2', '{"price":180}']])).toBe(0);
      expect(await store.read('patched', '2')).toBeNull();
    });

    it('a patch while a build runs is neither lost at the swap nor outlived by an older document the build read', async () => {
      const first = await store.startBuild('patch-race');
      await first.write([
        ['1', '{"price":100}'],
        ['2', '{"price":200}'],
      ]);
      await first.commit();
      const build = await store.startBuild('patch-race');
      // The build reads 3, then 1, at the regular price (writing the first batch while it reads the next);
      // then a rule starts on 1, 3 and 5 and they are republished.
      await build.write([['3', '{"price":300}']]);
      await store.invalidate('patch-race', ['1', '3', '5']);
      const patch = await store.startPatch('patch-race');
      await patch.commit([['1', '{"price":90}'], ['3', '{"price":270}'], ['5', '{"price":450}']]);
      expect(await store.read('patch-race', '1')).toBe('{"price":90}');
      // Then a staff save of 5 (its patched document is stale now); the build writes the batch it read before the rule started.
      await store.invalidate('patch-race', ['5']);
      await build.write([
        ['2', '{"price":200}'],
        ['5', '{"price":500}'],
        ['1', '{"price":100}'],
      ]);
      const stats = await build.commit();
      expect(await store.read('patch-race', '1')).toBe('{"price":90}');
      expect(await store.read('patch-race', '2')).toBe('{"price":200}');
      expect(await store.read('patch-race', '3')).toBe('{"price":270}');
      expect(await store.read('patch-race', '5')).toBeNull();
      expect(stats).toMatchObject({ entries: 3, bytes: entryBytes('1', '{"price":90}') + entryBytes('2', '{"price":200}') + entryBytes('3', '{"price":270}') });
      expect((await store.stats(['patch-race'])).get('patch-race')).toMatchObject({ entries: 3, bytes: stats.bytes });

      // A build whose key was invalidated whole keeps only what patches wrote after that.
      const whole = await store.startBuild('patch-race');
      await whole.write([['2', '{"price":200}']]);
      await store.invalidate('patch-race', 'all');
      await (await store.startPatch('patch-race')).commit([['1', '{"price":80}']]);
      expect(await whole.commit()).toMatchObject({ entries: 1, bytes: entryBytes('1', '{"price":80}') });
      expect(await store.read('patch-race', '1')).toBe('{"price":80}');
      expect(await store.read('patch-race', '2')).toBeNull();
    });

    it('a build of nothing leaves an empty key that was generated', async () => {
      const build = await store.startBuild('diamonds');
      const stats = await build.commit();
      expect(stats).toMatchObject({ entries: 0, bytes: 0 });
      expect((await store.stats(['diamonds'])).get('diamonds')!.generatedAt).not.toBeNull();
    });

    it('clearing empties the key and forgets when it was generated', async () => {
      await store.clear('products');
      expect((await store.stats(['products'])).get('products')).toEqual({ entries: 0, bytes: 0, generatedAt: null, invalidatedAt: null });
      expect(await store.read('products', '4')).toBeNull();
    });
  });
}

describeStore('in-memory cache store', createMemoryCacheStore);

// Each run writes under its own prefix on the shared Redis and removes it afterwards.
const prefix = `facet-test:${randomUUID()}`;
describe.skipIf(!redisUp)('Redis', () => {
  describeStore(
    'Redis cache store',
    () => createRedisCacheStore(REDIS_URL, { prefix }),
    async () => {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  );

  it('a build killed before its swap leaves a staging hash that expires', async () => {
    const store = createRedisCacheStore(REDIS_URL, { prefix });
    const build = await store.startBuild('killed');
    await build.write([['1', '{}']]);
    const redis = new Redis(REDIS_URL);
    const [staging] = await redis.keys(`${prefix}:killed:build:*`);
    expect(await redis.ttl(staging!)).toBeGreaterThan(0);
    expect(await redis.exists(`${prefix}:killed`)).toBe(0);
    await redis.del(staging!);
    await redis.quit();
    await store.close();
  });
});
