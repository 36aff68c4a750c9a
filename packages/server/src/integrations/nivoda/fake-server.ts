import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DocumentNode, FieldNode, FragmentDefinitionNode, GraphQLField, GraphQLObjectType, OperationDefinitionNode, SelectionSetNode } from 'graphql';
import { GraphQLError, buildSchema, getArgumentValues, getNamedType, getNullableType, getVariableValues, isListType, isObjectType, Kind, parse, validate } from 'graphql';
import type { FakeInventory, FakeInventoryOptions, FakeStone, FakeStoneFilter, FakeStoneKind } from './fake-inventory.ts';
import { createFakeInventory } from './fake-inventory.ts';

/**
 * A local Nivoda that speaks its GraphQL over HTTP (POST /api/diamonds): requests are parsed and
 * validated with the `graphql` package against the part of Nivoda's schema Facet uses, and answered
 * with exactly the fields asked (aliases and fragments included). It issues JWT session tokens that
 * expire (lifetime and clock injectable) and refuses expired or revoked ones the way Nivoda does
 * (HTTP 200 with an `errors` entry), pages at most 50 stones, filters by the query's arguments, and
 * can be told to fail the next requests (429 with Retry-After, 5xx, a hang, a dropped connection, an
 * answer of many megabytes).
 *
 * Where Nivoda's schema is not public, the names are the ones its customers' code uses; guesses are
 * marked in nivoda-client.ts, which sends the same documents to the real service.
 */

const SCHEMA = buildSchema(`
  type Query {
    authenticate: Authenticate
    "The GraphiQL way of passing the token; API clients send Authorization: Bearer instead."
    as(token: String!): AuthenticatedQuery
    diamonds_by_query(query: DiamondQuery!, offset: Int, limit: Int, order: DiamondOrder): DiamondResults
    diamonds_by_query_count(query: DiamondQuery!): Int
    gemstones_by_query(query: GemstoneQuery!, offset: Int, limit: Int, order: DiamondOrder): GemstoneResults
  }
  type AuthenticatedQuery {
    diamonds_by_query(query: DiamondQuery!, offset: Int, limit: Int, order: DiamondOrder): DiamondResults
    diamonds_by_query_count(query: DiamondQuery!): Int
    gemstones_by_query(query: GemstoneQuery!, offset: Int, limit: Int, order: DiamondOrder): GemstoneResults
  }
  type Authenticate { username_and_password(username: String!, password: String!): Session }
  type Session { token: String! }
  input Range { from: Float, to: Float }
  input DateRange { from: String, to: String }
  input DiamondQuery {
    labgrown: Boolean, shapes: [String!], sizes: [Range!], dollar_value: Range, updated: DateRange,
    certificate_numbers: [String!], has_image: Boolean, has_video: Boolean, has_v360: Boolean
  }
  input GemstoneQuery {
    shapes: [String!], sizes: [Range!], dollar_value: Range, updated: DateRange,
    certificate_numbers: [String!], has_image: Boolean, has_video: Boolean
  }
  enum DiamondOrderType { price size createdAt }
  enum OrderDirection { ASC DESC }
  input DiamondOrder { type: DiamondOrderType!, direction: OrderDirection }
  type DiamondResults { items: [DiamondItem!]!, total_count: Int! }
  type GemstoneResults { items: [GemstoneItem!]!, total_count: Int! }
  type DiamondItem { id: ID!, price: Int, discount: Float, diamond: Diamond! }
  type GemstoneItem { id: ID!, price: Int, discount: Float, gemstone: Gemstone! }
  type Supplier { id: ID!, name: String }
  type Diamond {
    id: ID!, image: String, video: String, availability: String, supplierStockId: String,
    supplier: Supplier, certificate: Certificate!
  }
  type Gemstone {
    id: ID!, image: String, video: String, availability: String, supplierStockId: String,
    supplier: Supplier, certificate: GemstoneCertificate!
  }
  type Certificate {
    id: ID!, lab: String, shape: String, certNumber: String, carats: Float, color: String, clarity: String,
    cut: String, polish: String, symmetry: String, floInt: String, floCol: String, length: Float, width: Float,
    depth: Float, depthPercentage: Float, table: Float, girdle: String, labgrown: Boolean
  }
  type GemstoneCertificate {
    id: ID!, lab: String, shape: String, certNumber: String, carats: Float, color: String, clarity: String,
    cut: String, polish: String, symmetry: String, floInt: String, floCol: String, length: Float, width: Float,
    depth: Float, depthPercentage: Float, table: Float, girdle: String, gemType: String
  }
`);

