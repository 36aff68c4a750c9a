import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { MESSAGES } from '@facet/contract/messages';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Config, TrustProxy } from './config.ts';
import type { Db } from './db/client.ts';
import { handleError } from './http/errors.ts';
import { registerGuard } from './http/guard.ts';
import { isApiPath } from './http/request-path.ts';
import { loggerOptions } from './http/logging.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { forgetCachedSessions, resolveSession } from './modules/auth/session.service.ts';
import { analyticsReport } from './modules/settings/index.ts';
import { registerModules } from './modules/register-modules.ts';
import { createStorefrontAuth } from './modules/storefront/storefront-auth.ts';

export interface AppOptions {
  db: Db;
  config: Config;
  /** Where pino writes; tests pass a stream to read the logs. */
  logStream?: NodeJS.WritableStream;
  logger?: boolean;
}

/**
 * Fastify's own hop count trusts nothing (it cannot tell a proxy from a client), so a hop count
 * becomes a function: hop 0 is the socket's peer, so with N hops the client is the address N entries
 * from the right of X-Forwarded-For, and anything a client prepends further left is ignored.
 */
function proxyTrust(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The origin of a web address, for a CSP source list: none when the address is empty or not http(s). */
function originOf(address: string): string[] {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Builds the whole server; `main.ts` listens on it, tests call it through `app.inject`. */
export async function buildApp({ db, config, logStream, logger = true }: AppOptions) {
  const app = Fastify({
    logger: logger ? loggerOptions(config.logLevel, logStream) : false,
    bodyLimit: 1024 * 1024,
    trustProxy: proxyTrust(config.trustProxy),
    genReqId: () => crypto.randomUUID(),
    // Errors Fastify raises before routing (a path that is no valid UTF-8, a parameter too long) get our error body too.
    frameworkErrors: (error, request, reply) => {
      void handleError(error, request, reply);
    },
  } satisfies FastifyServerOptions);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);

  // helmet rebuilds its headers on every request (the CSP string from its directives); ours change
  // only with the analytics report's address, so they are worked out once per address and set as
  // they are: about 4% of a small list's CPU. API answers (no document) get the policy without it.
  const headersFor = securityHeadersByReport();
  const securityHeaders = await headersFor(null);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  await app.register(fastifyCookie);
  // Uploads: one file per request; each route sets its own size limit when it reads the file.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, fieldSize: 1024 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Facet API', version: config.appVersion },
      components: {
        // The storefront API's key (/api/storefront/v1); staff routes use the session cookie.
        securitySchemes: { storefrontApiKey: { type: 'http', scheme: 'bearer', description: 'A storefront API key (System > API Keys), or the same key in X-Api-Key.' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const storefrontAuth = createStorefrontAuth(db, config, app.log);
  app.addHook('onClose', () => storefrontAuth.close());
  registerGuard(app, (sessionId) => resolveSession(db, sessionId), storefrontAuth.authenticate);
  // A write may change who may do what (a user disabled, a role's permissions): once its answer is
  // on its way, its transaction has committed and the sessions the guard reuses are read again.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!SAFE_METHODS.has(request.method)) forgetCachedSessions();
    done(null, payload);
  });
  registerTextGuard(app);

  // The API's map is for staff: signed-in users only, like the docs UI (guard.ts).
  app.get('/api/openapi.json', { config: { authenticated: true }, schema: { hide: true } }, () => app.swagger());
  app.get('/api/health', { config: { public: true }, schema: { tags: ['system'] } }, async () => {
    await db.execute(sql`select 1`);
    return { status: 'ok' };
  });
  // Anyone may read it (the login page checks the version): the analytics report's address is not
  // here but at /api/analytics, for signed-in staff.
  app.get('/api/app-config', { config: { public: true }, schema: { tags: ['system'] } }, () => ({
    version: config.appVersion,
    // The storefront's address: Link statistics opens its links there.
    siteUrl: config.siteUrl,
  }));

  registerModules(app, { db, config });
  // The app's page may frame the analytics report and ask its site whether it answers, and no other
  // site: its policy names the report's origin as the setting has it when the page is served (the
  // database down: ANALYTICS_URL's, so the page still loads and says what failed).
  const documentPolicy = async () => {
    const { url } = await analyticsReport(db, config.analyticsUrl).catch(() => ({ url: config.analyticsUrl }));
    return (await headersFor(url))['content-security-policy']!;
  };
  await serveWebApp(app, config.webDistDir, documentPolicy);
  return app;
}

/** The security headers with the report at `analyticsUrl` allowed (none: no site beyond our own), each worked out once. */
function securityHeadersByReport() {
  const byOrigin = new Map<string, Promise<Record<string, string>>>();
  return (analyticsUrl: string | null) => {
    const origin = originOf(analyticsUrl ?? '')[0] ?? '';
    let headers = byOrigin.get(origin);
    if (!headers) byOrigin.set(origin, (headers = helmetHeaders(origin)));
    return headers;
  };
}

/** The headers @fastify/helmet sets with our policy, read off a throwaway instance. */
async function helmetHeaders(reportOrigin: string): Promise<Record<string, string>> {
  const report = reportOrigin ? [reportOrigin] : [];
  const probe = Fastify();
  await probe.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // The /analytics page frames the report and first asks its site whether it answers; no other
        // page frames anything (the e-mail preview is a sandboxed srcdoc).
        connectSrc: ["'self'", ...report],
        frameSrc: ["'self'", ...report],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Served over plain http on localhost and in tests; TLS is the proxy's job.
        upgradeInsecureRequests: null,
      },
    },
  });
  probe.get('/', () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(Object.entries(response.headers).flatMap(([name, value]) => (own.has(name) || value === undefined ? [] : [[name, String(value)]])));
}

/** A request for a file (it has an extension), as opposed to a client-side route. */
const FILE_PATH = /\/[^/?]+\.[a-z0-9]+(\?|$)/i;

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ error: { code: 'NOT_FOUND', message: MESSAGES.notFound } });
}

/**
 * Serves the built SPA: files as they are on disk now (a rebuild needs no restart), a missing file is
 * a 404, and any other GET gets index.html for client-side routing. The web app's routes are public
 * like any page of a site; anything that names /api, however spelled (`//api/x`, `/API/x`, `/%61pi/x`),
 * is an API path no route matched: a 404, never the app's page.
 */
async function serveWebApp(app: FastifyInstance, distDir: string, documentPolicy: () => Promise<string>) {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    // The plugin only sends files; the one route that does is ours, so it declares its access like every other.
    await app.register(fastifyStatic, { root: distDir, serve: false, index: false });
    const webApp = { config: { public: true }, schema: { hide: true } } as const;
    // The static wildcard refuses a directory (403); the address people type first is the app itself.
    const sendPage = async (reply: FastifyReply) => reply.header('content-security-policy', await documentPolicy()).type('text/html').sendFile('index.html');
    app.get('/', webApp, (_request, reply) => sendPage(reply));
    app.get('/*', webApp, (request, reply) => {
      if (isApiPath(request.url)) return notFound(reply);
      const { '*': file } = request.params as { '*': string };
      return FILE_PATH.test(request.url) ? reply.sendFile(file) : sendPage(reply);
    });
  }
  app.setNotFoundHandler((_request, reply) => notFound(reply));
}
