import { MESSAGES } from '@facet/contract/messages';
import { MASTER_PERMISSION_NAME, permissionResource } from '@facet/contract/modules/permissions/permission.schema';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { conflict } from '../../http/errors.ts';
import { assertMasterRemains } from '../roles/access.service.ts';
import { permissions } from './permission.table.ts';

const isMaster = (name: unknown) => typeof name === 'string' && name.toLowerCase() === MASTER_PERMISSION_NAME.toLowerCase();

export function createPermissionService(db: Db) {
  return createCrudService(db, permissionResource, permissions, {
    async beforeWrite(_tx, { action, existing }) {
      if ((action === 'update' || action === 'delete') && isMaster(existing?.name)) throw conflict(MESSAGES.masterPermissionLocked);
    },
    async afterWrite(tx) {
      await assertMasterRemains(tx);
    },
  });
}