const FAKE_PAGE_LIMIT = 50;

/**
 * `bytes`: a 200 whose JSON body (a GraphQL error padded with spaces) is that long, streamed in chunks
 * as fast as the client reads, with its Content-Length or chunked (`declareLength: false`).
 */
export type FakeFailure = { status: 429; retryAfterSeconds?: number } | { status: 500 | 502 | 503 } | { status: 200; bytes: number; declareLength?: boolean } | 'hang' | 'reset';

export interface FakeNivodaOptions extends Partial<FakeInventoryOptions> {
  username?: string;
  password?: string;
  /** How long a session token lasts (Nivoda: 6 hours). */
  tokenLifetimeMs?: number;
  /** Deepest offset + limit the search serves; a client must partition past it. */
  maxOffset?: number;
  port?: number;
  host?: string;
}

export interface FakeNivodaStats {
  requests: number;
  authentications: number;
  searches: number;
  counts: number;
  rejectedTokens: number;
  failuresServed: number;
  /** Deepest offset and largest limit a search asked for. */
  maxOffsetAsked: number;
  maxLimitAsked: number;
  /** Bytes of oversized answers (failNext `bytes`) written before the client closed the connection or the answer ended. */
  oversizedBytesSent: number;
}

export interface FakeNivoda {
  endpoint: string;
  username: string;
  password: string;
  inventory: FakeInventory;
  stats: FakeNivodaStats;
  /** The next `times` requests fail this way (Infinity: until `recover`). */
  failNext(times: number, failure: FakeFailure): void;
  recover(): void;
  /** Every token issued so far is refused from now on (as after a password change). */
  revokeTokens(): void;
  close(): Promise<void>;
}

class FieldError extends Error {
  readonly code?: string;
  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}

interface Context {
  bearer: string | null;
  variables: Record<string, unknown>;
}

