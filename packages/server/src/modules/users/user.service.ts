import { MESSAGES } from '@facet/contract/messages';
import { userResource } from '@facet/contract/modules/users/user.schema';
import type { UserUpdateInput } from '@facet/contract/modules/users/user.schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Row } from '../../db/crud-service.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { manyToManyLink } from '../../db/links.ts';
import type { RequestContext } from '../../http/context.ts';
import { AppError, conflict } from '../../http/errors.ts';
import { hashPassword } from '../auth/index.ts';
import { endSessionsOfUsers } from '../auth/index.ts';
import { assertAllFound, assertCanActOn, assertCanGrant, assertMasterRemains, lockMasterChanges, permissionsOfRoles, permissionsOfUser } from '../roles/index.ts';
import { roles } from '../roles/role.table.ts';
import { userRoles, users } from './user.table.ts';
import { isLive } from '../../db/columns.ts';

const sameIds = (a: unknown, b: unknown) => JSON.stringify([...((a as number[]) ?? [])].sort()) === JSON.stringify([...((b as number[]) ?? [])].sort());

/** A change that must sign the user out everywhere: disabled, new password, other roles, new name or email. */
function endsSessions(before: Row | null, after: Row | null, input: UserUpdateInput | undefined): boolean {
  if (!before || !after) return true;
  return (
    Boolean(input?.password) ||
    before.status !== after.status ||
    before.name !== after.name ||
    before.email !== after.email ||
    !sameIds(before.roleIds, after.roleIds)
  );
}

const roleLinks = manyToManyLink({
  table: userRoles,
  ownerId: userRoles.userId,
  targetId: userRoles.roleId,
  target: roles,
  targetName: roles.name,
  idsField: 'roleIds',
  namesField: 'roleNames',
});

/** Whoever changes a user (status, password, name, roles, delete) holds all they hold. */
async function assertMayChangeUser(tx: Db, userId: number, context: RequestContext) {
  assertCanActOn(context.actor, await permissionsOfUser(tx, userId));
}

/** The roles exist and the actor holds all they grant; nobody changes their own roles. */
async function assertRolesGrantable(tx: Db, roleIds: number[], context: RequestContext, isSelf: boolean) {
  const liveRoles = await tx.select({ id: roles.id }).from(roles).where(and(inArray(roles.id, roleIds), isLive(roles)));
  assertAllFound('roleIds', roleIds, liveRoles);
  if (isSelf) {
    const current = (await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, context.actor.id))).map((r) => r.roleId);
    if (!sameIds(current, roleIds)) throw new AppError('FORBIDDEN', MESSAGES.cannotEditOwnRoles);
  }
  assertCanGrant(context.actor, await permissionsOfRoles(tx, roleIds));
}

export function createUserService(db: Db) {
  return createCrudService(db, userResource, users, {
    // Users holding any of the roles: role links live in their own table.
    filterTargets: {
      roleIds: (roleIds) => inArray(users.id, db.select({ userId: userRoles.userId }).from(userRoles).where(inArray(userRoles.roleId, roleIds))),
    },
    async toValues(input) {
      const values: Row = { name: input.name, email: input.email.toLowerCase(), status: input.status };
      if (input.password) values.passwordHash = await hashPassword(input.password);
      return values;
    },

    loadRelations: (source, ids) => roleLinks.load(source, ids),

    saveRelations: (tx, id, input) => roleLinks.save(tx, id, input.roleIds),

    async lockFirst(tx, action) {
      // Disabling, deleting or re-roling a user can take away a master.
      if (action !== 'create') await lockMasterChanges(tx);
    },

    beforeCreate: (tx, { input, context }) => assertRolesGrantable(tx, input.roleIds, context, false),
    async beforeUpdate(tx, { input, existing, context }) {
      await assertMayChangeUser(tx, existing.id, context);
      await assertRolesGrantable(tx, input.roleIds, context, existing.id === context.actor.id);
    },
    beforeStatus: (tx, { existing, context }) => assertMayChangeUser(tx, existing.id, context),
    async beforeDelete(tx, { existing, context }) {
      if (existing.id === context.actor.id) throw conflict(MESSAGES.cannotDeleteSelf);
      await assertMayChangeUser(tx, existing.id, context);
    },

    async afterWrite(tx, { id, before, after, input }) {
      if (endsSessions(before, after, input as UserUpdateInput | undefined)) await endSessionsOfUsers(tx, [id]);
      await assertMasterRemains(tx);
    },
  });
}
