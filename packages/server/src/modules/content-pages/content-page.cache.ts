import { and, asc, eq } from 'drizzle-orm';
import { isLive } from '../../db/columns.ts';
import { contentPages } from './content-page.table.ts';
import { cacheDocument, smallCacheSource } from '../cache/index.ts';

/** The Content Pages key: one document per live, active page, by slug. */
export const contentPageCacheSource = smallCacheSource({
  key: 'content-pages',
  label: 'Content Pages',
  tables: ['content_pages'],
  async read(db) {
    const rows = await db
      .select()
      .from(contentPages)
      .where(and(isLive(contentPages), eq(contentPages.status, true)))
      .orderBy(asc(contentPages.id));
    return rows.map((p) => [
      p.slug,
      cacheDocument({ id: p.id, title: p.title, slug: p.slug, pageCode: p.pageCode, content: p.content, updatedAt: p.updatedAt.toISOString(), seo: { metaTitle: p.metaTitle, metaKeywords: p.metaKeywords, metaDescription: p.metaDescription } }),
    ]);
  },
});
