import { randomInt } from 'node:crypto';
import { errorBodySchema } from '@facet/contract/api';
import { MESSAGES } from '@facet/contract/messages';
import { STOREFRONT_SCOPES } from '@facet/contract/modules/api-keys/api-key.schema';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from './hostile-input.ts';
import {
  HOSTILE_IDS,
  HOSTILE_QUERY_KEYS,
  HOSTILE_QUERY_VALUES,
  HOSTILE_VALUES,
  describeValue,
  hostileQueryValue,
  hostileValue,
  pathsOf,
  replaceAt,
  toJsonText,
  validValue,
  withExtraMember,
} from './hostile-input.ts';
import { pathSpellings } from './path-spellings.ts';
import type { TestApp } from './test-app.ts';
import type { FakeKlaviyo } from '../integrations/klaviyo/fake-klaviyo.ts';
import { startFakeKlaviyo } from '../integrations/klaviyo/fake-klaviyo.ts';
import { createTestApp } from './test-app.ts';
import { UPLOAD_ROUTE_QUERIES, hostileMultipartCases, randomMultipartCase } from './hostile-multipart.ts';

/**
 * The hostile-input walk of DESIGN §6: every route of the OpenAPI document gets generated bad input
 * (NUL bytes, lone surrogates, 1 MB strings, numbers past int32 and float range, hex and exponent
 * ids, 10,000 levels of nesting, wrong types, extra and `__proto__` members, huge arrays, malformed
 * JSON and multipart) from an admin holding every permission, so each request reaches validation
 * and, when it passes, the handler. Every answer must be below 500 and log no error, and a 4xx must
 * leave the database exactly as it was.
 *
 * The walk is split into parts by route group (HOSTILE_WALK_PARTS), one test file each
 * (`http/hostile-input-<part>.test.ts`), so that vitest's workers walk the parts side by side: it was
 * the suite's longest file by far. A route's requests depend only on its place in the whole route list
 * (the seed and the catalogue's rotation), so a route gets the same requests whichever part walks it.
 *
 * `npm test` runs it with a fixed seed and a small budget; `npm run fuzz` runs more requests per
 * route (FUZZ_RUNS) from a random seed (or FUZZ_SEED), printed to replay a failure.
 */

const FIXED_SEED = 20_260_611;
const STOREFRONT_PREFIX = '/api/storefront/v1/';
const isFuzzRun = process.env.FUZZ_RUNS !== undefined;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : isFuzzRun ? randomInt(2 ** 31) : FIXED_SEED;
/** Random requests per route, on top of the catalogue (see catalogueRequests). */
const RANDOM_RUNS = Number(process.env.FUZZ_RUNS ?? 8);

/**
 * The generic catalogues (path ids, malformed bodies) are refused the same way on every route, by the
 * shared id schema and Fastify's parsers: in `npm test` each route gets a rotating third of them, so
 * every entry still reaches dozens of routes; `npm run fuzz` sends all of them everywhere.
 */
function shareOf<T>(items: readonly T[], routeIndex: number): readonly T[] {
  if (isFuzzRun) return items;
  const count = Math.ceil(items.length / 3);
  return Array.from({ length: count }, (_, i) => items[(routeIndex * count + i) % items.length]!);
}

/** Ends the walker's own session; the auth tests cover it. */
const SKIPPED = new Set(['POST /api/auth/logout']);
/**
 * 4xx answers that write by design: a failed sign-in is counted (throttling) and audited, and an
 * attempt once throttled is still reserved on the counter before it is refused.
 */
const WRITING_4XX = new Set(['POST /api/auth/login 401', 'POST /api/auth/login 429']);

interface OpenApiParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Route {
  method: string;
  /** As Fastify spells it: /api/users/:id */
  url: string;
  queryNames: string[];
  bodySchema?: JsonSchema;
  /**
   * The path parameter naming the record (`id`, or a record's own key such as an order's
   * `orderNumber`): filled from the records the list at the route's base answers, so requests reach
   * the handler with a record that exists. Null when the path names none.
   */
  keyParam: string | null;
}

