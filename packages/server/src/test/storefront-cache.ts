import type { CacheKey } from '@facet/contract/modules/cache/cache.schema';
import { expect } from 'vitest';
import { eventsDelivered } from './events.ts';
import type { TestApp } from './test-app.ts';
import { jobWhenEnded } from './test-app.ts';

/**
 * Generates a storefront cache key through the API (as Cache Management does) and waits for its job to
 * succeed. First the events of the writes before it are delivered: one arriving after the build would
 * remove the document the test is about to read.
 */
export async function generateCache(t: TestApp, cookie: string, key: CacheKey) {
  await eventsDelivered(t.db);
  const response = await t.request(cookie, { method: 'POST', url: `/api/cache/${key}/generate` });
  expect(response.statusCode, response.body).toBe(202);
  const job = await jobWhenEnded(t, cookie, response.json().id, 30_000);
  expect(job.status, job.error ?? '').toBe('succeeded');
  return job;
}

/** One document as the storefront reads it, through the API; null when the cache holds none. */
export async function cachedDocument(t: TestApp, cookie: string, key: CacheKey, entry: string | number): Promise<Record<string, unknown> | null> {
  const response = await t.request(cookie, { method: 'GET', url: `/api/cache/${key}/entries/${encodeURIComponent(String(entry))}` });
  if (response.statusCode === 404) return null;
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Record<string, unknown>;
}
