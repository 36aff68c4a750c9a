import { MESSAGES } from '@facet/contract/messages';
import { BLOG_IMAGE_PURPOSE, blogCategoryResource, blogResource } from '@facet/contract/modules/blogs/blog.schema';
import type { BlogOption } from '@facet/contract/modules/blogs/blog.schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { conflict, invalidField } from '../../http/errors.ts';
import { sanitizeRichTextField } from '../../http/rich-text-field.ts';
import { assertMediaUrls } from '../media/index.ts';
import { blogCategories, blogs } from './blog.table.ts';

export function createBlogCategoryService(db: Db) {
  return createCrudService(db, blogCategoryResource, blogCategories, {
    derivedFields: {
      blogCount: sql<number>`(select count(*)::int from ${blogs} where ${blogs.blogCategoryId} = ${blogCategories.id} and ${blogs.deletedAt} is null)`.mapWith(Number),
    },
    beforeCreate: (tx, { input }) => assertMediaUrls(tx, { image: input.image }, [BLOG_IMAGE_PURPOSE]),
    beforeUpdate: (tx, { input }) => assertMediaUrls(tx, { image: input.image }, [BLOG_IMAGE_PURPOSE]),
    async beforeDelete(tx, { existing }) {
      const [post] = await tx
        .select({ id: blogs.id })
        .from(blogs)
        .where(and(eq(blogs.blogCategoryId, existing.id), isLive(blogs)))
        .limit(1);
      if (post) throw conflict(MESSAGES.blogCategoryHasBlogs);
    },
  });
}

/** The post's category is a live one, its image an upload for blogs. */
async function assertBlogTargets(tx: Db, input: { blogCategoryId: number; image: string }) {
  await assertMediaUrls(tx, { image: input.image }, [BLOG_IMAGE_PURPOSE]);
  const [category] = await tx
    .select({ id: blogCategories.id })
    .from(blogCategories)
    .where(and(eq(blogCategories.id, input.blogCategoryId), isLive(blogCategories)));
  if (!category) throw invalidField('blogCategoryId', MESSAGES.unknownBlogCategory);
}

export function createBlogService(db: Db) {
  const crud = createCrudService(db, blogResource, blogs, {
    prepareInput: async (input) => ({ ...input, content: await sanitizeRichTextField('content', input.content) }),
    derivedFields: {
      categoryName: sql<string>`coalesce((select ${blogCategories.name} from ${blogCategories} where ${blogCategories.id} = ${blogs.blogCategoryId}), '')`,
    },
    beforeCreate: (tx, { input }) => assertBlogTargets(tx, input),
    beforeUpdate: (tx, { input }) => assertBlogTargets(tx, input),
  });
  return crud;
}

/** Blog posts the navigation menu screen may link to (document 1 §7 Lookups, GetBlogs): live ones, by title. */
export async function blogOptions(db: Db): Promise<BlogOption[]> {
  return db
    .select({ id: blogs.id, title: blogs.title, slug: blogs.slug, status: blogs.status })
    .from(blogs)
    .where(isLive(blogs))
    .orderBy(asc(sql`lower(${blogs.title})`), asc(blogs.id));
}

/** The storefront's blog post pages (`blog/<slug>`): live, active posts of live, active categories, with when each last changed. */
export async function blogPostPages(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: blogs.slug, updatedAt: blogs.updatedAt })
    .from(blogs)
    .innerJoin(blogCategories, and(eq(blogCategories.id, blogs.blogCategoryId), isLive(blogCategories), eq(blogCategories.status, true)))
    .where(and(isLive(blogs), eq(blogs.status, true)))
    .orderBy(asc(blogs.id));
}