/** One request as the walk sends it, and how to describe it in a report. */
interface HostileRequest {
  route: Route;
  /** What was hostile about it, for the report. */
  what: string;
  options: InjectOptions;
}

interface Finding {
  request: string;
  status: number;
  problem: string;
  body: string;
}

const MALFORMED_BODIES: { text: string; contentType: string; what: string }[] = [
  { text: '{', contentType: 'application/json', what: 'truncated JSON' },
  { text: '{"a":1,}', contentType: 'application/json', what: 'trailing comma' },
  { text: '', contentType: 'application/json', what: 'empty JSON body' },
  { text: '\ufeff{}', contentType: 'application/json', what: 'JSON with a byte order mark' },
  { text: 'nul', contentType: 'application/json', what: 'bare word' },
  { text: '"text"', contentType: 'application/json', what: 'a JSON string' },
  { text: '{"status":true,"status":"\\u0000"}', contentType: 'application/json', what: 'duplicate keys' },
  { text: '{"a":"\\ud800"}', contentType: 'application/json; charset=utf-16', what: 'declared UTF-16' },
  { text: '{}', contentType: 'text/plain', what: 'text/plain' },
  { text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', what: 'a form body' },
  { text: '<a/>', contentType: 'application/xml', what: 'XML' },
  { text: '{}', contentType: 'multipart/form-data', what: 'multipart without a boundary' },
];

/**
 * What the database holds, cheaply: row count and the sum of row versions (xmin) of every table in
 * one query. Most requests are refused before any write; for them a cheaper test suffices: no
 * transaction id was handed out since the last look (the snapshot's xmax is unchanged), so nothing
 * can have been written. Only when it moved (a write, a rolled-back write, or another database on
 * the same server) is the fingerprint itself compared.
 */
async function databaseWatch(t: TestApp) {
  // Both drivers answer `execute` with `{ rows }`.
  const rowsOf = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  // A session's last-seen time (and an API key's last use) slides once a minute on any request: only
  // sign-ins and sign-outs (keys made) count there. The diamonds list's state row has its change-log
  // horizon moved by housekeeping in the background (the first list a process serves, then hourly),
  // whatever the request; a request's own change to the stones shows in `diamonds` itself.
  const countedOnly = new Set(['sessions', 'api_keys', 'diamond_list_state']);
  const parts = tables.map(({ tablename }) =>
    countedOnly.has(tablename)
      ? `'${tablename}=' || (select count(*) from "${tablename}")`
      : `'${tablename}=' || (select count(*) || '/' || coalesce(sum(xmin::text::bigint), 0) from "${tablename}")`,
  );
  const fingerprintQuery = sql.raw(`select concat_ws(' ', ${parts.join(', ')}) as fingerprint`);
  // The snapshot's xmax, and whether a job is still to write (one query: the walk asks before every request).
  const stateQuery = sql`select txid_snapshot_xmax(txid_current_snapshot())::text as xmax,
    (select count(*)::int from job_runs where status in ('queued', 'running')) as unfinished`;
  const readState = async () => (await rowsOf<{ xmax: string; unfinished: number }>(stateQuery))[0]!;
  const readXmax = async () => (await readState()).xmax;
  const readFingerprint = async () => (await rowsOf<{ fingerprint: string }>(fingerprintQuery))[0]!.fingerprint;
  let known = { xmax: await readXmax(), fingerprint: await readFingerprint() };

  return {
    /**
     * Before a request: bring the known state up to date if anything was written since. A job a
     * request started (POST /api/jobs answered 201) writes after its answer: wait for it, or its
     * writes would be charged to the next request.
     */
    async settle() {
      let state = await readState();
      for (let tries = 0; tries < 200 && state.unfinished > 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        state = await readState();
      }
      if (state.xmax !== known.xmax) known = { xmax: state.xmax, fingerprint: await readFingerprint() };
    },
    /** After a request: the tables that changed since `settle` (empty when none). */
    async changedTables(): Promise<string> {
      const xmax = await readXmax();
      if (xmax === known.xmax) return '';
      const before = known.fingerprint;
      known = { xmax, fingerprint: await readFingerprint() };
      const old = new Set(before.split(' '));
      return known.fingerprint
        .split(' ')
        .filter((part) => !old.has(part))
        .map((part) => part.split('=')[0])
        .join(', ');
    },
  };
}

/** `{"error": {"code", "message", "issues"?}}`, whoever raised the error (a route, Fastify, a plugin). */
function hasErrorBody(response: LightMyRequestResponse): boolean {
  try {
    return errorBodySchema.safeParse(response.json()).success;
  } catch {
    return false;
  }
}

/** Path parameters that name a record by a key of its own, not its id: an order by its number. */
const RECORD_KEY_PARAMS = ['orderNumber'];

/** The path parameter naming the record: `id` when the path has one, else a record key of RECORD_KEY_PARAMS. */
function keyParamOf(pathParameters: readonly string[]): string | null {
  if (pathParameters.includes('id')) return 'id';
  return pathParameters.find((name) => RECORD_KEY_PARAMS.includes(name)) ?? null;
}

function routesOf(t: TestApp): Route[] {
  const document = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      return {
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        queryNames: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodySchema: operation.requestBody?.content['application/json']?.schema,
        keyParam: keyParamOf(parameters.filter((p) => p.in === 'path').map((p) => p.name)),
      };
    }),
  );
}

