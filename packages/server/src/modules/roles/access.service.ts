import { MASTER_PERMISSION, PERMISSION_KEYS } from '@facet/contract/permissions';
import { MESSAGES } from '@facet/contract/messages';
import { and, countDistinct, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/context.ts';
import { AppError, conflict, invalidField } from '../../http/errors.ts';
import { permissions } from '../permissions/permission.table.ts';
import { userRoles, users } from '../users/user.table.ts';
import { rolePermissions, roles } from './role.table.ts';
import { isLive } from '../../db/columns.ts';

/** Rules shared by users, roles and permissions: who may grant what, and the last master. */

export async function livePermissions(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select({ id: permissions.id, key: permissions.key, name: permissions.name }).from(permissions).where(and(inArray(permissions.id, ids), isLive(permissions)));
}

export async function permissionsOfRoles(db: Db, roleIds: number[]) {
  if (!roleIds.length) return [];
  return db
    .selectDistinct({ id: permissions.id, key: permissions.key, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, and(eq(permissions.id, rolePermissions.permissionId), isLive(permissions)))
    .where(inArray(rolePermissions.roleId, roleIds));
}

export const isMasterActor = (actor: Actor) => actor.permissions.includes(MASTER_PERMISSION);

/** Keys the code gates features with: only a master may bring one into being, move it or remove it. */
const CATALOGUE_KEYS: ReadonlySet<string> = new Set(PERMISSION_KEYS);
export const isCatalogueKey = (key: unknown) => typeof key === 'string' && CATALOGUE_KEYS.has(key.toLowerCase());

/** Permission keys held through a user's live roles. */
export async function permissionsOfUser(db: Db, userId: number) {
  return db
    .selectDistinct({ id: permissions.id, key: permissions.key, name: permissions.name })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), isLive(roles)))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(permissions, and(eq(permissions.id, rolePermissions.permissionId), isLive(permissions)))
    .where(eq(userRoles.userId, userId));
}

/**
 * A user or role is changed only by someone who holds every permission it holds: a master target
 * only by a master, anything else only when its permissions are a subset of the actor's. Otherwise
 * a non-master could disable, re-password or strip a user above them, or edit a role they could
 * never have built.
 */
export function assertCanActOn(actor: Actor, held: { key: string; name: string }[]) {
  if (isMasterActor(actor)) return;
  if (held.some((p) => p.key === MASTER_PERMISSION)) throw new AppError('FORBIDDEN', MESSAGES.masterOnly);
  const unheld = held.filter((p) => !actor.permissions.includes(p.key));
  if (unheld.length) throw new AppError('FORBIDDEN', MESSAGES.cannotActOnHigher(unheld.map((p) => p.name).join(', ')));
}

/** Nobody grants a permission they do not hold themselves, unless they hold all-master. */
export function assertCanGrant(actor: Actor, granted: { key: string; name: string }[]) {
  if (isMasterActor(actor)) return;
  const unheld = granted.filter((p) => !actor.permissions.includes(p.key));
  if (unheld.length) throw new AppError('FORBIDDEN', MESSAGES.cannotGrantUnheld(unheld.map((p) => p.name).join(', ')));
}

/** Every id must name a live row; otherwise a 400 on the field. */
export function assertAllFound(field: string, requested: number[], found: { id: number }[]) {
  const foundIds = new Set(found.map((f) => f.id));
  const missing = requested.filter((id) => !foundIds.has(id));
  if (missing.length) throw invalidField(field, `Unknown ${field === 'roleIds' ? 'role' : 'permission'} id(s): ${missing.join(', ')}.`);
}

/** Any constant works; it names the one lock that every change of who is master queues on. */
const MASTER_LOCK_KEY = 'facet:masters';

/**
 * Taken first in every write that can take all-master away from someone (a user disabled, deleted
 * or given other roles, a role or permission changed or deleted). Without it two such writes each
 * see the other's master still active, both pass `assertMasterRemains`, and none is left. With it
 * they run one after the other and the second sees the first's commit (read committed: every
 * statement sees what committed before it started).
 */
export async function lockMasterChanges(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${MASTER_LOCK_KEY}))`);
}

/**
 * Run after a change inside its transaction: if no active user holds all-master any more, the
 * change is refused (409) and the transaction rolls back. Nobody can lock the shop out.
 */
export async function assertMasterRemains(tx: Db) {
  if ((await countActiveMasters(tx)) === 0) throw conflict(MESSAGES.lastMasterUser);
}

/** Active, live users holding all-master through a live role. */
export async function countActiveMasters(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: countDistinct(users.id) })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), isLive(roles)))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(permissions, and(eq(permissions.id, rolePermissions.permissionId), isLive(permissions)))
    .where(and(eq(permissions.key, MASTER_PERMISSION), eq(users.status, true), isLive(users)));
  return row?.total ?? 0;
}
