import { PERMISSION_KEYS } from '@facet/contract/permissions';
import type { PermissionKey } from '@facet/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/test-app.ts';
import { createTestApp } from '../test/test-app.ts';

/**
 * Walks every /api route the server declares: without a session each answers 401; for a user
 * holding every permission except the ones the route accepts, 403. New modules are covered by
 * simply existing.
 */
describe('permission matrix over every API route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');
  const guarded = () => t.app.apiRoutes.filter((r) => !r.config.public && r.method !== 'HEAD');

  it('declares a permission on every route that is not public', () => {
    expect(guarded().length).toBeGreaterThan(10);
    for (const route of guarded()) expect(route.config.permission ?? route.config.authenticated ?? route.config.storefront, `${route.method} ${route.url}`).toBeTruthy();
  });

  it('answers 401 without a session on every guarded route', async () => {
    for (const route of guarded()) {
      const response = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url), payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 403 on every permission-guarded route to a user lacking its permission', async () => {
    const cache = new Map<string, string>();
    for (const route of guarded().filter((r) => r.config.permission)) {
      const accepted = [route.config.permission!].flat();
      const others = PERMISSION_KEYS.filter((k) => k !== 'all-master' && !accepted.includes(k)) as PermissionKey[];
      const cacheKey = accepted.join(',');
      if (!cache.has(cacheKey)) cache.set(cacheKey, (await t.createUserWith(others)).cookie);
      const response = await t.request(cache.get(cacheKey), {
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});
