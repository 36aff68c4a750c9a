import { setTimeout as sleep } from 'node:timers/promises';
import type { NivodaItem } from './nivoda-mapping.ts';

/**
 * Nivoda's GraphQL API over HTTP (Node's fetch): one POST endpoint, a session token from
 * `authenticate { username_and_password }` sent as `Authorization: Bearer`, `diamonds_by_query` and
 * `gemstones_by_query` pages of at most 50.
 *
 * What is documented (Nivoda's public examples, github.com/Nivoda/nivoda-api): the endpoint, the
 * authenticate query, the Bearer header, `diamonds_by_query(query, offset, limit <= 50, order: {type:
 * price, direction: ASC})` with `items { id price discount diamond { ... certificate { ... } } }
 * total_count`, the filters `labgrown`, `shapes`, `sizes: [{from, to}]`, and the fields asked here.
 * What is taken from customers' working integrations, not from Nivoda's own pages (guesses, marked
 * GUESS below): the input type names, `dollar_value`, `updated`, `certificate_numbers`,
 * `diamonds_by_query_count`, the certificate's `labgrown`, the `supplier` object, that `price` is
 * in US cents, and how an expired token is reported. Everything about gemstones is a guess.
 */

/** The fields of a stone Facet reads (Nivoda's names); `labgrown` for diamonds, `gemType` for gemstones. */
const STONE_FIELDS = `
  id image video availability supplierStockId
  supplier { name }
  certificate { lab shape certNumber carats color clarity cut polish symmetry floInt floCol length width depth depthPercentage table girdle LAB_OR_GEM }`;

/**
 * A search document for `pages` pages at once: GraphQL runs every aliased root field of a query, so
 * one HTTP request carries several pages of 50 (p0, p1...), each within Nivoda's limit. HTTP and
 * token overhead can be most of a read's cost against the real service (NivodaFeedConfig.pagesPerRequest).
 * GUESS: gemstones mirror diamonds (`gemstones_by_query`, `GemstoneQuery`, an item's `gemstone`);
 * the gem's kind as `gemType`.
 */
function pagesDocument(kind: 'diamonds' | 'gemstones', pages: number): string {
  const field = kind === 'diamonds' ? 'diamonds_by_query' : 'gemstones_by_query';
  const stone = kind === 'diamonds' ? `diamond { ${STONE_FIELDS.replace('LAB_OR_GEM', 'labgrown')} }` : `gemstone { ${STONE_FIELDS.replace('LAB_OR_GEM', 'gemType')} }`;
  const offsets = Array.from({ length: pages }, (_, i) => `$o${i}: Int!`).join(', ');
  const selections = Array.from({ length: pages }, (_, i) => `  p${i}: ${field}(query: $query, offset: $o${i}, limit: $limit, order: $order) {\n    items { id price discount ${stone} }\n    total_count\n  }`);
  // GUESS (customers' code: `query: DiamondQuery!`, `order: DiamondOrder`): the schema's input type names.
  return `query ${kind === 'diamonds' ? 'Diamonds' : 'Gemstones'}Pages($query: ${kind === 'diamonds' ? 'DiamondQuery' : 'GemstoneQuery'}!, ${offsets}, $limit: Int!, $order: DiamondOrder!) {\n${selections.join('\n')}\n}`;
}

/** GUESS: Nivoda has a count query for diamonds that is cheaper (and, its customers report, more exact) than total_count. */
const DIAMONDS_COUNT = `query DiamondsCount($query: DiamondQuery!) {
  diamonds_by_query_count(query: $query)
}`;

const AUTHENTICATE = `query Authenticate($username: String!, $password: String!) {
  authenticate { username_and_password(username: $username, password: $password) { token } }
}`;

/** Nivoda's page limit. */
export const NIVODA_PAGE_LIMIT = 50;

/** A range filter; Nivoda includes both ends. */
interface NivodaRange {
  from: number;
  to: number;
}

/** The `query` argument of a search (the filters Facet uses). */
export interface NivodaSearchQuery {
  labgrown?: boolean;
  /** GUESS: whole US dollars. */
  dollar_value?: NivodaRange;
  sizes?: NivodaRange[];
  /** GUESS: ISO 8601 times. */
  updated?: { from: string; to?: string };
  /** GUESS. */
  certificate_numbers?: string[];
}

