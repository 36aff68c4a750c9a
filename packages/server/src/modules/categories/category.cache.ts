import { ROOT_CATEGORY_ID } from '@facet/contract/modules/categories/category.schema';
import { and, asc, eq, ne } from 'drizzle-orm';
import { isLive } from '../../db/columns.ts';
import { categories } from './category.table.ts';
import { cacheDocument, smallCacheSource } from '../cache/index.ts';

/** The Categories key: one document per live, active category (not the root), by slug. */
export const categoryCacheSource = smallCacheSource({
  key: 'categories',
  label: 'Categories',
  tables: ['categories'],
  async read(db) {
    const rows = await db
      .select()
      .from(categories)
      .where(and(isLive(categories), eq(categories.status, true), ne(categories.id, ROOT_CATEGORY_ID)))
      .orderBy(asc(categories.orderNo), asc(categories.id));
    return rows.map((c) => [
      c.slug,
      cacheDocument({
        id: c.id,
        name: c.name,
        title: c.title,
        slug: c.slug,
        parentId: c.parentId === ROOT_CATEGORY_ID ? null : c.parentId,
        orderNo: c.orderNo,
        abbreviation: c.abbreviation,
        description: c.description,
        isDiamondCategory: c.isDiamondCategory,
        isGemstoneCategory: c.isGemstoneCategory,
        isMtoCategory: c.isMtoCategory,
        isGiftCard: c.isGiftCard,
        images: { image: c.image, desktopBanner: c.desktopBannerImage, mobileBanner: c.mobileBannerImage },
        offers: [
          { image: c.offerImage1, slug: c.offerBannerSlug1, afterProducts: c.afterProducts1 },
          { image: c.offerImage2, slug: c.offerBannerSlug2, afterProducts: c.afterProducts2 },
        ],
        seo: { metaTitle: c.metaTitle, metaKeywords: c.metaKeyword, metaDescription: c.metaDescription },
        faqs: c.faqs,
        exploreMore: c.exploreMore,
        footer: { title: c.footerTitle, description: c.footerDescription },
      }),
    ]);
  },
});
