/** The spec's routes (document 1 §2): one screen, with an item open for editing or not. */
export const navigationMenuPaths = {
  page: '/system/navigation-menu',
  edit: '/system/navigation-menu/edit/:id',
} as const;
