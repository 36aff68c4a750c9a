import { buildSitemapEntries, renderSitemapXml, SITEMAP_FIXED_PAGES } from '@facet/contract/modules/navigation-menu/sitemap';
import type { SitemapSource } from '@facet/contract/modules/navigation-menu/sitemap';
import type { SitemapResult } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../http/context.ts';
import { writeAudit } from '../../db/audit.ts';
import { blogPostPages } from '../blogs/index.ts';
import { categoryLinks, diamondCategoryPages } from '../categories/index.ts';
import { contentPages } from '../content-pages/content-page.table.ts';
import { navigationMenuItems } from './navigation-menu.table.ts';
import { sitemaps } from './sitemap.table.ts';
import { isLive } from '../../db/columns.ts';

export const SITEMAP_PATH = '/sitemap.xml';

type MenuRow = { id: number; parentId: number | null; status: boolean; path: string | null; updatedAt: Date };

/**
 * Menu items as the storefront shows them: enabled, under enabled parents, in tree order (each
 * level by sort order), each with the path it links to (null for blank items and dead targets).
 */
async function menuSources(tx: Db): Promise<SitemapSource[]> {
  const rows = await tx
    .select({
      id: navigationMenuItems.id,
      parentId: navigationMenuItems.parentId,
      status: navigationMenuItems.status,
      menuType: navigationMenuItems.menuType,
      link: navigationMenuItems.link,
      pageSlug: contentPages.slug,
      categoryId: navigationMenuItems.categoryId,
      updatedAt: navigationMenuItems.updatedAt,
    })
    .from(navigationMenuItems)
    .leftJoin(contentPages, and(eq(contentPages.id, navigationMenuItems.pageId), isLive(contentPages), eq(contentPages.status, true)))
    .where(isLive(navigationMenuItems))
    .orderBy(asc(navigationMenuItems.sortOrder), asc(navigationMenuItems.id));
  // A category's page is on the storefront while the category is live and active.
  const linked = await categoryLinks(tx, rows.map((row) => row.categoryId));
  const categorySlugOf = (id: number | null) => {
    const category = id === null ? undefined : linked.get(id);
    return category?.isLive && category.isActive ? category.slug : null;
  };
  const items: MenuRow[] = rows.map((row) => ({
    ...row,
    path: { custom_link: row.link, page: row.pageSlug, category: categorySlugOf(row.categoryId), blank: null }[row.menuType],
  }));
  const sources: SitemapSource[] = [];
  const visit = (parentId: number | null) => {
    for (const item of items.filter((i) => i.parentId === parentId && i.status)) {
      if (item.path) sources.push({ kind: 'menuItem', path: item.path, updatedAt: item.updatedAt });
      visit(item.id);
    }
  };
  visit(null);
  return sources;
}

async function contentPageSources(tx: Db): Promise<SitemapSource[]> {
  const rows = await tx
    .select({ slug: contentPages.slug, updatedAt: contentPages.updatedAt })
    .from(contentPages)
    .where(and(isLive(contentPages), eq(contentPages.status, true)))
    .orderBy(asc(contentPages.id));
  return rows.map((row) => ({ kind: 'contentPage', path: row.slug, updatedAt: row.updatedAt }));
}

async function diamondCategorySources(tx: Db): Promise<SitemapSource[]> {
  const rows = await diamondCategoryPages(tx);
  return rows.map((row) => ({ kind: 'diamondCategory', path: row.slug, updatedAt: row.updatedAt }));
}

async function blogPostSources(tx: Db): Promise<SitemapSource[]> {
  const rows = await blogPostPages(tx);
  return rows.map((row) => ({ kind: 'blogPost', path: `blog/${row.slug}`, updatedAt: row.updatedAt }));
}

/** Builds the sitemap from what the database holds now and stores it as the one /sitemap.xml serves. */
export async function generateSitemap(db: Db, siteUrl: string, context: RequestContext): Promise<SitemapResult> {
  return db.transaction(async (tx) => {
    const sources: SitemapSource[] = [
      ...SITEMAP_FIXED_PAGES.map((page) => ({ ...page, updatedAt: null })),
      ...(await menuSources(tx)),
      ...(await contentPageSources(tx)),
      ...(await diamondCategorySources(tx)),
      ...(await blogPostSources(tx)),
    ];
    const entries = buildSitemapEntries(sources, { siteUrl, today: new Date() });
    const [row] = await tx
      .insert(sitemaps)
      .values({ xml: renderSitemapXml(entries), urlCount: entries.length, createdBy: context.actor.id, updatedBy: context.actor.id })
      .returning({ id: sitemaps.id, createdAt: sitemaps.createdAt });
    await writeAudit(tx, context, { action: 'generate', entity: 'sitemap', entityId: row!.id, after: { urlCount: entries.length, siteUrl } });
    return { urlCount: entries.length, generatedAt: row!.createdAt.toISOString(), path: SITEMAP_PATH };
  });
}

/** The XML of the newest sitemap, or null before the first is generated. */
export async function latestSitemapXml(db: Db): Promise<string | null> {
  const [row] = await db.select({ xml: sitemaps.xml }).from(sitemaps).where(isLive(sitemaps)).orderBy(desc(sitemaps.id)).limit(1);
  return row?.xml ?? null;
}
