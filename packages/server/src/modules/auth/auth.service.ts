import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '@facet/contract/modules/auth/auth.schema';
import type { LoginInput, SessionInfo } from '@facet/contract/modules/auth/auth.schema';
import { MESSAGES } from '@facet/contract/messages';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../../db/audit.ts';
import { permissions } from '../permissions/permission.table.ts';
import { users } from '../users/user.table.ts';
import { getDummyHash, verifyPassword } from './password.ts';
import { createSession, loadPermissionKeys } from './session.service.ts';
import { loginFailures } from './session.table.ts';
import { isLive } from '../../db/columns.ts';

interface RequestMeta {
  ip: string;
  userAgent?: string;
  requestId: string;
}

/**
 * The throttle counts per account and address: a known user's id (so their name and e-mail are one
 * account), or the typed name when no user has it (so probing unknown names is throttled too).
 */
function throttleKey(user: { id: number } | undefined, typedName: string, ip: string) {
  return user ? `user:${user.id}|${ip}` : `name:${typedName}|${ip}`;
}

async function loadCatalogue(db: Db): Promise<SessionInfo['catalogue']> {
  return db
    .select({ id: permissions.id, key: permissions.key, name: permissions.name })
    .from(permissions)
    .where(isLive(permissions))
    .orderBy(asc(permissions.name));
}

export async function describeSession(db: Db, actor: Actor): Promise<SessionInfo> {
  return {
    user: { id: actor.id, name: actor.name, email: actor.email },
    permissions: actor.permissions,
    catalogue: await loadCatalogue(db),
  };
}

/**
 * Takes one attempt from the key's allowance before the password is checked, in one atomic
 * statement: concurrent attempts queue on the row, so at most LOGIN_MAX_FAILURES passwords are ever
 * checked in a row, however many requests arrive at once. The attempt counts as a failure until a
 * success clears the row. Once the allowance is spent the key is locked for LOGIN_LOCK_MS; an expired
 * lock starts the count over. Returns the seconds to wait when the attempt is refused.
 */
async function reserveAttempt(db: Db, key: string, now: Date): Promise<number | null> {
  const lockUntil = new Date(now.getTime() + LOGIN_LOCK_MS);
  const expired = sql`(${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} <= ${now})`;
  const locked = sql`(${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} > ${now})`;
  const [row] = await db
    .insert(loginFailures)
    .values({ key, failures: 1, lockedUntil: null, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${expired} then 1 when ${locked} then ${loginFailures.failures} else ${loginFailures.failures} + 1 end`,
        lockedUntil: sql`case when ${expired} then null when ${locked} then ${loginFailures.lockedUntil}
          when ${loginFailures.failures} + 1 > ${LOGIN_MAX_FAILURES} then ${lockUntil}::timestamptz else null end`,
        lastFailureAt: now,
      },
    })
    .returning({ lockedUntil: loginFailures.lockedUntil });
  const until = row?.lockedUntil;
  return until && until > now ? Math.ceil((until.getTime() - now.getTime()) / 1000) : null;
}

/**
 * Signs in by username or email. Unknown user, wrong password and inactive user all give the same
 * 401 body, after the same argon2 work, so the answer does not reveal which usernames exist.
 */
export async function login(db: Db, input: LoginInput, meta: RequestMeta, now = new Date()): Promise<{ sessionId: string; info: SessionInfo }> {
  const name = input.username.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(and(isLive(users), or(eq(sql`lower(${users.name})`, name), eq(sql`lower(${users.email})`, name))))
    .limit(1);
  const key = throttleKey(user, name, meta.ip);
  const retryAfter = await reserveAttempt(db, key, now);
  if (retryAfter !== null) {
    throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyLoginAttempts, undefined, { 'retry-after': String(retryAfter) });
  }
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  const auditContext = { actor: user ? { id: user.id, name: user.name } : null, ip: meta.ip, requestId: meta.requestId };
  if (!user || !passwordMatches || !user.status) {
    await writeAudit(db, auditContext, { action: 'login_failed', entity: 'session', after: { username: input.username.trim() } });
    throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
  }
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
  const sessionId = await createSession(db, user.id, meta);
  await writeAudit(db, auditContext, { action: 'login', entity: 'session', entityId: user.id });
  const actor: Actor = { id: user.id, name: user.name, email: user.email, permissions: await loadPermissionKeys(db, user.id) };
  return { sessionId, info: await describeSession(db, actor) };
}
