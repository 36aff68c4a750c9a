import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '@facet/contract/modules/auth/auth.schema';
import type { LoginInput, SessionInfo } from '@facet/contract/modules/auth/auth.schema';
import { MESSAGES } from '@facet/contract/messages';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { permissions } from '../permissions/permission.table.ts';
import { users } from '../users/user.table.ts';
import { getDummyHash, verifyPassword } from './password.ts';
import { createSession, loadPermissionKeys } from './session.service.ts';
import { loginFailures } from './session.table.ts';

interface RequestMeta {
  ip: string;
  userAgent?: string;
  requestId: string;
}

function throttleKey(username: string, ip: string) {
  return `${username.trim().toLowerCase()}|${ip}`;
}

/** The whole permission catalogue (key, name), sent with every session. */
export async function loadCatalogue(db: Db): Promise<SessionInfo['catalogue']> {
  return db
    .select({ id: permissions.id, key: permissions.key, name: permissions.name })
    .from(permissions)
    .where(isNull(permissions.deletedAt))
    .orderBy(asc(permissions.name));
}

export async function describeSession(db: Db, actor: Actor): Promise<SessionInfo> {
  return {
    user: { id: actor.id, name: actor.name, email: actor.email },
    permissions: actor.permissions,
    catalogue: await loadCatalogue(db),
  };
}

/** Refuses with 429 while the username is locked for this address. */
async function assertNotLocked(db: Db, key: string, now: Date) {
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.key, key));
  if (row?.lockedUntil && row.lockedUntil > now) {
    const retryAfter = Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000);
    throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyLoginAttempts, undefined, { 'retry-after': String(retryAfter) });
  }
}

/** Counts a consecutive failure; the fifth locks the pair for 15 minutes. An expired lock starts over. */
async function recordFailure(db: Db, key: string, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(loginFailures).where(eq(loginFailures.key, key)).for('update');
    const lockExpired = row?.lockedUntil !== null && row?.lockedUntil !== undefined && row.lockedUntil <= now;
    const failures = !row || lockExpired ? 1 : row.failures + 1;
    const lockedUntil = failures >= LOGIN_MAX_FAILURES ? new Date(now.getTime() + LOGIN_LOCK_MS) : null;
    await tx
      .insert(loginFailures)
      .values({ key, failures, lockedUntil, lastFailureAt: now })
      .onConflictDoUpdate({ target: loginFailures.key, set: { failures, lockedUntil, lastFailureAt: now } });
  });
}

/**
 * Signs in by username or email. Unknown user, wrong password and inactive user all give the same
 * 401 body, after the same argon2 work, so the answer does not reveal which usernames exist.
 */
export async function login(db: Db, input: LoginInput, meta: RequestMeta, now = new Date()): Promise<{ sessionId: string; info: SessionInfo }> {
  const key = throttleKey(input.username, meta.ip);
  await assertNotLocked(db, key, now);
  const name = input.username.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), or(eq(sql`lower(${users.name})`, name), eq(sql`lower(${users.email})`, name))))
    .limit(1);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  const auditContext = { actor: user ? { id: user.id, name: user.name } : null, ip: meta.ip, requestId: meta.requestId };
  if (!user || !passwordMatches || !user.status) {
    await recordFailure(db, key, now);
    await writeAudit(db, auditContext, { action: 'login_failed', entity: 'session', after: { username: input.username.trim() } });
    throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
  }
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
  const sessionId = await createSession(db, user.id, meta);
  await writeAudit(db, auditContext, { action: 'login', entity: 'session', entityId: user.id });
  const actor: Actor = { id: user.id, name: user.name, email: user.email, permissions: await loadPermissionKeys(db, user.id) };
  return { sessionId, info: await describeSession(db, actor) };
}
