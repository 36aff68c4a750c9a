import { SESSION_COOKIE } from '@facet/contract/modules/auth/auth.schema';
import { MESSAGES } from '@facet/contract/messages';
import { hasPermission } from '@facet/contract/permissions';
import type { StorefrontScope } from '@facet/contract/modules/api-keys/api-key.schema';
import type { PermissionRequirement } from '@facet/contract/permissions';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Actor, StorefrontCaller } from './context.ts';
import { AppError } from './errors.ts';

/** An /api route as declared, kept so tests can walk every route (the 401/403 matrix). */
interface DeclaredRoute {
  method: string;
  url: string;
  config: { permission?: PermissionRequirement; public?: boolean; authenticated?: boolean; storefront?: { scope: StorefrontScope | null } };
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: DeclaredRoute[];
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes that plugins add (the API docs UI) and that need no permission. */
const PLUGIN_PREFIXES = ['/api/docs'];

/** Where the storefront API lives; its routes, and only they, are authenticated by API keys. */
const STOREFRONT_PREFIX = '/api/storefront/';

/**
 * Stops start-up when an /api route declares neither a permission nor `public` nor `authenticated`,
 * or when a storefront route declares anything but `storefront` (or another route declares it).
 */
function assertRouteDeclaresPermission(route: RouteOptions) {
  if (!route.url.startsWith('/api/') || PLUGIN_PREFIXES.some((p) => route.url.startsWith(p))) return;
  const config = route.config ?? {};
  const isStorefront = route.url.startsWith(STOREFRONT_PREFIX);
  if (isStorefront !== Boolean(config.storefront) || (isStorefront && (config.permission || config.public || config.authenticated))) {
    throw new Error(`Route ${String(route.method)} ${route.url}: storefront routes, and only they, declare config.storefront, and nothing else.`);
  }
  if (isStorefront) return;
  if (!config.permission && !config.public && !config.authenticated) {
    throw new Error(`Route ${String(route.method)} ${route.url} declares no permission (config.permission, authenticated or public).`);
  }
}

/**
 * Refuses unsafe requests that a browser says came from another site. Requests without either
 * header (API clients, tests) pass: the SameSite=Strict cookie already keeps browsers honest.
 */
function assertSameOrigin(request: FastifyRequest) {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') throw new AppError('FORBIDDEN', MESSAGES.crossOrigin);
  const origin = request.headers.origin;
  if (origin !== undefined && originOf(origin) !== originOf(`${request.protocol}://${request.host}`)) {
    throw new AppError('FORBIDDEN', MESSAGES.crossOrigin);
  }
}

/**
 * Scheme, host and port (default ports dropped), or null when the value is not an http(s) URL: a page
 * on http://shop:8080 or https://other.shop is another origin than https://shop, and `null` (sandboxed
 * frames, file: pages) matches nothing.
 */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Finds the live session of a cookie value: its actor and the stored hash of its id. */
export type SessionResolver = (sessionId: string) => Promise<{ actor: Actor; idHash: string } | null>;

/** Authenticates a storefront request by its API key and checks the scope (modules/storefront). */
export type StorefrontAuthenticator = (request: FastifyRequest, scope: StorefrontScope | null) => Promise<StorefrontCaller>;

/**
 * Authenticates every request from its cookie and enforces the route's permission before anything
 * else runs; storefront routes by their API key instead, and a cookie counts for nothing there. The
 * session and key lookups are passed in (app.ts gives the modules'): http/ imports no module.
 */
export function registerGuard(app: FastifyInstance, resolveSession: SessionResolver, authenticateStorefront: StorefrontAuthenticator) {
  app.decorateRequest('actor', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('sessionIdHash', null);
  const apiRoutes: DeclaredRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    assertRouteDeclaresPermission(route);
    if (route.url.startsWith('/api/') && !PLUGIN_PREFIXES.some((p) => route.url.startsWith(p))) {
      for (const method of [route.method].flat()) apiRoutes.push({ method, url: route.url, config: route.config ?? {} });
    }
  });
  // JSON answers hold shop and customer data: no browser or proxy keeps a copy (DESIGN §4a).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    assertSameOrigin(request);
    const storefront = request.routeOptions.config.storefront;
    if (storefront) {
      request.apiKey = await authenticateStorefront(request, storefront.scope);
      return;
    }
    const sessionId = request.cookies[SESSION_COOKIE];
    if (sessionId) {
      const session = await resolveSession(sessionId);
      if (session) {
        request.actor = session.actor;
        request.sessionIdHash = session.idHash;
      }
    }
    const config = request.routeOptions.config;
    if (config.public || !request.routeOptions.url) return;
    // Plugin routes (the API docs) declare nothing; they are for signed-in staff.
    if (!request.actor) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    if (config.permission && !hasPermission(request.actor.permissions, config.permission)) {
      throw new AppError('FORBIDDEN', MESSAGES.forbidden);
    }
  });
}
