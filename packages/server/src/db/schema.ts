/** Every table, for drizzle-kit and the migrator. Module tables are added here as modules land. */
export * from '../modules/audit/audit.table.ts';
export * from '../modules/auth/session.table.ts';
export * from '../modules/media/media.table.ts';
export * from '../modules/permissions/permission.table.ts';
export * from '../modules/roles/role.table.ts';
export * from '../modules/users/user.table.ts';
export * from '../modules/content-pages/content-page.table.ts';
export * from '../modules/navigation-menu/navigation-menu.table.ts';
export * from '../modules/navigation-menu/sitemap.table.ts';
export * from '../modules/diamond-shapes/shape-category.table.ts';
export * from '../modules/diamond-shapes/diamond-shape.table.ts';
export * from '../modules/diamond-markups/diamond-markup.table.ts';
export * from '../modules/diamond-qualities/diamond-quality.table.ts';
export * from '../modules/shipping-rates/shipping-rate.table.ts';