type Resolver = (source: unknown, args: Record<string, unknown>, context: Context) => unknown;
type Projector = (source: unknown, context: Context) => Record<string, unknown>;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export async function startFakeNivoda(options: FakeNivodaOptions = {}): Promise<FakeNivoda> {
  const {
    username = 'facet@example.com',
    password = 'fake-nivoda-password',
    tokenLifetimeMs = 6 * 60 * 60 * 1000,
    maxOffset = 10_000,
    port = 0,
    host = '127.0.0.1',
    now = Date.now,
    stones = 2_000,
    ...inventoryOptions
  } = options;
  const inventory = createFakeInventory({ ...inventoryOptions, stones, now });
  const secret = randomBytes(32);
  let tokenGeneration = 0;
  const failures: { times: number; failure: FakeFailure }[] = [];
  const stats: FakeNivodaStats = { requests: 0, authentications: 0, searches: 0, counts: 0, rejectedTokens: 0, failuresServed: 0, maxOffsetAsked: 0, maxLimitAsked: 0, oversizedBytesSent: 0 };

  const sign = (data: string) => createHmac('sha256', secret).update(data).digest('base64url');
  function issueToken() {
    const issuedAt = Math.floor(now() / 1000);
    const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify({ sub: username, gen: tokenGeneration, iat: issuedAt, exp: issuedAt + Math.round(tokenLifetimeMs / 1000) }))}`;
    return `${head}.${sign(head)}`;
  }

  /**
   * Tokens whose signature checked out, with their claims, most recent last. A read sends the same
   * token with every request, and an HMAC each time was ~7% of the fake's CPU on a million-stone read.
   * Only the signature check is remembered: revocation and expiry are judged on every request.
   */
  const verified = new Map<string, { exp: number; gen: number }>();
  function verifiedClaims(token: string) {
    const cached = verified.get(token);
    if (cached) return cached;
    const [header, payload, signature] = token.split('.');
    if (!header || !payload || signature !== sign(`${header}.${payload}`)) return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp: number; gen: number };
    if (verified.size >= 8) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
  }

  /** Nivoda answers a bad token with HTTP 200 and a GraphQL error, not with 401. */
  function authorize(token: string | null) {
    const reject = (message: string) => {
      stats.rejectedTokens++;
      return new FieldError(message, 'UNAUTHENTICATED');
    };
    if (!token) throw reject('Unauthorized: no token was sent');
    const claims = verifiedClaims(token);
    if (!claims) throw reject('Unauthorized: invalid token');
    if (claims.gen !== tokenGeneration) throw reject('Unauthorized: invalid token');
    if (claims.exp * 1000 <= now()) throw reject('Unauthorized: token expired');
  }

  function filterFrom(query: Record<string, unknown>, kinds: readonly FakeStoneKind[], order: unknown): FakeStoneFilter {
    const range = (value: unknown) => (value ?? {}) as { from?: number | null; to?: number | null };
    const filter: FakeStoneFilter = { kinds };
    const price = range(query.dollar_value);
    if (price.from != null) filter.priceFromCents = Math.round(price.from * 100);
    if (price.to != null) filter.priceToCents = Math.round(price.to * 100);
    // A single object for a list argument is coerced to a one-element list, as GraphQL does.
    const sizes = query.sizes as { from?: number | null; to?: number | null }[] | null | undefined;
    if (sizes?.length) filter.caratRanges = sizes.map(({ from, to }) => ({ from: from == null ? undefined : Math.round(from * 1000), to: to == null ? undefined : Math.round(to * 1000) }));
    const updated = range(query.updated) as { from?: string | null; to?: string | null };
    const time = (value: string, name: string) => {
      const parsed = Date.parse(value);
      if (Number.isNaN(parsed)) throw new FieldError(`updated.${name} must be an ISO 8601 date, got "${value}"`, 'BAD_USER_INPUT');
      return parsed;
    };
    if (updated.from != null) filter.updatedFrom = time(updated.from, 'from');
    if (updated.to != null) filter.updatedTo = time(updated.to, 'to');
    if (Array.isArray(query.certificate_numbers) && query.certificate_numbers.length) filter.certNumbers = query.certificate_numbers as string[];
    if (Array.isArray(query.shapes) && query.shapes.length) filter.shapes = (query.shapes as string[]).map((shape) => shape.toUpperCase());
    const { type = 'price', direction = 'ASC' } = (order ?? {}) as { type?: string; direction?: string };
    filter.order = { by: type === 'size' ? 'size' : type === 'price' ? 'price' : 'none', descending: direction === 'DESC' };
    return filter;
  }

  const diamondKinds = (query: Record<string, unknown>): FakeStoneKind[] =>
    query.labgrown === true ? ['lab'] : query.labgrown === false ? ['natural'] : ['natural', 'lab'];

  function searchPage(source: unknown, args: Record<string, unknown>, context: Context, kinds: FakeStoneKind[]) {
    authorize((source as { token?: string } | null)?.token ?? context.bearer);
    const offset = (args.offset as number | null) ?? 0;
    const limit = (args.limit as number | null) ?? FAKE_PAGE_LIMIT;
    if (limit > FAKE_PAGE_LIMIT || limit < 0) throw new FieldError(`limit must be between 0 and ${FAKE_PAGE_LIMIT}`, 'BAD_USER_INPUT');
    if (offset < 0) throw new FieldError('offset must not be negative', 'BAD_USER_INPUT');
    if (offset + limit > maxOffset) throw new FieldError(`offset + limit must not exceed ${maxOffset}; narrow the query`, 'BAD_USER_INPUT');
    stats.searches++;
    stats.maxOffsetAsked = Math.max(stats.maxOffsetAsked, offset);
    stats.maxLimitAsked = Math.max(stats.maxLimitAsked, limit);
    const found = inventory.search(filterFrom(args.query as Record<string, unknown>, kinds, args.order));
    const items: FakeStone[] = [];
    for (const index of found.subarray(offset, offset + limit)) items.push(inventory.stone(index)!);
    return { items, total: found.length };
  }

  const diamondsByQuery: Resolver = (source, args, context) => searchPage(source, args, context, diamondKinds(args.query as Record<string, unknown>));
  const gemstonesByQuery: Resolver = (source, args, context) => searchPage(source, args, context, ['gemstone']);
  const diamondsCount: Resolver = (source, args, context) => {
    authorize((source as { token?: string } | null)?.token ?? context.bearer);
    stats.counts++;
    return inventory.search(filterFrom(args.query as Record<string, unknown>, diamondKinds(args.query as Record<string, unknown>), null)).length;
  };
  const stoneOf = (source: unknown) => source as FakeStone;
  const stoneFields: Record<string, Resolver> = {
    id: (s) => stoneOf(s).stoneId,
    supplier: (s) => stoneOf(s),
    certificate: (s) => stoneOf(s),
  };
  const certificateFields: Record<string, Resolver> = {
    id: (s) => `${stoneOf(s).lab ?? 'NONE'}-${stoneOf(s).certNumber}`,
    carats: (s) => stoneOf(s).caratMilli / 1000,
    labgrown: (s) => stoneOf(s).kind === 'lab',
  };
  const itemFields: Record<string, Resolver> = {
    id: (s) => stoneOf(s).itemId,
    price: (s) => stoneOf(s).priceCents,
    diamond: (s) => s,
    gemstone: (s) => s,
  };
  const resultFields: Record<string, Resolver> = {
    items: (s) => (s as { items: FakeStone[] }).items,
    total_count: (s) => (s as { total: number }).total,
  };
  const RESOLVERS: Record<string, Record<string, Resolver>> = {
    Query: {
      authenticate: () => ({}),
      as: (_source, args) => ({ token: args.token }),
      diamonds_by_query: diamondsByQuery,
      diamonds_by_query_count: diamondsCount,
      gemstones_by_query: gemstonesByQuery,
    },
    AuthenticatedQuery: { diamonds_by_query: diamondsByQuery, diamonds_by_query_count: diamondsCount, gemstones_by_query: gemstonesByQuery },
    Authenticate: {
      username_and_password: (_source, args) => {
        if (args.username !== username || args.password !== password) throw new FieldError('Invalid username or password', 'UNAUTHENTICATED');
        stats.authentications++;
        return { token: issueToken() };
      },
    },
    DiamondResults: resultFields,
    GemstoneResults: resultFields,
    DiamondItem: itemFields,
    GemstoneItem: itemFields,
    Diamond: stoneFields,
    Gemstone: stoneFields,
    Supplier: { id: (s) => stoneOf(s).supplierStockId.split('-')[0], name: (s) => stoneOf(s).supplierName },
    Certificate: certificateFields,
    GemstoneCertificate: certificateFields,
  };

  /** One field of a selection: how its value is found (`property`: read off the source, no resolver). */
  interface ProjectedField {
    key: string;
    resolve: Resolver;
    property: string | null;
    node: FieldNode;
    definition: GraphQLField<unknown, unknown> | null;
    sub: Projector | null;
    isList: boolean;
  }

  /**
   * Turns a selection set into a function that builds exactly the asked object: compiled once per
   * query text, so paging through a million stones walks no AST.
   */
  function compileSelection(type: GraphQLObjectType, selectionSet: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>): Projector {
    const fields: ProjectedField[] = [];
    const collect = (set: SelectionSetNode) => {
      for (const selection of set.selections) {
        if (selection.kind === Kind.FRAGMENT_SPREAD) collect(fragments.get(selection.name.value)!.selectionSet);
        else if (selection.kind === Kind.INLINE_FRAGMENT) collect(selection.selectionSet);
        else {
          const name = selection.name.value;
          const key = selection.alias?.value ?? name;
          if (name === '__typename') {
            fields.push({ key, resolve: () => type.name, property: null, node: selection, definition: null, sub: null, isList: false });
            continue;
          }
          const definition = type.getFields()[name]!;
          const named = getNamedType(definition.type);
          const own = RESOLVERS[type.name]?.[name];
          const resolve = own ?? ((source: unknown) => (source as Record<string, unknown>)[name]);
          const sub = isObjectType(named) && selection.selectionSet ? compileSelection(named, selection.selectionSet, fragments) : null;
          fields.push({ key, resolve, property: own ? null : name, node: selection, definition, sub, isList: isListType(getNullableType(definition.type)) });
        }
      }
    };
    collect(selectionSet);
    return buildProjector(fields);
  }

  /**
   * The projector as generated code: one object literal with the asked keys, each resolver called
   * from its own site. A generic loop over the fields cost 10-20 µs a stone (megamorphic calls,
   * a hidden-class transition per key); a million-stone read needs it near 1 µs.
   */
  function buildProjector(fields: ProjectedField[]): Projector {
    const names: string[] = [];
    const values: unknown[] = [];
    const properties = fields.map((field, i) => {
      names.push(`r${i}`, `p${i}`, `a${i}`);
      values.push(field.resolve, field.sub, (context: Context) => getArgumentValues(field.definition!, field.node, context.variables));
      const args = field.definition && field.node.arguments?.length ? `a${i}(context)` : 'NO_ARGS';
      // A field without a resolver of its own is the source's property of that name: read in
      // place, a load the compiler sees, where calling the default resolver was a call per field.
      const value = field.property !== null ? `(t = source[${JSON.stringify(field.property)}])` : `(t = r${i}(source, ${args}, context))`;
      const expression = !field.sub ? `${value} ?? null` : field.isList ? `${value} == null ? null : t.map((e) => p${i}(e, context))` : `${value} == null ? null : p${i}(t, context)`;
      // Keys are GraphQL names (validated /[_A-Za-z][_0-9A-Za-z]*/), quoted all the same.
      return `${JSON.stringify(field.key)}: ${expression}`;
    });
    const factory = new Function(...names, 'NO_ARGS', `return function project(source, context) { let t; return { ${properties.join(', ')} }; };`) as (...args: unknown[]) => Projector;
    return factory(...values, {});
  }

  /** A query compiled; `variables` remembers each variable's coerced value by its JSON (see coerceVariables). */
  type Plan = { operation: OperationDefinitionNode; fields: { key: string; project: Projector }[]; variables: Map<string, { given: boolean; value: unknown }> };
  const plans = new Map<string, Plan | { errors: readonly GraphQLError[] }>();
  function planFor(query: string, operationName: string | undefined): Plan | { errors: readonly GraphQLError[] } {
    const cacheKey = `${operationName ?? ''}\u0000${query}`;
    const cached = plans.get(cacheKey);
    if (cached) return cached;
    let plan: Plan | { errors: readonly GraphQLError[] };
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (error) {
      return { errors: [error as GraphQLError] };
    }
    const errors = validate(SCHEMA, document);
    if (errors.length) plan = { errors };
    else {
      const operations = document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
      const operation = operationName ? operations.find((candidate) => candidate.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
      if (!operation) plan = { errors: [new GraphQLError(operationName ? `Unknown operation named "${operationName}".` : 'Must provide operation name if query contains multiple operations.')] };
      else if (operation.operation !== 'query') plan = { errors: [new GraphQLError(`The fake Nivoda answers queries only, not ${operation.operation}s.`)] };
      else {
        const fragments = new Map(document.definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION).map((fragment) => [fragment.name.value, fragment] as const));
        // Each root field is projected on its own, so a failing one (a refused token) leaves the others.
        const rootSelections = operation.selectionSet.selections.filter((selection): selection is FieldNode => selection.kind === Kind.FIELD);
        const fields = rootSelections.map((selection) => ({
          key: selection.alias?.value ?? selection.name.value,
          project: compileSelection(SCHEMA.getQueryType()!, { kind: Kind.SELECTION_SET, selections: [selection] }, fragments),
        }));
        plan = { operation, fields, variables: new Map() };
      }
    }
    if (plans.size > 100) plans.delete(plans.keys().next().value!);
    plans.set(cacheKey, plan);
    return plan;
  }

  /**
   * graphql's getVariableValues, one variable at a time and remembered by the variable's JSON: a read
   * sends the same `query` object with every page and offsets from a short list, and coercing them
   * against the schema on every request was ~5% of the fake's CPU. Any error sends the whole set
   * through getVariableValues as before, so the errors (and their order) are graphql's own.
   */
  function coerceVariables(plan: Plan, inputs: Record<string, unknown>): ReturnType<typeof getVariableValues> {
    const definitions = plan.operation.variableDefinitions ?? [];
    const coerced: Record<string, unknown> = {};
    for (const definition of definitions) {
      const name = definition.variable.name.value;
      const given = Object.hasOwn(inputs, name);
      // Variable names are unique in a valid operation; `=` keeps "not sent" apart from any value.
      const key = given ? `${name}=${JSON.stringify(inputs[name])}` : name;
      let known = plan.variables.get(key);
      if (!known) {
        const one = getVariableValues(SCHEMA, [definition], given ? { [name]: inputs[name] } : {});
        if (one.errors) return getVariableValues(SCHEMA, definitions, inputs);
        known = { given: Object.hasOwn(one.coerced, name), value: one.coerced[name] };
        if (plan.variables.size >= 1000) plan.variables.clear();
        plan.variables.set(key, known);
      }
      if (known.given) coerced[name] = known.value;
    }
    return { coerced };
  }

  function execute(body: { query?: unknown; variables?: unknown; operationName?: unknown }, bearer: string | null): { status: number; payload: unknown } {
    if (typeof body.query !== 'string') return { status: 400, payload: { errors: [{ message: 'Must provide query string.' }] } };
    const plan = planFor(body.query, typeof body.operationName === 'string' ? body.operationName : undefined);
    if ('errors' in plan) return { status: 400, payload: { errors: plan.errors.map((error) => error.toJSON()) } };
    const coerced = coerceVariables(plan, (body.variables ?? {}) as Record<string, unknown>);
    if (coerced.errors) return { status: 400, payload: { errors: coerced.errors.map((error) => error.toJSON()) } };
    const context: Context = { bearer, variables: coerced.coerced };
    const data: Record<string, unknown> = {};
    const errors: unknown[] = [];
    for (const field of plan.fields) {
      try {
        Object.assign(data, field.project(null, context));
      } catch (error) {
        if (!(error instanceof FieldError) && !(error instanceof GraphQLError)) throw error;
        data[field.key] = null;
        errors.push({ message: error.message, path: [field.key], extensions: { code: error instanceof FieldError ? error.code : 'BAD_USER_INPUT' } });
      }
    }
    return { status: 200, payload: errors.length ? { errors, data } : { data } };
  }

  const send = (response: http.ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(payload);
    const length = Buffer.byteLength(text);
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': length, ...headers });
    // As many UTF-8 bytes as characters: all ASCII (every generated stone is), whose latin1 bytes are
    // its UTF-8 ones. Written as latin1 it is a copy; the UTF-8 encoder was ~10% of the fake's CPU.
    response.end(text, length === text.length ? 'latin1' : 'utf8');
  };

  /** Writes with backpressure, so only what the client reads (and the sockets' buffers) is ever sent. */
  async function sendOversized(response: http.ServerResponse, bytes: number, declareLength: boolean) {
    const head = Buffer.from('{"data":null,"errors":[{"message":"padded"}]');
    const chunk = Buffer.alloc(64 * 1024, ' ');
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...(declareLength ? { 'content-length': bytes } : {}) });
    let left = bytes - head.length - 1;
    let isClosed = false;
    let wake: (() => void) | null = null;
    response.on('drain', () => wake?.());
    response.on('close', () => {
      isClosed = true;
      wake?.();
    });
    const write = async (data: Buffer) => {
      stats.oversizedBytesSent += data.length;
      if (!response.write(data) && !isClosed) await new Promise<void>((resolve) => (wake = resolve));
    };
    await write(head);
    while (left > 0 && !isClosed) {
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= part.length;
      await write(part);
    }
    if (!isClosed) response.end('}');
  }

  const server = http.createServer((request, response) => {
    stats.requests++;
    const next = failures[0];
    if (next) {
      if (--next.times <= 0) failures.shift();
      stats.failuresServed++;
      // Read the body first so the client is not cut off mid-send.
      request.resume();
      request.on('end', () => {
        if (next.failure === 'hang') return;
        if (next.failure === 'reset') return request.socket.destroy();
        if (next.failure.status === 429) return send(response, 429, { errors: [{ message: 'Too many requests' }] }, { 'retry-after': String(next.failure.retryAfterSeconds ?? 1) });
        if (next.failure.status === 200) return void sendOversized(response, next.failure.bytes, next.failure.declareLength ?? true);
        return send(response, next.failure.status, { errors: [{ message: 'Internal server error' }] });
      });
      return;
    }
    if (request.method !== 'POST') return send(response, 405, { errors: [{ message: 'POST a GraphQL request' }] }, { allow: 'POST' });
    const chunks: Buffer[] = [];
    let length = 0;
    request.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > 1024 * 1024) request.destroy();
      else chunks.push(chunk);
    });
    request.on('end', () => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(response, 400, { errors: [{ message: 'The request body is not JSON' }] });
      }
      const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
      try {
        const { status, payload } = execute(body ?? {}, bearer);
        send(response, status, payload);
      } catch (error) {
        send(response, 500, { errors: [{ message: `Internal server error: ${(error as Error).message}` }] });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;

  return {
    endpoint: `http://${host}:${address.port}/api/diamonds`,
    username,
    password,
    inventory,
    stats,
    failNext(times, failure) {
      failures.push({ times, failure });
    },
    recover() {
      failures.length = 0;
    },
    revokeTokens() {
      tokenGeneration++;
    },
    close() {
      failures.length = 0;
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging requests (failNext 'hang') and idle keep-alive sockets would hold close() forever.
        server.closeAllConnections();
      });
    },
  };
}
