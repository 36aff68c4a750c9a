import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, loginSchema, sessionSchema } from '@facet/contract/modules/auth/auth.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../../db/audit.ts';
import { describeSession, login } from './auth.service.ts';
import { deleteSession } from './session.service.ts';

export function authRoutes(app: FastifyInstance, db: Db) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: 'auto' as const };
  const tags = ['auth'];

  route.post(
    '/api/auth/login',
    { config: { public: true }, schema: { tags, body: loginSchema, response: { 200: sessionSchema } } },
    async (request, reply) => {
      const { sessionId, info } = await login(db, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        requestId: request.id,
      });
      // A new session id at every login, and the browser's previous one ended: no session fixation.
      // Only after a success: a failed attempt (a mistyped password in a second tab) signs nobody out.
      if (request.sessionIdHash) await deleteSession(db, request.sessionIdHash);
      reply.setCookie(SESSION_COOKIE, sessionId, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
      return info;
    },
  );

  route.post('/api/auth/logout', { config: { authenticated: true }, schema: { tags } }, async (request, reply) => {
    if (request.sessionIdHash) await deleteSession(db, request.sessionIdHash);
    await writeAudit(db, { actor: request.actor, ip: request.ip, requestId: request.id }, { action: 'logout', entity: 'session', entityId: request.actor?.id });
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return reply.status(204).send();
  });

  route.get('/api/auth/me', { config: { authenticated: true }, schema: { tags, response: { 200: sessionSchema } } }, async (request) => {
    if (!request.actor) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
    return describeSession(db, request.actor);
  });
}