export interface NivodaPage {
  items: NivodaItem[];
  total_count: number;
}

export interface NivodaClientConfig {
  /** https://integrations.nivoda.net/api/diamonds in production. */
  endpoint: string;
  username: string;
  password: string;
  /** One request's time limit (default 30 s). */
  requestTimeoutMs?: number;
  /** Tries per request on 429, 5xx, timeouts and network errors before the run stops (default 6). */
  maxAttempts?: number;
  /** Exponential backoff with full jitter: base, and cap (defaults 500 ms, 20 s). */
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  /** The longest Retry-After honoured (default 120 s); a longer one is waited this long. */
  maxRetryAfterMs?: number;
  /**
   * The largest answer read (default 16 MB; a page of 50 stones is about 50 KB). A larger one stops
   * the run: an endpoint answering without end would otherwise fill the server's memory.
   */
  maxResponseBytes?: number;
  /** Token lifetime when the token does not say (Nivoda: 6 hours). */
  tokenLifetimeMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
}

export interface NivodaClientStats {
  requests: number;
  retries: number;
  authentications: number;
}

export interface NivodaClient {
  readonly stats: NivodaClientStats;
  searchDiamonds(query: NivodaSearchQuery, offset: number, limit: number, signal?: AbortSignal): Promise<NivodaPage>;
  /** Pages of 50 at these offsets, in one request. */
  searchDiamondPages(query: NivodaSearchQuery, offsets: number[], signal?: AbortSignal): Promise<NivodaPage[]>;
  countDiamonds(query: NivodaSearchQuery, signal?: AbortSignal): Promise<number>;
  searchGemstones(query: NivodaSearchQuery, offset: number, limit: number, signal?: AbortSignal): Promise<NivodaPage>;
  searchGemstonePages(query: NivodaSearchQuery, offsets: number[], signal?: AbortSignal): Promise<NivodaPage[]>;
  countGemstones(query: NivodaSearchQuery, signal?: AbortSignal): Promise<number>;
}

/**
 * Why a Nivoda call failed, in words for the sync log: 'auth' (credentials or token refused),
 * 'unavailable' (repeated 429/5xx/timeouts), 'rejected' (Nivoda refused the request itself).
 */
export class NivodaError extends Error {
  readonly reason: 'auth' | 'unavailable' | 'rejected';
  constructor(message: string, reason: 'auth' | 'unavailable' | 'rejected') {
    super(message);
    this.reason = reason;
    this.name = 'NivodaError';
  }
}

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: { message?: string; extensions?: { code?: string } }[];
}

/** A refused token, whatever words the service uses (GUESS: Nivoda's exact wording is not documented). */
const AUTH_WORDS = /unauthori[sz]ed|unauthenticated|not authenticated|invalid token|token expired|jwt expired|jwt malformed|invalid signature|session expired/i;
const isAuthFailure = (response: GraphQLResponse<unknown>) =>
  (response.errors ?? []).some((error) => error.extensions?.code === 'UNAUTHENTICATED' || AUTH_WORDS.test(error.message ?? ''));
const messagesOf = (response: GraphQLResponse<unknown>) => (response.errors ?? []).map((error) => error.message ?? 'unknown error').join('; ');

/** A JWT's own lifetime (exp - iat), when the token is one; Nivoda's are. */
function jwtLifetimeMs(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iat?: unknown; exp?: unknown };
    if (typeof claims.exp === 'number' && typeof claims.iat === 'number' && claims.exp > claims.iat) return (claims.exp - claims.iat) * 1000;
  } catch {
    // Not a JWT: the configured lifetime applies.
  }
  return null;
}

/** Retry-After in seconds or as an HTTP date. */
function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const AUTH_FAILED = Symbol('auth failed');

