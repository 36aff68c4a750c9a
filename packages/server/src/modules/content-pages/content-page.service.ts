import { MESSAGES } from '@facet/contract/messages';
import { contentPageResource } from '@facet/contract/modules/content-pages/content-page.schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { emit } from '../../events/emit.ts';
import { conflict } from '../../http/errors.ts';
import { sanitizeRichTextField } from '../../http/rich-text-field.ts';
import { navigationMenuItems } from '../navigation-menu/navigation-menu.table.ts';
import { contentPages } from './content-page.table.ts';
import { isLive } from '../../db/columns.ts';

/** A new page's code: its slug in lower case (the storefront refers to pages by it). */
const pageCodeOf = (slug: string) => slug.toLowerCase();

export function createContentPageService(db: Db) {
  return createCrudService(db, contentPageResource, contentPages, {
    prepareInput: async (input) => ({ ...input, content: await sanitizeRichTextField('content', input.content) }),
    // The storefront's page documents and menu are built from pages (the cache subscribes).
    afterWrite: (tx) => emit(tx, 'content-pages.changed', {}),
    toValues: (input, { action }) => ({
      title: input.title,
      slug: input.slug,
      metaTitle: input.metaTitle,
      metaKeywords: input.metaKeywords,
      metaDescription: input.metaDescription,
      content: input.content,
      status: input.status,
      ...(action === 'create' ? { pageCode: pageCodeOf(input.slug) } : {}),
    }),

    async beforeCreate(tx, { input }) {
      // A page whose slug moved on keeps its code; a new page may not take that code. A live page
      // still using the slug itself is left to the duplicate-slug rule.
      const code = pageCodeOf(input.slug);
      const [holder] = await tx
        .select({ title: contentPages.title })
        .from(contentPages)
        .where(and(isLive(contentPages), eq(contentPages.pageCode, code), ne(sql`lower(${contentPages.slug})`, code)))
        .limit(1);
      if (holder) {
        const message = MESSAGES.pageCodeTaken(holder.title);
        throw conflict(message, [{ path: ['slug'], message }]);
      }
    },
    async beforeDelete(tx, { existing }) {
      const [used] = await tx
        .select({ id: navigationMenuItems.id })
        .from(navigationMenuItems)
        .where(and(isLive(navigationMenuItems), eq(navigationMenuItems.pageId, existing.id)))
        .limit(1);
      if (used) throw conflict(MESSAGES.pageInMenu);
    },
  });
}
