import { MESSAGES } from '@facet/contract/messages';
import { MASTER_ROLE_NAME, roleResource } from '@facet/contract/modules/roles/role.schema';
import type { RoleInput } from '@facet/contract/modules/roles/role.schema';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { manyToManyLink } from '../../db/links.ts';
import { permissions } from '../permissions/permission.table.ts';
import type { RequestContext } from '../../http/context.ts';
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

/** Whoever changes a role holds all it grants; the master role is a master's to see and is never changed. */
async function assertMayChangeRole(tx: Db, existing: { id: number; name: string }, context: RequestContext) {
  if (isMasterRole(existing.name) && !isMasterActor(context.actor)) throw new AppError('FORBIDDEN', MESSAGES.masterOnly);
  assertCanActOn(context.actor, await permissionsOfRoles(tx, [existing.id]));
  if (isMasterRole(existing.name)) throw conflict(MESSAGES.masterRoleLocked);
}

/** The permissions a role is to grant exist, and the actor holds each of them. */
async function assertCanGrantAll(tx: Db, permissionIds: number[], context: RequestContext) {
  const granted = await livePermissions(tx, permissionIds);
  assertAllFound('permissionIds', permissionIds, granted);
  assertCanGrant(context.actor, granted);
}

export function createRoleService(db: Db) {
  return createCrudService(db, roleResource, roles, {
    toValues: (input) => ({ name: input.name }),

    loadRelations: (source, ids) => permissionLinks.load(source, ids),

    saveRelations: (tx, id, input) => permissionLinks.save(tx, id, (input as RoleInput).permissionIds),

    async lockFirst(tx, action) {
      // Editing or deleting a role can take all-master away from its users.
      if (action !== 'create') await lockMasterChanges(tx);
    },
    beforeCreate: (tx, { input, context }) => assertCanGrantAll(tx, input.permissionIds, context),
    async beforeUpdate(tx, { input, existing, context }) {
      await assertMayChangeRole(tx, existing, context);
      await assertCanGrantAll(tx, input.permissionIds, context);
    },
    beforeDelete: (tx, { existing, context }) => assertMayChangeRole(tx, existing, context),

    async afterWrite(tx) {
      await assertMasterRemains(tx);
    },
  });
}
