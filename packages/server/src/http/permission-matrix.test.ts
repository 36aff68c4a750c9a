import { MESSAGES } from '@facet/contract/messages';
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
    // The walks below cover routes outside the modules too (the Job Centre's dead letters, registered by the app).
    expect(guarded().map((route) => `${route.method} ${route.url}`)).toEqual(expect.arrayContaining(['GET /api/jobs/dead-letters', 'POST /api/jobs/dead-letters/:id/retry', 'GET /api/jobs/events']));
  });

  it('opens routes without a permission only where this list says so: a new open route is a decision, not a slip', () => {
    const open = (kind: 'public' | 'authenticated') => t.app.apiRoutes.filter((r) => r.config[kind] && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`).sort();
    // Anyone: signing in, the health probe, the app's version, and the sitemap the storefront links to.
    expect(open('public')).toEqual(['GET /api/app-config', 'GET /api/health', 'POST /api/auth/login'].sort());
    // Any signed-in user: who am I, signing out, the API's map, the address of the top bar's analytics report.
    expect(open('authenticated')).toEqual(['GET /api/analytics', 'GET /api/auth/me', 'GET /api/openapi.json', 'POST /api/auth/logout'].sort());
  });

  it('lets a user holding just one permission a route accepts through its guard', async () => {
    const cookies = new Map<string, string>();
    for (const route of guarded().filter((r) => r.config.permission)) {
      const accepted = [route.config.permission!].flat() as PermissionKey[];
      for (const key of accepted) {
        if (!cookies.has(key)) cookies.set(key, (await t.createUserWith([key])).cookie);
        // A record that does not exist: the handler's own rules about a record (a job of another kind,
        // a master role) cannot answer in the guard's place.
        const response = await t.request(cookies.get(key), {
          method: route.method as 'GET',
          url: route.url.replace(/:[A-Za-z]+/g, '2147483647'),
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        // The guard's refusal; a handler may still refuse this record with its own rule (a master role's key).
        const refusedByGuard = response.statusCode === 401 || (response.statusCode === 403 && response.json().error.message === MESSAGES.forbidden);
        expect(refusedByGuard, `${route.method} ${route.url} for a holder of ${key}: ${response.body.slice(0, 100)}`).toBe(false);
      }
    }
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
