import { SESSION_COOKIE } from '@facet/contract/modules/auth/auth.schema';
import { MESSAGES } from '@facet/contract/messages';
import { hasPermission } from '@facet/contract/permissions';
import type { StorefrontScope } from '@facet/contract/modules/api-keys/api-key.schema';
import type { PermissionRequirement } from '@facet/contract/permissions';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Actor, StorefrontCaller } from './context.ts';
import { AppError } from './errors.ts';

/** A route as declared, kept so tests can walk every route (the 401/403 matrix, the path spellings). */
interface DeclaredRoute {
  method: string;
  url: string;
  config: { permission?: PermissionRequirement; public?: boolean; authenticated?: boolean; storefront?: { scope: StorefrontScope | null } };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The /api routes. */
    apiRoutes: DeclaredRoute[];
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes a plugin adds (the API docs UI), which cannot declare anything themselves: for signed-in staff. */
const STAFF_PLUGIN_PREFIX = '/api/docs';

/** Where the storefront API lives; its routes, and only they, are authenticated by API keys. */
const STOREFRONT_PREFIX = '/api/storefront/';

/**
 * Settles who may reach a route when it is added, from what it declares: exactly one of a
 * permission, `authenticated`, `public` or (storefront routes, and only they) `storefront`. A route
 * anywhere, under /api or not, that declares none stops the start-up: nothing is open by default.
 */
function settleRouteAccess(route: RouteOptions) {
  if (route.url.startsWith(STAFF_PLUGIN_PREFIX)) route.config = { ...route.config, authenticated: true };
  const config = route.config ?? {};
  const isStorefront = route.url.startsWith(STOREFRONT_PREFIX);
  const declared = [config.permission !== undefined, config.authenticated === true, config.public === true, config.storefront !== undefined].filter(Boolean).length;
  if (isStorefront !== Boolean(config.storefront) || (isStorefront && declared !== 1)) {
    throw new Error(`Route ${String(route.method)} ${route.url}: storefront routes, and only they, declare config.storefront, and nothing else.`);
  }
  if (declared === 0) throw new Error(`Route ${String(route.method)} ${route.url} declares no permission (config.permission, authenticated or public).`);
  if (declared > 1) throw new Error(`Route ${String(route.method)} ${route.url} declares more than one of config.permission, authenticated and public.`);
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
 *
 * Every decision is taken on the route that matched (`request.routeOptions`), never on the URL as
 * sent: the router decodes `/%61pi/...`, resolves the absolute request form and answers the same
 * handler, so a check on the raw URL could be walked around by spelling the path differently.
 */
export function registerGuard(app: FastifyInstance, resolveSession: SessionResolver, authenticateStorefront: StorefrontAuthenticator) {
  app.decorateRequest('actor', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('sessionIdHash', null);
  const apiRoutes: DeclaredRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    settleRouteAccess(route);
    if (route.url.startsWith('/api/') && !route.url.startsWith(STAFF_PLUGIN_PREFIX)) {
      for (const method of [route.method].flat()) apiRoutes.push({ method, url: route.url, config: route.config ?? {} });
    }
  });
  // Answers hold shop and customer data: no browser or proxy keeps a copy (DESIGN §4a), whatever
  // the path looked like. Only what sets its own policy (the web app's files, media) is cached.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', async (request) => {
    const { url: routeUrl, config } = request.routeOptions;
    // No route matched: the not-found handler answers, and it tells nothing.
    if (!routeUrl) return;
    assertSameOrigin(request);
    if (config.storefront) {
      request.apiKey = await authenticateStorefront(request, config.storefront.scope);
      return;
    }
    // The web app's files and public pages (sitemap, media) need no session; /api's public routes
    // read it when there is one (signing in ends the browser's previous session).
    if (config.public && !routeUrl.startsWith('/api/')) return;
    const sessionId = request.cookies[SESSION_COOKIE];
    if (sessionId) {
      const session = await resolveSession(sessionId);
      if (session) {
        request.actor = session.actor;
        request.sessionIdHash = session.idHash;
      }
    }
    if (config.public) return;
    if (!request.actor) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    if (config.permission && !hasPermission(request.actor.permissions, config.permission)) {
      throw new AppError('FORBIDDEN', MESSAGES.forbidden);
    }
  });
}
