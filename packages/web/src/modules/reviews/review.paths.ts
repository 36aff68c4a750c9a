import type { EditOnlyPaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 3 §2.1, §2.11): the list and the edit form; reviews come from the storefront. */
export const reviewPaths: EditOnlyPaths = { list: '/marketing/reviews', edit: '/marketing/reviews/edit/:id' };
