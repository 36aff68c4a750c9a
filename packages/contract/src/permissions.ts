/** The feature keys of the spec (document 1 §6). A route, a menu entry and a page each name one. */
export const PERMISSION_KEYS = [
  'all-master',
  'role_permission',
  'blogs',
  'order-list',
  'test-permission',
  'products',
  'sales',
  'earrings',
  'diamonds',
  'categories',
  'customers',
  'content_management',
  'cache_management',
  'widgets',
  'attribute',
  'report',
  'newsletter',
  'contact_form',
  'coupons',
  'marketing',
  'user_management',
  'system',
  'section',
] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/** The master permission grants every feature. */
export const MASTER_PERMISSION: PermissionKey = 'all-master';

/** Display names of the bootstrap permission catalogue, keyed by feature key. */
export const PERMISSION_NAMES: Record<PermissionKey, string> = {
  'all-master': 'Master',
  role_permission: 'Role Permission',
  blogs: 'Blogs',
  'order-list': 'Order List',
  'test-permission': 'Test Permission',
  products: 'Products',
  sales: 'Sales',
  earrings: 'Earrings',
  diamonds: 'Diamonds',
  categories: 'Categories',
  customers: 'Customers',
  content_management: 'Content Management',
  cache_management: 'Cache Management',
  widgets: 'Widgets',
  attribute: 'Attribute',
  report: 'Report',
  newsletter: 'Newsletter',
  contact_form: 'Contact Form',
  coupons: 'Coupons',
  marketing: 'Marketing',
  user_management: 'User Management',
  system: 'System',
  section: 'Section',
};

/** What a route, page or menu entry requires: one key, or any one of several. */
export type PermissionRequirement = PermissionKey | readonly PermissionKey[];

/** True when the held keys satisfy the requirement; all-master satisfies everything. */
export function hasPermission(held: readonly string[], required: PermissionRequirement): boolean {
  if (held.includes(MASTER_PERMISSION)) return true;
  const anyOf: readonly string[] = typeof required === 'string' ? [required] : required;
  return anyOf.some((key) => held.includes(key));
}
