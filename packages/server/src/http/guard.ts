import { SESSION_COOKIE } from '@facet/contract/modules/auth/auth.schema';
import { MESSAGES } from '@facet/contract/messages';
import { hasPermission } from '@facet/contract/permissions';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { resolveSession } from '../modules/auth/session.service.ts';
import { AppError } from './errors.ts';

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
  if (origin) {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw new AppError('FORBIDDEN', MESSAGES.crossOrigin);
    }
    if (originHost !== request.headers.host) throw new AppError('FORBIDDEN', MESSAGES.crossOrigin);
  }
}

/** Authenticates every request from its cookie and enforces the route's permission before anything else runs. */
export function registerGuard(app: FastifyInstance, db: Db) {
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionIdHash', null);
  app.addHook('onRoute', assertRouteDeclaresPermission);
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
