import type { PermissionKey } from '@facet/contract/permissions';
import type { Db } from '../db/client.ts';
import type { SeedContext, Seeder } from '../db/seed.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { SERVER_MODULES } from '../modules/index.ts';
import { rolePermissions, roles } from '../modules/roles/role.table.ts';
import { inSeedOrder } from '../modules/server-module.ts';
import { userRoles, users } from '../modules/users/user.table.ts';

/** Password of every demo staff account (not the admin), documented in the README. */
export const DEMO_PASSWORD = 'Demo-pass1';

/**
 * Each demo role is a real job and holds the keys that open its screens (the spec's feature keys),
 * so signing in as its user shows a coherent back office. Some of these keys guard nothing yet: the
 * Content Editor's widgets, section and blogs, the Shop Manager's report, marketing, coupons,
 * newsletter and contact_form belong to modules not built yet (content, marketing, reports). They are
 * given now, as the spec's roles hold them, so the demo roles need no change when those modules
 * arrive; meanwhile they open no screen (a menu section shows only once it has a page). The keys a
 * module checks are listed in its manifest (`permissions`).
 */
export const DEMO_STAFF: { role: string; permissions: PermissionKey[]; users: { name: string; email: string }[] }[] = [
  { role: 'Sales Clerk', permissions: ['sales', 'customers'], users: [{ name: 'sarah', email: 'sarah.jones@facet.local' }] },
  { role: 'Catalogue Editor', permissions: ['products', 'categories', 'attribute', 'diamonds'], users: [{ name: 'tom', email: 'tom.baker@facet.local' }] },
  { role: 'Content Editor', permissions: ['content_management', 'widgets', 'section', 'blogs'], users: [{ name: 'priya', email: 'priya.shah@facet.local' }] },
  {
    role: 'Shop Manager',
    permissions: ['system', 'cache_management', 'report', 'marketing', 'coupons', 'newsletter', 'contact_form'],
    users: [{ name: 'james', email: 'james.wright@facet.local' }],
  },
  // The showroom's consultants take the appointments shoppers book (services and appointments are gated on sales).
  {
    role: 'Showroom Consultant',
    permissions: ['sales'],
    users: [
      { name: 'emma', email: 'emma.clarke@facet.local' },
      { name: 'oliver', email: 'oliver.hughes@facet.local' },
    ],
  },
];

async function seedStaff(tx: Db, { permissionIds, adminId }: SeedContext) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const staff of DEMO_STAFF) {
    const [role] = await tx.insert(roles).values({ name: staff.role, createdBy: adminId, updatedBy: adminId }).returning({ id: roles.id });
    await tx.insert(rolePermissions).values(staff.permissions.map((key) => ({ roleId: role!.id, permissionId: permissionIds.get(key)! })));
    for (const user of staff.users) {
      const [row] = await tx.insert(users).values({ ...user, passwordHash, createdBy: adminId, updatedBy: adminId }).returning({ id: users.id });
      await tx.insert(userRoles).values({ userId: row!.id, roleId: role!.id });
    }
  }
}

/**
 * Demo data, run in order on an empty database when DEMO_DATA is on: the staff, then each module's
 * demo seeder in the order its `after` gives (modules/index.ts).
 */
export const DEMO_SEEDERS: Seeder[] = [seedStaff, ...inSeedOrder(SERVER_MODULES).flatMap((module) => (module.demo ? [module.demo] : []))];
