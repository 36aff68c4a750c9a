import { randomInt } from 'node:crypto';
import { MASTER_PERMISSION, PERMISSION_KEYS, PERMISSION_NAMES } from '@facet/contract/permissions';
import { MASTER_ROLE_NAME } from '@facet/contract/modules/roles/role.schema';
import { count, eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { withoutEvents } from '../events/emit.ts';
import { writeAudit } from '../db/audit.ts';
import { hashPassword } from '../modules/auth/password.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { permissions } from '../modules/permissions/permission.table.ts';
import { rolePermissions, roles } from '../modules/roles/role.table.ts';
import { userRoles, users } from '../modules/users/user.table.ts';
import { DEMO_SEEDERS } from './demo-data.ts';
import { REFERENCE_SEEDERS } from './reference-data.ts';

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 12 characters (the longest the user form accepts) from 56 symbols: about 70 bits. */
function generatePassword(length = 12): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

const SYSTEM_CONTEXT = { actor: null, ip: 'system', requestId: 'bootstrap' };

export interface BootstrapResult {
  created: boolean;
  /** Set when the admin password was generated; printed once by the caller. */
  generatedPassword?: string;
}

/**
 * On an empty database: the permission catalogue, the master role and the admin user; then demo
 * data when asked. A database that already has permissions is left alone.
 */
export async function bootstrap(
  db: Db,
  config: Pick<Config, 'adminUsername' | 'adminPassword' | 'demoData'>,
  { mediaStorage, secretKey }: { mediaStorage?: MediaStorage; secretKey?: Buffer } = {},
): Promise<BootstrapResult> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ total: count() }).from(permissions);
    if (existing && existing.total > 0) return { created: false };

    const inserted = await tx
      .insert(permissions)
      .values(PERMISSION_KEYS.map((key) => ({ key, name: PERMISSION_NAMES[key], description: `Access to ${PERMISSION_NAMES[key]}` })))
      .returning({ id: permissions.id, key: permissions.key });
    const masterPermission = inserted.find((p) => p.key === MASTER_PERMISSION)!;
    const [masterRole] = await tx.insert(roles).values({ name: MASTER_ROLE_NAME }).returning({ id: roles.id });
    await tx.insert(rolePermissions).values({ roleId: masterRole!.id, permissionId: masterPermission.id });

    const generatedPassword = config.adminPassword ? undefined : generatePassword();
    const [admin] = await tx
      .insert(users)
      .values({
        name: config.adminUsername,
        email: `${config.adminUsername.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@facet.local`,
        passwordHash: await hashPassword(config.adminPassword ?? generatedPassword!),
      })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ userId: admin!.id, roleId: masterRole!.id });
    await writeAudit(tx, SYSTEM_CONTEXT, { action: 'create', entity: 'user', entityId: admin!.id, after: { name: config.adminUsername } });

    const seedContext = { permissionIds: new Map(inserted.map((p) => [p.key, p.id])), adminId: admin!.id, adminName: config.adminUsername, mediaStorage, secretKey };
    await withoutEvents(tx, async () => {
      for (const seed of REFERENCE_SEEDERS) await seed(tx, seedContext);
      if (config.demoData) {
        for (const seed of DEMO_SEEDERS) await seed(tx, seedContext);
      }
    });
    return { created: true, generatedPassword };
  });
}

/**
 * Adds the demo data to a database bootstrapped without it, as `bootstrap` with `demoData` would have:
 * the tests' demo template is their plain template plus this, so it costs no second migration.
 */
export async function addDemoData(db: Db, adminUsername: string) {
  await db.transaction(async (tx) => {
    const catalogue = await tx.select({ id: permissions.id, key: permissions.key }).from(permissions);
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.name, adminUsername));
    const seedContext = { permissionIds: new Map(catalogue.map((p) => [p.key, p.id])), adminId: admin!.id, adminName: adminUsername };
    await withoutEvents(tx, async () => {
      for (const seed of DEMO_SEEDERS) await seed(tx, seedContext);
    });
  });
}

/** Looks up a user id by name; used by demo seeders that reference staff. */
