import { generatePath } from 'react-router';

/** The three screens of a flat resource. The spec's routes are irregular (/roles but /role/add), so each is spelled out. */
export interface ResourcePaths {
  list: string;
  add: string;
  /** A pattern with `:id`, e.g. `/role/edit/:id`. */
  edit: string;
}

/** The screens of a resource without add (metals): its list and its edit form. */
export type EditOnlyPaths = Omit<ResourcePaths, 'add'>;

export const editPathOf = (paths: EditOnlyPaths, id: number) => generatePath(paths.edit, { id: String(id) });

/**
 * The screens of a resource staff only read (inquiries, abandoned carts): its list and a record's
 * view, a pattern with `:id` (`/inquiry/view/inquiry_id/:id`). The list's query string travels on the
 * view's own URL, so Back, a reload and a shared link all return to the same page and filters.
 */
export interface ViewPaths {
  list: string;
  view: string;
}

/** The view of record `id`, carrying the list's query string (`?page=2&email=...`). */
export const viewPathOf = (paths: ViewPaths, id: number, listSearch = '') => `${generatePath(paths.view, { id: String(id) })}${listSearch}`;

/**
 * Location state a list hands to its form pages: the list's query string, so Back, Cancel and
 * Submit return to the same page, search and sort.
 */
export interface ListReturnState {
  listSearch?: string;
}
