import { hash, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@facet/contract/modules/auth/auth.schema';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/context.ts';
import { users } from '../users/user.table.ts';
import { sessions } from './session.table.ts';

/** Sliding-expiry writes are skipped when the last one is this recent, to spare a write per request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** SHA-256 in hex; the one-shot `hash` builds no Hash object (every request pays this). */
function hashSessionId(id: string): string {
  return hash('sha256', id, 'hex');
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
export const permissionKeysOfUser = sql<string[]>`coalesce((
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

/**
 * A staff member as a session would make them now (a live, active user with their permission keys),
 * or null when they are deleted or disabled: what a job acts as when it applies rules that depend on
 * who acts (a bulk change of users), read when it runs rather than when it was queued.
 */
export async function staffActorOf(db: Db, userId: number): Promise<Actor | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, status: users.status, permissions: permissionKeysOfUser })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.status ? { id: row.id, name: row.name, email: row.email, permissions: row.permissions } : null;
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

type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionLookup>['execute']>>[number];

/**
 * Session rows as the lookup last read them, reused for a moment: a busy page or a list asked for
 * many times a second needs one lookup, not one a request (a PostgreSQL round trip, about a third of
 * a small list's CPU). Each request still checks its session: the idle and absolute limits against
 * its own clock, the user's status and the permissions as read at most SESSION_CACHE_MS ago.
 * Anything this process changes reaches the next request at once: ending sessions here, and any
 * write request (app.ts, once its answer is sent and its transaction committed) forget every cached
 * row. Only a change made outside the app (psql) may wait SESSION_CACHE_MS.
 */
const SESSION_CACHE_MS = 2000;
/** Enough for every signed-in staff member; a cache this full is emptied rather than grown. */
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  row: SessionRow;
  readAt: number;
  generation: number;
}
const sessionCaches = new WeakMap<Db, Map<string, CachedSession>>();
/**
 * Bumped by every forget: a lookup that started before it keeps its row out of the cache, so a row
 * read before a change committed cannot outlive the change.
 */
let cacheGeneration = 0;

/** Forgets every cached session row (of every database): the next request of each reads its session again. */
export function forgetCachedSessions(): void {
  cacheGeneration++;
}

async function lookupSession(db: Db, idHash: string): Promise<SessionRow | undefined> {
  let cache = sessionCaches.get(db);
  if (!cache) {
    cache = new Map();
    sessionCaches.set(db, cache);
  }
  const cached = cache.get(idHash);
  const clock = performance.now();
  if (cached && cached.generation === cacheGeneration && clock - cached.readAt < SESSION_CACHE_MS) return cached.row;
  const generation = cacheGeneration;
  const [row] = await sessionLookupOf(db).execute({ idHash });
  if (row && generation === cacheGeneration) {
    if (cache.size >= SESSION_CACHE_MAX) cache.clear();
    // Shared by the requests that reuse it: frozen, so none can change what another sees.
    Object.freeze(row.permissionKeys);
    cache.set(idHash, { row, readAt: clock, generation });
  } else if (!row) {
    cache.delete(idHash);
  }
  return row;
}

/**
 * Resolves a cookie to its actor when the session is within its idle and absolute limits and the
 * user is still active; slides the idle window. Expired sessions are deleted on sight.
 */
export async function resolveSession(db: Db, sessionId: string, now = new Date()): Promise<{ actor: Actor; idHash: string } | null> {
  const idHash = hashSessionId(sessionId);
  const row = await lookupSession(db, idHash);
  if (!row) return null;
  const idleExpired = now.getTime() - row.session.lastSeenAt.getTime() > SESSION_IDLE_MS;
  const absoluteExpired = now.getTime() - row.session.createdAt.getTime() > SESSION_ABSOLUTE_MS;
  if (idleExpired || absoluteExpired || !row.user.status || row.user.deletedAt) {
    await deleteSession(db, idHash);
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    // The cached row slides with it, so the requests that reuse it neither expire it nor touch it again.
    row.session = { ...row.session, lastSeenAt: now };
  }
  return { idHash, actor: { id: row.user.id, name: row.user.name, email: row.user.email, permissions: row.permissionKeys } };
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
  forgetCachedSessions();
}

/** Ends every session of the given users: after disabling, a password change or a role change. */
export async function endSessionsOfUsers(db: Db, userIds: number[]): Promise<void> {
  if (userIds.length) await db.delete(sessions).where(inArray(sessions.userId, userIds));
  forgetCachedSessions();
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
  forgetCachedSessions();
}

/** Used by tests to age a session. */
export async function backdateSession(db: Db, sessionId: string, fields: { createdAt?: Date; lastSeenAt?: Date }) {
  await db.update(sessions).set(fields).where(eq(sessions.idHash, hashSessionId(sessionId)));
  forgetCachedSessions();
}
