import { createHash, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@facet/contract/modules/auth/auth.schema';
import { eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/context.ts';
import { users } from '../users/user.table.ts';
import { sessions } from './session.table.ts';

/** Sliding-expiry writes are skipped when the last one is this recent, to spare a write per request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** Starts a session with a fresh 256-bit random id; returns the id for the cookie (never stored). */
export async function createSession(db: Db, userId: number, meta: { ip: string; userAgent?: string }): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ idHash: hashSessionId(id), userId, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 500) });
  return id;
}

/**
 * The live roles' live permission keys of the row of `users` in the enclosing query, as a correlated
 * subquery. Written with aliases: drizzle drops table names from columns inside `sql`, which makes
 * `id` and `deleted_at` ambiguous across the joined tables.
 */
const permissionKeysOfUser = sql<string[]>`coalesce((
  select array_agg(distinct p.key collate "C" order by p.key collate "C")
  from user_roles ur
  join roles r on r.id = ur.role_id and r.deleted_at is null
  join role_permissions rp on rp.role_id = r.id
  join permissions p on p.id = rp.permission_id and p.deleted_at is null
  where ur.user_id = "users"."id"
), '{}')`;

/** The user's permission keys through their live roles and live permissions. */
export async function loadPermissionKeys(db: Db, userId: number): Promise<string[]> {
  const [row] = await db.select({ keys: permissionKeysOfUser }).from(users).where(eq(users.id, userId));
  return row?.keys ?? [];
}

function prepareSessionLookup(db: Db) {
  return db
    .select({
      session: sessions,
      user: { id: users.id, name: users.name, email: users.email, status: users.status, deletedAt: users.deletedAt },
      permissionKeys: permissionKeysOfUser,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .prepare('resolve_session');
}

/**
 * Every request pays this lookup, so it is one round trip (the session, its user and their permission
 * keys together) and a named prepared statement: built once per database, planned once per connection.
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();
function sessionLookupOf(db: Db) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

/**
 * Resolves a cookie to its actor when the session is within its idle and absolute limits and the
 * user is still active; slides the idle window. Expired sessions are deleted on sight.
 */
export async function resolveSession(db: Db, sessionId: string, now = new Date()): Promise<{ actor: Actor; idHash: string } | null> {
  const idHash = hashSessionId(sessionId);
  const [row] = await sessionLookupOf(db).execute({ idHash });
  if (!row) return null;
  const idleExpired = now.getTime() - row.session.lastSeenAt.getTime() > SESSION_IDLE_MS;
  const absoluteExpired = now.getTime() - row.session.createdAt.getTime() > SESSION_ABSOLUTE_MS;
  if (idleExpired || absoluteExpired || !row.user.status || row.user.deletedAt) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return { idHash, actor: { id: row.user.id, name: row.user.name, email: row.user.email, permissions: row.permissionKeys } };
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of the given users: after disabling, a password change or a role change. */
export async function endSessionsOfUsers(db: Db, userIds: number[]): Promise<void> {
  if (userIds.length) await db.delete(sessions).where(inArray(sessions.userId, userIds));
}

/** Removes sessions past either limit; run now and then so the table does not grow without bound. */
export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        lt(sessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_MS)),
      ),
    );
}

/** Used by tests to age a session. */
export async function backdateSession(db: Db, sessionId: string, fields: { createdAt?: Date; lastSeenAt?: Date }) {
  await db.update(sessions).set(fields).where(eq(sessions.idHash, hashSessionId(sessionId)));
}
