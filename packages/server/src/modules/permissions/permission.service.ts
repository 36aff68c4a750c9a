import { MESSAGES } from '@facet/contract/messages';
import { MASTER_PERMISSION_NAME, permissionResource } from '@facet/contract/modules/permissions/permission.schema';
import { MASTER_PERMISSION } from '@facet/contract/permissions';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import type { RequestContext } from '../../http/context.ts';
import { AppError, conflict } from '../../http/errors.ts';
import { assertMasterRemains, isCatalogueKey, isMasterActor, lockMasterChanges } from '../roles/index.ts';
import { permissions } from './permission.table.ts';

const isMaster = (name: unknown) => typeof name === 'string' && name.toLowerCase() === MASTER_PERMISSION_NAME.toLowerCase();
const keyOf = (value: unknown) => String(value ?? '').toLowerCase();

/**
 * A session's access is the set of its permission keys, so a key is access: whoever may set one may
 * give it to anyone. Keys of the code's catalogue (the ones routes and screens check) are therefore
 * added, changed and deleted by a master only; others may add permissions under keys that gate
 * nothing, rename keys among those, and edit any name and description (GLOSSARY.md, permission).
 */
function assertKeyChangeAllowed(action: 'create' | 'update' | 'delete', key: unknown, existingKey: unknown) {
  const changes =
    (action === 'create' && isCatalogueKey(key)) ||
    (action === 'update' && keyOf(key) !== keyOf(existingKey) && (isCatalogueKey(key) || isCatalogueKey(existingKey))) ||
    (action === 'delete' && isCatalogueKey(existingKey));
  if (changes) throw new AppError('FORBIDDEN', MESSAGES.permissionKeyMasterOnly);
}

/** The all-master permission is a master's to change. */
function assertMayChange(existing: { name: string; key: string }, context: RequestContext) {
  if (!isMasterActor(context.actor) && (isMaster(existing.name) || keyOf(existing.key) === MASTER_PERMISSION)) throw new AppError('FORBIDDEN', MESSAGES.masterOnly);
}

export function createPermissionService(db: Db) {
  return createCrudService(db, permissionResource, permissions, {
    async lockFirst(tx, action) {
      // A permission changed or deleted can leave nobody holding all-master.
      if (action !== 'create') await lockMasterChanges(tx);
    },
    async beforeCreate(_tx, { input, context }) {
      if (!isMasterActor(context.actor)) assertKeyChangeAllowed('create', input.key, undefined);
    },
    async beforeUpdate(_tx, { input, existing, context }) {
      assertMayChange(existing, context);
      if (!isMasterActor(context.actor)) assertKeyChangeAllowed('update', input.key, existing.key);
      if (isMaster(existing.name)) throw conflict(MESSAGES.masterPermissionLocked);
    },
    async beforeDelete(_tx, { existing, context }) {
      assertMayChange(existing, context);
      if (!isMasterActor(context.actor)) assertKeyChangeAllowed('delete', undefined, existing.key);
      if (isMaster(existing.name)) throw conflict(MESSAGES.masterPermissionLocked);
    },
    async afterWrite(tx) {
      await assertMasterRemains(tx);
    },
  });
}