const sizeText = (bytes: number) => (bytes % 2 ** 20 === 0 ? `${bytes / 2 ** 20} MB` : bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`);

/**
 * An answer's body, read as a stream and given up (the connection closed) as soon as it passes
 * `maxBytes`, or at once when its Content-Length says it will: only `maxBytes` are ever held. Not
 * retried: the same request would bring the same answer.
 */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () => new NivodaError(`Nivoda's answer is larger than ${sizeText(maxBytes)}, the most one request may bring, so the run stops; check the Nivoda endpoint`, 'rejected');
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** fetch reports 'fetch failed' and hides the reason (ECONNREFUSED, a reset) in its cause. */
function describe(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

export function createNivodaClient(config: NivodaClientConfig): NivodaClient {
  const {
    endpoint,
    username,
    password,
    requestTimeoutMs = 30_000,
    maxAttempts = 6,
    retryBaseDelayMs = 500,
    retryMaxDelayMs = 20_000,
    maxRetryAfterMs = 120_000,
    maxResponseBytes = 16 * 2 ** 20,
    tokenLifetimeMs = 6 * 60 * 60 * 1000,
    now = Date.now,
    fetch: fetchImpl = fetch,
  } = config;
  const stats: NivodaClientStats = { requests: 0, retries: 0, authentications: 0 };
  let session: { token: string; renewAt: number } | null = null;
  let authenticating: Promise<string> | null = null;

  /**
   * One POST, retried on what a later try can cure (429, 5xx, timeouts, network errors) with
   * exponential backoff and full jitter, Retry-After honoured; after maxAttempts the run stops.
   */
  async function post<T>(body: string, token: string | null, signal: AbortSignal | undefined): Promise<GraphQLResponse<T> | typeof AUTH_FAILED> {
    for (let attempt = 1; ; attempt++) {
      signal?.throwIfAborted();
      let failure = '';
      let waitMs: number | null = null;
      const timeout = AbortSignal.timeout(requestTimeoutMs);
      try {
        stats.requests++;
        const response = await fetchImpl(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body,
          // A redirect is never followed: fetch would send the request again, the credentials of the
          // login in its body, to wherever the answer points (a 307 keeps the body). The endpoint is wrong.
          redirect: 'manual',
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        if (response.status >= 300 && response.status < 400) {
          await response.body?.cancel();
          const target = response.headers.get('location');
          throw new NivodaError(`Nivoda answered HTTP ${response.status}, a redirect${target ? ` to ${target.slice(0, 200)}` : ''}, which is not followed; check the Nivoda endpoint`, 'rejected');
        }
        if (response.status === 429 || response.status >= 500) {
          failure = `HTTP ${response.status}`;
          if (response.status === 429 || response.status === 503) waitMs = retryAfterMs(response.headers.get('retry-after'), now());
          await response.body?.cancel();
        } else if (response.status === 401 || response.status === 403) {
          await response.body?.cancel();
          return AUTH_FAILED;
        } else {
          const text = await readCapped(response, maxResponseBytes);
          let json: GraphQLResponse<T>;
          try {
            json = JSON.parse(text) as GraphQLResponse<T>;
          } catch {
            throw new NivodaError(`Nivoda answered HTTP ${response.status} with something that is not JSON`, 'rejected');
          }
          if (!response.ok) throw new NivodaError(`Nivoda refused the request (HTTP ${response.status}): ${messagesOf(json) || 'no reason given'}`, 'rejected');
          return json;
        }
      } catch (error) {
        if (error instanceof NivodaError) throw error;
        if (signal?.aborted) throw signal.reason;
        failure = timeout.aborted ? `no answer within ${requestTimeoutMs} ms` : `network error (${describe(error)})`;
      }
      if (attempt >= maxAttempts) throw new NivodaError(`Nivoda is unavailable: ${failure} on ${attempt} tries in a row`, 'unavailable');
      stats.retries++;
      const backoff = Math.random() * Math.min(retryMaxDelayMs, retryBaseDelayMs * 2 ** (attempt - 1));
      await sleep(waitMs === null ? backoff : Math.min(waitMs, maxRetryAfterMs), undefined, { signal });
    }
  }

  async function authenticate(signal: AbortSignal | undefined): Promise<string> {
    const response = await post<{ authenticate?: { username_and_password?: { token?: string } | null } | null }>(
      JSON.stringify({ query: AUTHENTICATE, variables: { username, password }, operationName: 'Authenticate' }),
      null,
      signal,
    );
    const token = response === AUTH_FAILED ? undefined : response.data?.authenticate?.username_and_password?.token;
    if (!token) {
      const reason = response === AUTH_FAILED ? 'HTTP 401' : messagesOf(response) || 'no token in the answer';
      throw new NivodaError(`Nivoda refused the username and password (${reason}); check the Nivoda settings`, 'auth');
    }
    stats.authentications++;
    const lifetime = jwtLifetimeMs(token) ?? tokenLifetimeMs;
    // Renew ahead of expiry, so no request goes out with a token about to lapse.
    session = { token, renewAt: now() + lifetime - Math.min(5 * 60 * 1000, lifetime / 10) };
    return token;
  }

  /** The session token, renewed when due; concurrent callers share one authentication. */
  function currentToken(signal: AbortSignal | undefined, refused?: string): Promise<string> {
    if (session && session.token !== refused && now() < session.renewAt) return Promise.resolve(session.token);
    if (session?.token === refused) session = null;
    authenticating ??= authenticate(signal).finally(() => {
      authenticating = null;
    });
    return authenticating;
  }

  /** A query with the session token; a refused token is renewed once, then the run stops. */
  async function query<T>(document: string, operationName: string, variables: Record<string, unknown>, signal: AbortSignal | undefined): Promise<T> {
    const body = JSON.stringify({ query: document, variables, operationName });
    let token = await currentToken(signal);
    for (let renewed = false; ; renewed = true) {
      const response = await post<T>(body, token, signal);
      if (response === AUTH_FAILED || isAuthFailure(response)) {
        if (renewed) throw new NivodaError('Nivoda refused a freshly issued session token; check the Nivoda account', 'auth');
        token = await currentToken(signal, token);
        continue;
      }
      if (response.errors?.length || !response.data) throw new NivodaError(`Nivoda answered with an error: ${messagesOf(response) || 'no data'}`, 'rejected');
      return response.data;
    }
  }

  const order = { type: 'price', direction: 'ASC' };
  const documents = new Map<string, string>();
  async function searchPages(kind: 'diamonds' | 'gemstones', searchQuery: NivodaSearchQuery, offsets: number[], limit: number, signal: AbortSignal | undefined): Promise<NivodaPage[]> {
    const key = `${kind}:${offsets.length}`;
    let document = documents.get(key);
    if (!document) documents.set(key, (document = pagesDocument(kind, offsets.length)));
    const variables: Record<string, unknown> = { query: searchQuery, limit: Math.min(limit, NIVODA_PAGE_LIMIT), order };
    offsets.forEach((offset, i) => (variables[`o${i}`] = offset));
    const data = await query<Record<string, NivodaPage | null>>(document, kind === 'diamonds' ? 'DiamondsPages' : 'GemstonesPages', variables, signal);
    return offsets.map((_, i) => {
      const page = data[`p${i}`];
      if (!page) throw new NivodaError(`Nivoda answered without page ${i + 1} of the request`, 'rejected');
      return page;
    });
  }
  return {
    stats,
    async searchDiamonds(searchQuery, offset, limit, signal) {
      return (await searchPages('diamonds', searchQuery, [offset], limit, signal))[0]!;
    },
    searchDiamondPages: (searchQuery, offsets, signal) => searchPages('diamonds', searchQuery, offsets, NIVODA_PAGE_LIMIT, signal),
    async countDiamonds(searchQuery, signal) {
      const data = await query<{ diamonds_by_query_count: number }>(DIAMONDS_COUNT, 'DiamondsCount', { query: searchQuery }, signal);
      return data.diamonds_by_query_count;
    },
    async searchGemstones(searchQuery, offset, limit, signal) {
      return (await searchPages('gemstones', searchQuery, [offset], limit, signal))[0]!;
    },
    searchGemstonePages: (searchQuery, offsets, signal) => searchPages('gemstones', searchQuery, offsets, NIVODA_PAGE_LIMIT, signal),
    async countGemstones(searchQuery, signal) {
      // GUESS: no count query is known for gemstones; a one-stone page carries total_count.
      return (await searchPages('gemstones', searchQuery, [0], 1, signal))[0]!.total_count;
    },
  };
}
