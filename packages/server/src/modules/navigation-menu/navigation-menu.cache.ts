import { and, asc, eq } from 'drizzle-orm';
import { isLive } from '../../db/columns.ts';
import { categoryLinks } from '../categories/index.ts';
import { contentPages } from '../content-pages/content-page.table.ts';
import { navigationMenuItems } from './navigation-menu.table.ts';
import { cacheDocument, smallCacheSource } from '../cache/index.ts';

/** The Navigation Menu key: one document, `tree`, the enabled menu as the storefront draws it, links resolved to slugs. */
export const navigationMenuCacheSource = smallCacheSource({
  key: 'navigation-menu',
  label: 'Navigation Menu',
  tables: ['navigation_menu_items', 'categories', 'content_pages'],
  async read(db) {
    const rows = await db
      .select({
        id: navigationMenuItems.id,
        parentId: navigationMenuItems.parentId,
        title: navigationMenuItems.title,
        description: navigationMenuItems.description,
        menuType: navigationMenuItems.menuType,
        link: navigationMenuItems.link,
        cssClass: navigationMenuItems.cssClass,
        image: navigationMenuItems.image,
        categoryId: navigationMenuItems.categoryId,
        pageSlug: contentPages.slug,
      })
      .from(navigationMenuItems)
      .leftJoin(contentPages, and(eq(contentPages.id, navigationMenuItems.pageId), isLive(contentPages)))
      .where(and(isLive(navigationMenuItems), eq(navigationMenuItems.status, true)))
      .orderBy(asc(navigationMenuItems.sortOrder), asc(navigationMenuItems.id));
    type Node = { id: number; title: string; description: string; type: string; link: string; cssClass: string; image: string; children: Node[] };
    const linked = await categoryLinks(db, rows.map((row) => row.categoryId));
    // A deleted category leaves its item without a link, as a deleted page does.
    const categorySlugOf = (id: number | null) => (id === null ? '' : linked.get(id)?.isLive ? linked.get(id)!.slug : '');
    const nodes = new Map<number, Node>();
    for (const row of rows) {
      const link = row.menuType === 'category' ? categorySlugOf(row.categoryId) : row.menuType === 'page' ? (row.pageSlug ?? '') : row.link;
      nodes.set(row.id, { id: row.id, title: row.title, description: row.description, type: row.menuType, link, cssClass: row.cssClass, image: row.image, children: [] });
    }
    const top: Node[] = [];
    for (const row of rows) {
      const node = nodes.get(row.id)!;
      if (row.parentId === null) top.push(node);
      // An item under a disabled parent is not shown, as on the menu screen.
      else nodes.get(row.parentId)?.children.push(node);
    }
    return [['tree', cacheDocument(top)]];
  },
});
