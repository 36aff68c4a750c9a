import { MESSAGES } from '@facet/contract/messages';
import { MASTER_ROLE_NAME, roleResource } from '@facet/contract/modules/roles/role.schema';
import type { RoleInput } from '@facet/contract/modules/roles/role.schema';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { permissions } from '../permissions/permission.table.ts';
import { AppError, conflict } from '../../http/errors.ts';
import { assertAllFound, assertCanActOn, assertCanGrant, assertMasterRemains, isMasterActor, livePermissions, lockMasterChanges, permissionsOfRoles } from './access.service.ts';
import { rolePermissions, roles } from './role.table.ts';

const isMasterRole = (name: unknown) => typeof name === 'string' && name.toLowerCase() === MASTER_ROLE_NAME;

export function createRoleService(db: Db) {
  return createCrudService(db, roleResource, roles, {
    toValues: (input) => ({ name: input.name }),

    async loadRelations(source, ids) {
      const rows = await source
        .select({ roleId: rolePermissions.roleId, id: permissions.id, name: permissions.name })
        .from(rolePermissions)
        .innerJoin(permissions, and(eq(permissions.id, rolePermissions.permissionId), isNull(permissions.deletedAt)))
        .where(inArray(rolePermissions.roleId, ids))
        .orderBy(permissions.name);
      const byRole = new Map(ids.map((id) => [id, { permissionIds: [] as number[], permissionNames: [] as string[] }]));
      for (const row of rows) {
        byRole.get(row.roleId)?.permissionIds.push(row.id);
        byRole.get(row.roleId)?.permissionNames.push(row.name);
      }
      return byRole;
    },

    async saveRelations(tx, id, input) {
      const { permissionIds } = input as RoleInput;
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
      await tx.insert(rolePermissions).values(permissionIds.map((permissionId) => ({ roleId: id, permissionId })));
    },

    async lockFirst(tx, action) {
      // Editing or deleting a role can take all-master away from its users.
      if (action !== 'create') await lockMasterChanges(tx);
    },
    async beforeWrite(tx, { action, input, existing, context }) {
      if (existing) {
        if (isMasterRole(existing.name) && !isMasterActor(context.actor)) throw new AppError('FORBIDDEN', MESSAGES.masterOnly);
        assertCanActOn(context.actor, await permissionsOfRoles(tx, [existing.id as number]));
      }
      if (action !== 'create' && isMasterRole(existing?.name)) throw conflict(MESSAGES.masterRoleLocked);
      if (!input) return;
      const { permissionIds } = input as RoleInput;
      const granted = await livePermissions(tx, permissionIds);
      assertAllFound('permissionIds', permissionIds, granted);
      assertCanGrant(context.actor, granted);
    },

    async afterWrite(tx) {
      await assertMasterRemains(tx);
    },
  });
}
