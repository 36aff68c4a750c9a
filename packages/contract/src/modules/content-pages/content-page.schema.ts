import { z } from 'zod';
import { recordOf } from '../../api.ts';
import { dateRangeFilter, statusFilter } from '../../list-query.ts';
import { defineResource } from '../../resource.ts';
import { META_DESCRIPTION_MAX, META_KEYWORDS_MAX, optionalText, requiredMetaText, requiredText, slugText } from '../../rules.ts';

/** Limits of document 1 §5 and §9. */
export const CONTENT_PAGE_TITLE_MAX = 255;
export const CONTENT_PAGE_SLUG_MAX = 50;
/** Not in the spec: a generous cap so one page cannot fill the request body limit on its own. */
export const CONTENT_PAGE_CONTENT_MAX = 500_000;

export const contentPageInputSchema = z.object({
  title: requiredText(CONTENT_PAGE_TITLE_MAX),
  slug: slugText(CONTENT_PAGE_SLUG_MAX),
  metaTitle: requiredMetaText(CONTENT_PAGE_TITLE_MAX),
  metaKeywords: requiredMetaText(META_KEYWORDS_MAX),
  metaDescription: requiredMetaText(META_DESCRIPTION_MAX),
  /** Rich text (HTML from the editor); the server stores it sanitised. */
  content: optionalText(CONTENT_PAGE_CONTENT_MAX),
  status: z.boolean(),
});
export type ContentPageInput = z.input<typeof contentPageInputSchema>;

export const contentPageRecordSchema = recordOf(contentPageInputSchema, {
  /**
   * The page's stable code for the storefront (`about-us`): taken from the slug when the page is
   * created and never changed, so storefront links by code survive a later change of slug.
   */
  pageCode: z.string(),
});
export type ContentPageRecord = z.infer<typeof contentPageRecordSchema>;

export const contentPageResource = defineResource({
  name: 'content-pages',
  entity: 'content_page',
  label: 'Content Page',
  permission: 'content_management',
  createInput: contentPageInputSchema,
  record: contentPageRecordSchema,
  // The list shows titles, slugs and dates: its rows leave out the page's HTML (up to 500,000 characters each).
  listRow: contentPageRecordSchema.omit({ content: true }),
  searchable: ['title', 'pageCode', 'slug'],
  sortable: ['title', 'createdAt'],
  filters: { status: statusFilter(), createdAt: dateRangeFilter('Created Date') },
  defaultSort: { field: 'createdAt', order: 'desc' },
  unique: [{ field: 'slug', label: 'Slug' }],
  // Issue 23 §1: a page linked from the navigation menu is not deleted, one at a time or in bulk.
  bulkActions: ['status', 'delete'],
});
