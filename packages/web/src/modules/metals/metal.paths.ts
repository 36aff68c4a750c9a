import type { EditOnlyPaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 1 §2): list and edit only, no add. */
export const metalPaths: EditOnlyPaths = { list: '/system/metal', edit: '/system/metal/edit/:id' };