/**
 * The parts of the walk, by route group: a part walks the routes whose path starts with one of its
 * prefixes (the first part that names one), `rest` every route no other part names, so a new route
 * is walked without a line here. A resource's routes stay in one part: its PUT and PATCH requests
 * edit the records as the earlier requests of the walk left them. Balanced by measured walk time.
 */
export const HOSTILE_WALK_PARTS = {
  products: ['/api/products', '/api/product-media', '/api/product-prices', '/api/attribute-sets'],
  people: ['/api/customers', '/api/customer-groups', '/api/storefront', '/api/users', '/api/roles', '/api/permissions', '/api/auth', '/api/api-keys'],
  diamonds: ['/api/diamonds', '/api/diamond-shapes', '/api/diamond-qualities', '/api/diamond-markups', '/api/shape-categories', '/api/nivoda-services', '/api/nivoda-settings', '/api/nivoda-logs', '/api/metals', '/api/metal-qualities'],
  widgets: ['/api/banners', '/api/widget-sections', '/api/section-options'],
  rest: [],
} as const satisfies Record<string, readonly string[]>;

type HostileWalkPart = keyof typeof HOSTILE_WALK_PARTS;

function partOf(url: string): HostileWalkPart {
  const parts = Object.entries(HOSTILE_WALK_PARTS) as [HostileWalkPart, readonly string[]][];
  return parts.find(([, prefixes]) => prefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`)))?.[0] ?? 'rest';
}

/** The walk of one part's routes: its own app and database, copied from the demo template. */
export function describeHostileWalk(part: HostileWalkPart) {
  describe(`hostile input to every route of the OpenAPI document: ${part}`, () => {
    let t: TestApp;
    let cookie: string;
    let adminId: number;
    /** The storefront routes (/api/storefront) are walked with an API key holding every scope, not the cookie. */
    let storefrontKey: { id: number; key: string };
    /** The part's routes, each with its place in the whole walk (its seed and catalogue share). */
    let routes: { route: Route; routeIndex: number }[];
    let database: Awaited<ReturnType<typeof databaseWatch>>;
    let klaviyo: FakeKlaviyo | undefined;
    /** Records of each resource, for PUT and PATCH bodies that reach the handler. */
    const recordsByBase = new Map<string, Record<string, unknown>[]>();

    beforeAll(async () => {
      // Demo data: every resource has records to edit, so bodies that pass validation reach the rules behind it.
      // The storefront's rate limits (per key, per address) are not what this walk is about.
      // Klaviyo is a local fake (the walk may save its settings): a refused key is the app's 422, never a call to the internet.
      klaviyo = await startFakeKlaviyo();
      t = await createTestApp({ demoData: true, storefrontRateLimit: 1_000_000, storefrontAddressRateLimit: 1_000_000, klaviyoBaseUrl: klaviyo.url });
      cookie = await t.login();
      adminId = (await t.request(cookie, { method: 'GET', url: '/api/auth/me' })).json().user.id;
      storefrontKey = (await t.request(cookie, { method: 'POST', url: '/api/api-keys', payload: { name: 'hostile walk', scopes: [...STOREFRONT_SCOPES] } })).json();
      routes = routesOf(t)
        .filter((route) => !SKIPPED.has(`${route.method} ${route.url}`))
        .map((route, routeIndex) => ({ route, routeIndex }))
        .filter(({ route }) => partOf(route.url) === part);
      database = await databaseWatch(t);
      for (const { route } of routes.filter((r) => r.route.keyParam)) {
        const base = baseOf(route);
        if (recordsByBase.has(base)) continue;
        // A storefront resource's records are read from the staff list of the same resource.
        const list = await t.request(cookie, { method: 'GET', url: base.replace(STOREFRONT_PREFIX, '/api/'), query: { pageSize: '100' } });
        const items = list.statusCode === 200 ? (list.json().items as Record<string, unknown>[]) : [];
        // The walker's own account and API key stay untouched, so its session, password and key survive the walk.
        recordsByBase.set(base, items.filter((item) => !(base === '/api/users' && item.id === adminId) && !(base === '/api/api-keys' && item.id === storefrontKey.id)));
      }
      // Demo data includes the catalogue saved product by product: longer than a hook's default on a loaded machine.
    }, 180_000);
    afterAll(async () => {
      await t?.close();
      await klaviyo?.close();
    });

    function baseOf(route: Route) {
      return route.keyParam ? route.url.slice(0, route.url.indexOf(`/:${route.keyParam}`)) : route.url;
    }

    /** A record of the route's resource (not for DELETE: the walk keeps its records), else null. */
    function targetRecord(route: Route, pick: number): Record<string, unknown> | null {
      const records = recordsByBase.get(baseOf(route)) ?? [];
      if (route.method === 'DELETE' || !records.length) return null;
      return records[Math.floor(pick * records.length)]!;
    }

    /** A body the schema accepts, filled from an existing record where it has the field (realistic ids, enums, versions). */
    function validBody(route: Route, record: Record<string, unknown> | null): unknown {
      const generated = validValue(route.bodySchema!) as Record<string, unknown>;
      if (!record || typeof generated !== 'object' || generated === null) return generated;
      const fromRecord = Object.fromEntries(Object.keys(generated).filter((key) => key in record && record[key] !== null).map((key) => [key, record[key]]));
      return { ...generated, ...fromRecord };
    }

    function urlFor(route: Route, id: string, query: string) {
      return (route.keyParam ? route.url.replace(`:${route.keyParam}`, id) : route.url) + (query ? `?${query}` : '');
    }

    function jsonRequest(route: Route, what: string, id: string, body: unknown, query = ''): HostileRequest {
      const options: InjectOptions = { method: route.method as 'GET', url: urlFor(route, id, query) };
      if (route.bodySchema && body !== undefined) {
        options.payload = toJsonText(body);
        options.headers = { 'content-type': 'application/json' };
      }
      return { route, what, options };
    }

    /** The id and a valid body for a request whose hostility lies elsewhere. */
    function normalTarget(route: Route, pick: number): { id: string; body: unknown } {
      const record = targetRecord(route, pick);
      const id = record && route.keyParam ? String(record[route.keyParam]) : '2147483647';
      return { id, body: route.bodySchema ? validBody(route, record) : undefined };
    }

    /**
     * The fixed catalogue for one route: every hostile body value and query value once, and a share
     * of the hostile ids and malformed bodies (all of them in a fuzz run); multipart cases for uploads.
     */
    function catalogueRequests(route: Route, routeIndex: number): HostileRequest[] {
      const requests: HostileRequest[] = [];
      const picks = fc.sample(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { seed: SEED + routeIndex, numRuns: 200 });
      let next = 0;
      const pick = () => picks[next++ % picks.length]!;
      if (route.keyParam) {
        for (const id of shareOf(HOSTILE_IDS, routeIndex)) requests.push(jsonRequest(route, `id ${id}`, id, normalTarget(route, pick()).body));
      }
      if (route.bodySchema) {
        for (const value of HOSTILE_VALUES) {
          const target = normalTarget(route, pick());
          const paths = pathsOf(target.body);
          const path = paths.length ? paths[Math.floor(pick() * paths.length)]! : [];
          requests.push(jsonRequest(route, `body ${path.join('.') || '(whole)'} = ${describeValue(value)}`, target.id, replaceAt(target.body, path, value)));
        }
        for (const malformed of shareOf(MALFORMED_BODIES, routeIndex)) {
          const { id } = normalTarget(route, pick());
          requests.push({
            route,
            what: `body: ${malformed.what}`,
            options: { method: route.method as 'POST', url: urlFor(route, id, ''), payload: malformed.text, headers: { 'content-type': malformed.contentType } },
          });
        }
      }
      for (const [index, value] of HOSTILE_QUERY_VALUES.entries()) {
        if (!route.queryNames.length) break;
        // Round robin: each declared parameter gets its share of the values.
        const name = route.queryNames[(index + routeIndex) % route.queryNames.length]!;
        const target = normalTarget(route, pick());
        requests.push(jsonRequest(route, `query ${name}=${value.slice(0, 40)}`, target.id, target.body, `${name}=${value}`));
      }
      // Other spellings of the path (`/%61pi/...`, `//api`, dot segments, case, the absolute form): the
      // same checks must meet them, and a 4xx among them writes nothing either.
      for (const spelling of shareOf(pathSpellings(route.url), routeIndex)) {
        const { id, body } = normalTarget(route, pick());
        const request = jsonRequest(route, `path spelled: ${spelling.what}`, id, body);
        request.options.url = pathSpellings(urlFor(route, id, '')).find((s) => s.what === spelling.what)!.path;
        requests.push(request);
      }
      // Routes that take a file (multipart), which the OpenAPI document does not describe as a body.
      const uploadQueries = UPLOAD_ROUTE_QUERIES[`${route.method} ${route.url}`];
      if (uploadQueries) {
        for (const multipart of hostileMultipartCases(uploadQueries)) requests.push({ route, what: `multipart: ${multipart.what}`, options: { method: 'POST', url: `${route.url}?${multipart.query}`, ...multipart.request } });
      }
      return requests;
    }

    const mutation = fc.oneof(
      fc.record({ kind: fc.constant('replace' as const), pick: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), value: hostileValue }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }) }),
      fc.record({ kind: fc.constant('extra' as const), key: fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'createdBy', 'deletedAt', 'a\u0000'), value: hostileValue }),
      fc.record({ kind: fc.constant('whole' as const), value: fc.oneof(hostileValue, fc.constant('wrapped in a list')) }),
      fc.record({ kind: fc.constant('none' as const) }),
    );
    const randomShape = fc.record({
      target: fc.oneof(fc.constantFrom(...HOSTILE_IDS), fc.constant('existing'), fc.constant('2147483647')),
      targetPick: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      body: mutation,
      query: fc.oneof(
        fc.constant(null),
        fc.record({ key: fc.oneof(fc.constantFrom(...HOSTILE_QUERY_KEYS), fc.constant('declared')), value: hostileQueryValue, pick: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), twice: fc.boolean() }),
      ),
    });

    /** Random combinations: a target, a body mutation and a query mutation at once. */
    function randomRequests(route: Route, routeIndex: number): HostileRequest[] {
      const uploadQueries = UPLOAD_ROUTE_QUERIES[`${route.method} ${route.url}`];
      if (uploadQueries) {
        return fc.sample(randomMultipartCase(uploadQueries), { seed: SEED + routeIndex, numRuns: RANDOM_RUNS }).map((multipart) => ({
          route,
          what: `multipart: ${multipart.what}`,
          options: { method: 'POST', url: `${route.url}?${multipart.query}`, ...multipart.request },
        }));
      }
      return fc.sample(randomShape, { seed: SEED + routeIndex, numRuns: RANDOM_RUNS }).map((shape) => {
        const normal = normalTarget(route, shape.targetPick);
        const id = shape.target === 'existing' ? normal.id : shape.target;
        const what: string[] = [`id ${id}`];
        let body = normal.body;
        if (route.bodySchema) {
          const paths = pathsOf(body);
          const m = shape.body;
          if (m.kind === 'replace' && paths.length) {
            const path = paths[Math.floor(m.pick * paths.length)]!;
            body = replaceAt(body, path, m.value);
            what.push(`body ${path.join('.')} = ${describeValue(m.value)}`);
          } else if (m.kind === 'remove' && paths.length) {
            const path = paths[Math.floor(m.pick * paths.length)]!;
            body = replaceAt(body, path, undefined, true);
            what.push(`body without ${path.join('.')}`);
          } else if (m.kind === 'extra') {
            body = withExtraMember(body, m.key, m.value);
            what.push(`body + ${JSON.stringify(m.key)}: ${describeValue(m.value)}`);
          } else if (m.kind === 'whole') {
            body = m.value === 'wrapped in a list' ? [body] : m.value;
            what.push(`body = ${m.value === 'wrapped in a list' ? '[valid body]' : describeValue(m.value)}`);
          }
        }
        let query = '';
        if (shape.query && (route.queryNames.length || shape.query.key !== 'declared')) {
          const q = shape.query;
          const key = q.key === 'declared' ? route.queryNames[Math.floor(q.pick * route.queryNames.length)]! : q.key;
          query = q.twice ? `${key}=${q.value}&${key}=${q.value}` : `${key}=${q.value}`;
          what.push(`query ${query.slice(0, 60)}`);
        }
        return jsonRequest(route, what.join('; '), id, body, query);
      });
    }

    /**
     * Waits until the work a successful write set going has ended: its events delivered (a subscriber
     * may queue a job, as the cache does after a repricing) and no job queued or running. Without it,
     * that work's writes would be taken for those of the next request, if that one is refused.
     */
    async function waitForQuiet() {
      const busy = sql`select
        (select count(*) from event_outbox where dispatched_at is null)
        + (select count(*) from event_deliveries where status in ('pending', 'running'))
        + (select count(*) from job_runs where status in ('queued', 'running')) as n`;
      for (let attempt = 0; attempt < 1200; attempt++) {
        const { rows } = (await t.db.execute(busy)) as unknown as { rows: { n: number | string }[] };
        if (Number(rows[0]!.n) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }

    it('notices a write (the fingerprint is not blind)', async () => {
      await database.settle();
      expect(await database.changedTables()).toBe('');
      await t.db.execute(sql`update settings set title = title where id = (select min(id) from settings)`);
      expect(await database.changedTables()).toBe('settings');
    });

    it('answers every request below 500, logs no error, and writes nothing when it answers 4xx', { timeout: 600_000 }, async () => {
      const findings: Finding[] = [];
      const statusCounts = new Map<number, number>();
      let sent = 0;
      const startedAt = Date.now();

      expect(routes.length, `the part ${part} walks no route`).toBeGreaterThan(0);
      for (const { route, routeIndex } of routes) {
        const requests = [...catalogueRequests(route, routeIndex), ...randomRequests(route, routeIndex)];
        for (const request of requests) {
          const logCount = t.logs.length;
          await database.settle();
          let response: LightMyRequestResponse;
          try {
            response = route.url.startsWith(STOREFRONT_PREFIX)
              ? await t.app.inject({ ...request.options, headers: { ...request.options.headers, authorization: `Bearer ${storefrontKey.key}` } })
              : await t.request(cookie, request.options);
          } catch (error) {
            findings.push({ request: `${route.method} ${route.url}: ${request.what}`, status: 0, problem: `no answer: ${String(error)}`, body: '' });
            continue;
          }
          sent++;
          const status = response.statusCode;
          // A write's events are delivered, and a job it started (a retry, a bulk action, a repricing) runs, later, in the
          // background: let them finish, so their writes are not taken for those of a later request that was refused.
          if (status < 400 && request.options.method !== 'GET') await waitForQuiet();
          statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
          const report = (problem: string) =>
            findings.push({ request: `${route.method} ${request.options.url?.toString().slice(0, 120)}: ${request.what}`, status, problem, body: response.body.slice(0, 300) });
          if (status >= 500) report('server error');
          if (status >= 400 && !hasErrorBody(response)) report('the answer is not the error body of DESIGN §4');
          // The database's refusal is a net under the schemas, not a check to rely on.
          if (response.body.includes(MESSAGES.valueNotStorable)) report('the database, not the schema, refused a value');
          const errorLogs = t.logs.slice(logCount).filter((line) => /"level":(50|60)/.test(line));
          if (errorLogs.length) report(`logged an error: ${errorLogs[0]!.slice(0, 300)}`);
          if (status >= 400 && status < 500 && !WRITING_4XX.has(`${route.method} ${route.url} ${status}`)) {
            const changed = await database.changedTables();
            if (changed) report(`a ${status} wrote to ${changed}`);
          }
          if (status === 200 && route.method !== 'GET') {
            // A successful write changed a record: edit the new version from now on.
            const records = recordsByBase.get(baseOf(route));
            const updated = response.json() as Record<string, unknown>;
            const index = records?.findIndex((record) => record.id === updated.id) ?? -1;
            if (records && index >= 0) records[index] = updated;
          }
          if (status === 401 && route.url !== '/api/auth/login') {
            // Something ended the walker's session: sign in again.
            cookie = await t.login();
          }
        }
      }

      const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
      const fiveHundreds = [...statusCounts].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
      console.log(
        `hostile-input walk (${part}): seed ${SEED} (FUZZ_SEED=${SEED} FUZZ_RUNS=${RANDOM_RUNS} to replay), ${routes.length} routes, ${sent} requests in ${seconds}s, ${fiveHundreds} answered 5xx, ${findings.length} findings; ` +
          `statuses ${JSON.stringify(Object.fromEntries([...statusCounts].sort(([a], [b]) => a - b)))}`,
      );
      const kinds = new Map<string, number>();
      for (const { problem } of findings) kinds.set(problem.split(':')[0]!, (kinds.get(problem.split(':')[0]!) ?? 0) + 1);
      if (kinds.size) console.log(`findings by kind: ${JSON.stringify(Object.fromEntries(kinds))}`);
      for (const finding of findings.slice(0, 200)) console.log(`${finding.status} ${finding.request}\n    ${finding.problem.slice(0, 400)}\n    ${finding.body}`);
      expect(findings.slice(0, 20)).toEqual([]);
    });
  });
}
