import { MESSAGES } from '@facet/contract/messages';
import { findMenuTreeProblem, MENU_MAX_DEPTH } from '@facet/contract/modules/navigation-menu/menu-tree';
import type { MenuTreeProblem } from '@facet/contract/modules/navigation-menu/menu-tree';
import { navigationMenuResource } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import type { MenuOrderInput, MenuPageOption, NavigationMenuItemInput, NavigationMenuItemRecord } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { emit } from '../../events/emit.ts';
import type { RequestContext } from '../../http/context.ts';
import { conflict, invalidField } from '../../http/errors.ts';
import { writeAudit } from '../../db/audit.ts';
import { categoryLinks, isLinkableCategory } from '../categories/index.ts';
import { contentPages } from '../content-pages/content-page.table.ts';
import { assertMediaUrls } from '../media/index.ts';
import { navigationMenuItems } from './navigation-menu.table.ts';
import { isLive } from '../../db/columns.ts';

const problemMessage = (problem: MenuTreeProblem) =>
  problem.kind === 'tooDeep' ? MESSAGES.menuTooDeep(MENU_MAX_DEPTH) : problem.kind === 'cycle' ? MESSAGES.menuCycle : MESSAGES.unknownMenuItems(String(problem.id));

/** The image is an upload of this kind, and the category or page linked to is a live one. */
async function assertMenuTargets(tx: Db, input: Pick<NavigationMenuItemInput, 'image' | 'categoryId' | 'pageId'>) {
  await assertMediaUrls(tx, { image: input.image }, ['navigation-menu-image']);
  // The root category (id 1) holds the tree; it is no storefront page to link to.
  if (input.categoryId && !(await isLinkableCategory(tx, input.categoryId))) throw invalidField('categoryId', MESSAGES.unknownCategory);
  if (input.pageId) {
    const [page] = await tx
      .select({ id: contentPages.id })
      .from(contentPages)
      .where(and(eq(contentPages.id, input.pageId), isLive(contentPages)));
    if (!page) throw invalidField('pageId', MESSAGES.unknownPage);
  }
}

export function createNavigationMenuService(db: Db) {
  const crud = createCrudService(db, navigationMenuResource, navigationMenuItems, {
    toValues: (input) => ({
      title: input.title,
      description: input.description,
      menuType: input.menuType,
      categoryId: input.categoryId,
      pageId: input.pageId,
      link: input.link,
      sortOrder: input.sortOrder,
      cssClass: input.cssClass,
      image: input.image,
      status: input.status,
    }),
    // The storefront's menu document is built from its items (the cache subscribes).
    afterWrite: (tx) => emit(tx, 'navigation-menu.changed', {}),

    async loadRelations(source, ids) {
      const rows = await source
        .select({ id: navigationMenuItems.id, pageTitle: contentPages.title, categoryId: navigationMenuItems.categoryId })
        .from(navigationMenuItems)
        .leftJoin(contentPages, eq(contentPages.id, navigationMenuItems.pageId))
        .where(inArray(navigationMenuItems.id, ids));
      const linked = await categoryLinks(source, rows.map((row) => row.categoryId));
      return new Map(rows.map((row) => [row.id, { targetName: row.pageTitle ?? (row.categoryId === null ? null : (linked.get(row.categoryId)?.name ?? null)) }]));
    },

    beforeCreate: (tx, { input }) => assertMenuTargets(tx, input),
    beforeUpdate: (tx, { input }) => assertMenuTargets(tx, input),
    async beforeDelete(tx, { existing }) {
      const [child] = await tx
        .select({ id: navigationMenuItems.id })
        .from(navigationMenuItems)
        .where(and(eq(navigationMenuItems.parentId, existing.id), isLive(navigationMenuItems)))
        .limit(1);
      if (child) throw conflict(MESSAGES.menuHasChildren);
    },
  });

  /** Every live item, enabled and disabled, in menu order; the UI builds the tree from parentId. */
  async function tree(): Promise<NavigationMenuItemRecord[]> {
    const items: NavigationMenuItemRecord[] = [];
    for await (const item of crud.iterate({ page: 1, pageSize: 500, sort: 'sortOrder', order: 'asc' })) items.push(item);
    return items;
  }

  /** The pages a menu item may point at; staff with only the system permission cannot list pages otherwise. */
  async function pageOptions(): Promise<MenuPageOption[]> {
    return db
      .select({ id: contentPages.id, title: contentPages.title, slug: contentPages.slug, status: contentPages.status })
      .from(contentPages)
      .where(isLive(contentPages))
      .orderBy(asc(sql`lower(${contentPages.title})`));
  }

  /**
   * Saves a rearranged tree: the whole menu is locked, the new parents checked (known items, no
   * cycle, at most 4 levels) over every live item, then each moved item is written. All or nothing.
   */
  async function saveOrder(input: MenuOrderInput, context: RequestContext): Promise<void> {
    const ids = input.items.map((item) => item.id);
    if (new Set(ids).size !== ids.length) throw invalidField('items', MESSAGES.menuItemTwice);
    await db.transaction(async (tx) => {
      const live = await tx
        .select({ id: navigationMenuItems.id, parentId: navigationMenuItems.parentId, sortOrder: navigationMenuItems.sortOrder })
        .from(navigationMenuItems)
        .where(isLive(navigationMenuItems))
        .for('update');
      const current = new Map(live.map((item) => [item.id, item]));
      const unknown = ids.filter((id) => !current.has(id));
      if (unknown.length) throw invalidField('items', MESSAGES.unknownMenuItems(unknown.join(', ')));

      const moved = new Map(input.items.map((item) => [item.id, item]));
      const problem = findMenuTreeProblem(live.map((item) => ({ id: item.id, parentId: moved.has(item.id) ? moved.get(item.id)!.parentId : item.parentId })));
      if (problem) throw invalidField('items', problemMessage(problem));

      const changed = input.items.filter((item) => {
        const before = current.get(item.id)!;
        return before.parentId !== item.parentId || before.sortOrder !== item.sortOrder;
      });
      for (const item of changed) {
        await tx
          .update(navigationMenuItems)
          .set({
            parentId: item.parentId,
            sortOrder: item.sortOrder,
            version: sql`${navigationMenuItems.version} + 1`,
            updatedAt: new Date(),
            updatedBy: context.actor.id,
          })
          .where(eq(navigationMenuItems.id, item.id));
      }
      if (changed.length) {
        await emit(tx, 'navigation-menu.changed', {});
        const placeOf = (item: { parentId: number | null; sortOrder: number }) => ({ parentId: item.parentId, sortOrder: item.sortOrder });
        await writeAudit(tx, context, {
          action: 'reorder',
          entity: navigationMenuResource.entity,
          before: Object.fromEntries(changed.map((item) => [item.id, placeOf(current.get(item.id)!)])),
          after: Object.fromEntries(changed.map((item) => [item.id, placeOf(item)])),
        });
      }
    });
  }

  return { ...crud, tree, pageOptions, saveOrder };
}
