import type { StorefrontScope } from '@facet/contract/modules/api-keys/api-key.schema';
import type { PermissionRequirement } from '@facet/contract/permissions';
import type { FastifyRequest } from 'fastify';

/** The signed-in staff member behind a request. */
export interface Actor {
  id: number;
  name: string;
  email: string;
  permissions: string[];
}

/** What a service needs to know about who asks: for permission rules and the audit log. */
export interface RequestContext {
  actor: Actor;
  ip: string;
  requestId: string;
}

/** The storefront API key behind a /api/storefront request. */
export interface StorefrontCaller {
  id: number;
  name: string;
  scopes: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    sessionIdHash: string | null;
    /** Set on /api/storefront routes only, from the API key; `actor` stays null there. */
    apiKey: StorefrontCaller | null;
  }
  interface FastifyContextConfig {
    /**
     * Every /api route declares either the permission it needs or `public: true`;
     * a route with neither stops the server at start-up.
     */
    permission?: PermissionRequirement;
    /** Signed-in users only, no particular permission (for /api/auth/me, logout). */
    authenticated?: boolean;
    public?: boolean;
    /**
     * A storefront API route (`/api/storefront/v1/...`): authenticated by an API key holding `scope`
     * (null: any valid key), never by a staff session. Only those routes declare it, and they
     * declare nothing else.
     */
    storefront?: { scope: StorefrontScope | null };
  }
}

/**
 * Who a service acts for when there is no HTTP request (a job): the user who started it, or null for
 * the system. `writeAudit` takes it as it takes a request's context.
 */
export interface ServiceContext {
  actor: Pick<Actor, 'id' | 'name'> | null;
  ip: string;
  requestId: string;
}

/** The context of job `runId`, run for `startedBy` (or the system). */
export function systemContext(startedBy: Pick<Actor, 'id' | 'name'> | null, runId: number): ServiceContext {
  return { actor: startedBy, ip: 'system', requestId: `job-${runId}` };
}

/**
 * The context a storefront request's writes are audited under: no staff actor (the audit row names
 * the key in its request id instead).
 */
export function storefrontContextOf(request: FastifyRequest): ServiceContext {
  if (!request.apiKey) throw new Error('storefrontContextOf called on a request without an API key');
  return { actor: null, ip: request.ip, requestId: `${request.id} api-key-${request.apiKey.id}` };
}

export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.actor) throw new Error('contextOf called on a request without an actor');
  return { actor: request.actor, ip: request.ip, requestId: request.id };
}
