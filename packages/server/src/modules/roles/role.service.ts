import { MESSAGES } from '@facet/contract/messages';
import { MASTER_ROLE_NAME, roleResource } from '@facet/contract/modules/roles/role.schema';
import type { RoleInput } from '@facet/contract/modules/roles/role.schema';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { manyToManyLink } from '../../db/links.ts';
import { permissions } from '../permissions/permission.table.ts';
import { AppError, conflict } from '../../http/errors.ts';
import { assertAllFound, assertCanActOn, assertCanGrant, assertMasterRemains, isMasterActor, livePermissions, lockMasterChanges, permissionsOfRoles } from './access.service.ts';
import { rolePermissions, roles } from './role.table.ts';

const isMasterRole = (name: unknown) => typeof name === 'string' && name.toLowerCase() === MASTER_ROLE_NAME;

const permissionLinks = manyToManyLink({
  table: rolePermissions,
  ownerId: rolePermissions.roleId,
  targetId: rolePermissions.permissionId,
  target: permissions,
  targetName: permissions.name,
  idsField: 'permissionIds',
  namesField: 'permissionNames',
});

export function createRoleService(db: Db) {
  return createCrudService(db, roleResource, roles, {
    toValues: (input) => ({ name: input.name }),

    loadRelations: (source, ids) => permissionLinks.load(source, ids),

    saveRelations: (tx, id, input) => permissionLinks.save(tx, id, (input as RoleInput).permissionIds),

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
