import { MASTER_PERMISSION } from '@facet/contract/permissions';
import { MESSAGES } from '@facet/contract/messages';
import { and, countDistinct, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/context.ts';
import { AppError, conflict, invalidField } from '../../http/errors.ts';
import { permissions } from '../permissions/permission.table.ts';
import { userRoles, users } from '../users/user.table.ts';
import { rolePermissions, roles } from './role.table.ts';

/** Rules shared by users, roles and permissions: who may grant what, and the last master. */

export async function livePermissions(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select({ id: permissions.id, key: permissions.key, name: permissions.name }).from(permissions).where(and(inArray(permissions.id, ids), isNull(permissions.deletedAt)));
}

export async function permissionsOfRoles(db: Db, roleIds: number[]) {
  if (!roleIds.length) return [];
  return db
    .selectDistinct({ id: permissions.id, key: permissions.key, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, and(eq(permissions.id, rolePermissions.permissionId), isNull(permissions.deletedAt)))
    .where(inArray(rolePermissions.roleId, roleIds));
}

/** Nobody grants a permission they do not hold themselves, unless they hold all-master. */
export function assertCanGrant(actor: Actor, granted: { key: string; name: string }[]) {
  if (actor.permissions.includes(MASTER_PERMISSION)) return;
  const unheld = granted.filter((p) => !actor.permissions.includes(p.key));
  if (unheld.length) throw new AppError('FORBIDDEN', MESSAGES.cannotGrantUnheld(unheld.map((p) => p.name).join(', ')));
}

/** Every id must name a live row; otherwise a 400 on the field. */
export function assertAllFound(field: string, requested: number[], found: { id: number }[]) {
  const foundIds = new Set(found.map((f) => f.id));
  const missing = requested.filter((id) => !foundIds.has(id));
  if (missing.length) throw invalidField(field, `Unknown ${field === 'roleIds' ? 'role' : 'permission'} id(s): ${missing.join(', ')}.`);
}

/**
 * Run after a change inside its transaction: if no active user holds all-master any more, the
 * change is refused (409) and the transaction rolls back. Nobody can lock the shop out.
 */
export async function assertMasterRemains(tx: Db) {
  const [row] = await tx
    .select({ total: countDistinct(users.id) })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), isNull(roles.deletedAt)))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(permissions, and(eq(permissions.id, rolePermissions.permissionId), isNull(permissions.deletedAt)))
    .where(and(eq(permissions.key, MASTER_PERMISSION), eq(users.status, true), isNull(users.deletedAt)));
  if (!row || row.total === 0) throw conflict(MESSAGES.lastMasterUser);
}
