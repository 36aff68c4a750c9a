import { z } from 'zod';
import { recordId, recordOf, safeString } from '../../api.ts';
import { dateRangeFilter, idsFilter, statusFilter } from '../../list-query.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { META_DESCRIPTION_MAX, META_KEYWORDS_MAX, META_TITLE_MAX, optionalMetaText, optionalText, refuseEmpty, requiredText, slugText } from '../../rules.ts';
import { mediaUrl } from '../media/media.schema.ts';

/**
 * Blog categories and blog posts (document 3 §2.14, §3 Blog category and Blog, §5; permission
 * `blogs`). Posts are published on the storefront at `blog/<slug>` and listed in the sitemap (0.6).
 */

/** Limits of document 3 §5. */
export const BLOG_CATEGORY_NAME_MAX = 255;
export const BLOG_SLUG_MAX = 255;
export const BLOG_TITLE_MAX = 255;
/** Not in the spec: caps so no single field can fill the request on its own. */
export const BLOG_DESCRIPTION_MAX = 2000;
export const BLOG_CONTENT_MAX = 500_000;

/** The upload purpose of every blog image (jpeg, jpg, png, webp; 2 MB; 'File size shouldn't be greater than 2MB.'). */
export const BLOG_IMAGE_PURPOSE = 'blog-image';

/** A blog category's name: letters, digits, dash and space only. */
export const BLOG_CATEGORY_NAME_PATTERN = /^[A-Za-z0-9 -]+$/;

/** A blog slug: lowercase alphanumerics and dashes, starting and ending alphanumeric. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * The slug the form proposes from a title (document 3 §5 Blog): lower case, spaces and ampersand to a
 * dash, any other character to a dash, runs of dashes collapsed, dashes trimmed from the ends.
 * 'Rings & Things: A Guide' → 'rings-things-a-guide'.
 */
export function blogSlugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[ &]/g, '-')
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

export const blogCategoryInputSchema = z.object({
  name: requiredText(BLOG_CATEGORY_NAME_MAX).regex(BLOG_CATEGORY_NAME_PATTERN, MESSAGES.lettersDigitsDashSpace),
  description: requiredText(BLOG_DESCRIPTION_MAX),
  // The spec asks only required and 255; stored as the categories' slugs are (spaces to dashes, small letters).
  slug: slugText(BLOG_SLUG_MAX),
  status: z.boolean().default(true),
  metaTitle: optionalMetaText(META_TITLE_MAX),
  metaKeywords: optionalMetaText(META_KEYWORDS_MAX),
  metaDescription: optionalMetaText(META_DESCRIPTION_MAX),
  image: mediaUrl(),
});
export type BlogCategoryInput = z.input<typeof blogCategoryInputSchema>;

export const blogCategoryRecordSchema = recordOf(blogCategoryInputSchema, {
  /** Live posts in the category. */
  blogCount: z.number().int(),
});
export type BlogCategoryRecord = z.infer<typeof blogCategoryRecordSchema>;

export const blogCategoryResource = defineResource({
  name: 'blog-categories',
  entity: 'blog_category',
  label: 'Blog Category',
  permission: 'blogs',
  createInput: blogCategoryInputSchema,
  record: blogCategoryRecordSchema,
  searchable: ['name', 'slug'],
  sortable: ['name', 'createdAt'],
  filters: { status: statusFilter(), createdAt: dateRangeFilter('Created Date') },
  defaultSort: { field: 'createdAt', order: 'desc' },
  unique: [
    { field: 'name', label: 'Name' },
    { field: 'slug', label: 'Slug' },
  ],
});

/** A blog post's slug as typed: trimmed, required, then the spec's pattern (capitals are refused, not lowered). */
const blogSlug = () =>
  safeString({ error: MESSAGES.required })
    .trim()
    .check(refuseEmpty())
    .max(BLOG_SLUG_MAX, MESSAGES.maxLength(BLOG_SLUG_MAX))
    .regex(BLOG_SLUG_PATTERN, MESSAGES.blogSlugPattern);

export const blogInputSchema = z.object({
  title: requiredText(BLOG_TITLE_MAX),
  /** The short description shown in lists of posts. */
  description: requiredText(BLOG_DESCRIPTION_MAX),
  /** Rich text (HTML from the editor); the server stores it sanitised. */
  content: optionalText(BLOG_CONTENT_MAX),
  slug: blogSlug(),
  image: mediaUrl(),
  status: z.boolean().default(true),
  blogCategoryId: recordId(MESSAGES.unknownBlogCategory),
  metaTitle: optionalMetaText(META_TITLE_MAX),
  metaDescription: optionalMetaText(META_DESCRIPTION_MAX),
});
export type BlogInput = z.input<typeof blogInputSchema>;

export const blogRecordSchema = recordOf(blogInputSchema, {
  categoryName: z.string(),
});
export type BlogRecord = z.infer<typeof blogRecordSchema>;

export const blogResource = defineResource({
  name: 'blogs',
  entity: 'blog',
  label: 'Blog',
  permission: 'blogs',
  createInput: blogInputSchema,
  record: blogRecordSchema,
  // The list leaves out each post's HTML.
  listRow: blogRecordSchema.omit({ content: true }),
  searchable: ['title', 'slug'],
  sortable: ['title', 'createdAt'],
  filters: { status: statusFilter(), blogCategoryId: idsFilter('Category', { resource: blogCategoryResource, labelField: 'name' }), createdAt: dateRangeFilter('Created Date') },
  defaultSort: { field: 'createdAt', order: 'desc' },
  unique: [{ field: 'slug', label: 'Slug' }],
});

/** A blog post the navigation menu screen can link to (document 1 §7 Lookups: GetBlogs). */
export const blogOptionSchema = z.object({ id: z.number().int(), title: z.string(), slug: z.string(), status: z.boolean() });
export type BlogOption = z.infer<typeof blogOptionSchema>;
