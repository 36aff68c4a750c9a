import { SESSION_COOKIE } from '@facet/contract/modules/auth/auth.schema';
import { MESSAGES } from '@facet/contract/messages';
import { hasPermission } from '@facet/contract/permissions';
import type { PermissionRequirement } from '@facet/contract/permissions';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { resolveSession } from '../modules/auth/session.service.ts';
import { AppError } from './errors.ts';

/** An /api route as declared, kept so tests can walk every route (the 401/403 matrix). */
export interface DeclaredRoute {
  method: string;
  url: string;
  config: { permission?: PermissionRequirement; public?: boolean; authenticated?: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: DeclaredRoute[];
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes that plugins add (the API docs UI) and that need no permission. */
const PLUGIN_PREFIXES = ['/api/docs'];

/** Stops start-up when an /api route declares neither a permission nor `public` nor `authenticated`. */
export function assertRouteDeclaresPermission(route: RouteOptions) {
  if (!route.url.startsWith('/api/') || PLUGIN_PREFIXES.some((p) => route.url.startsWith(p))) return;
  const config = route.config ?? {};
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
  if (origin && hostOf(origin) !== hostOf(`${request.protocol}://${request.headers.host ?? ''}`)) {
    throw new AppError('FORBIDDEN', MESSAGES.crossOrigin);
  }
}

/** Host and port with default ports dropped, or null when the value is not a URL. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** Authenticates every request from its cookie and enforces the route's permission before anything else runs. */
export function registerGuard(app: FastifyInstance, db: Db) {
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionIdHash', null);
  const apiRoutes: DeclaredRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    assertRouteDeclaresPermission(route);
    if (route.url.startsWith('/api/') && !PLUGIN_PREFIXES.some((p) => route.url.startsWith(p))) {
      for (const method of [route.method].flat()) apiRoutes.push({ method, url: route.url, config: route.config ?? {} });
    }
  });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    assertSameOrigin(request);
    const sessionId = request.cookies[SESSION_COOKIE];
    if (sessionId) {
      const session = await resolveSession(db, sessionId);
      if (session) {
        request.actor = session.actor;
        request.sessionIdHash = session.idHash;
      }
    }
    const config = request.routeOptions.config;
    if (config.public || !request.routeOptions.url) return;
    if (PLUGIN_PREFIXES.some((p) => request.routeOptions.url?.startsWith(p))) return;
    if (!request.actor) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    if (config.permission && !hasPermission(request.actor.permissions, config.permission)) {
      throw new AppError('FORBIDDEN', MESSAGES.forbidden);
    }
  });
}
