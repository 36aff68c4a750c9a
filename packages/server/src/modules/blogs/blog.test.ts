import { MESSAGES } from '@facet/contract/messages';
import { blogCategoryResource, blogResource, blogSlugOf } from '@facet/contract/modules/blogs/blog.schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import type { TestApp } from '../../test/test-app.ts';
import { useAdminTestApp } from '../../test/test-app.ts';
import { blogs } from './blog.table.ts';

const validCategory = (n: number) => ({
  name: `Engagement Guides ${n}`,
  description: 'How to choose an engagement ring.',
  slug: `engagement-guides-${n}`,
  status: true,
  metaTitle: 'Engagement guides | Facet',
  metaKeywords: 'engagement, rings',
  metaDescription: 'Guides to engagement rings.',
  image: '',
});

describeCrudResource({
  resource: blogCategoryResource,
  validInput: validCategory,
  updateChange: (n) => ({ name: `Ring Care ${n}`, description: 'Keeping rings bright.' }),
  derived: ['blogCount'],
  invalid: [
    { name: 'a missing name', input: ({ name: _n, ...v }) => v, field: 'name', message: MESSAGES.required },
    { name: 'a name with punctuation', input: (v) => ({ ...v, name: 'Rings & Things!' }), field: 'name', message: MESSAGES.lettersDigitsDashSpace },
    { name: 'a name over 255 characters', input: (v) => ({ ...v, name: 'n'.repeat(256) }), field: 'name', message: MESSAGES.maxLength(255) },
    { name: 'a missing description', input: (v) => ({ ...v, description: ' ' }), field: 'description', message: MESSAGES.required },
    { name: 'a missing slug', input: ({ slug: _s, ...v }) => v, field: 'slug', message: MESSAGES.required },
    { name: 'a slug over 255 characters', input: (v) => ({ ...v, slug: 's'.repeat(256) }), field: 'slug', message: MESSAGES.maxLength(255) },
    { name: 'a slug with a path', input: (v) => ({ ...v, slug: 'guides/rings' }), field: 'slug', message: MESSAGES.lettersDigitsDashes },
    { name: 'meta keywords with markup', input: (v) => ({ ...v, metaKeywords: '<script>' }), field: 'metaKeywords', message: MESSAGES.noAngleBrackets },
  ],
});

/** A blog category of each test app (each has its own database), made on first use. */
const categoryOf = new WeakMap<TestApp, number>();
async function ensureCategory(t: TestApp) {
  const known = categoryOf.get(t);
  if (known) return known;
  const cookie = await t.login();
  const response = await t.request(cookie, { method: 'POST', url: '/api/blog-categories', payload: validCategory(9000) });
  expect(response.statusCode, response.body).toBe(201);
  categoryOf.set(t, response.json().id);
  return response.json().id as number;
}

const validBlog = (n: number, id: number) => ({
  title: `How to Choose a Diamond ${n}`,
  description: 'The four Cs in five minutes.',
  content: '<p>Cut matters most.</p>',
  slug: `how-to-choose-a-diamond-${n}`,
  image: '',
  status: true,
  blogCategoryId: id,
  metaTitle: 'How to choose a diamond',
  metaDescription: 'The four Cs.',
});

describeCrudResource({
  resource: blogResource,
  setup: async (t) => void (await ensureCategory(t)),
  validInput: async (n, t) => validBlog(n, await ensureCategory(t)),
  updateChange: (n) => ({ title: `Diamond Shapes ${n}`, content: '<h2>Shapes</h2>' }),
  derived: ['categoryName'],
  lowerCaseOnly: ['slug'],
  invalid: [
    { name: 'a missing title', input: (v) => ({ ...v, title: '' }), field: 'title', message: MESSAGES.required },
    { name: 'a title over 255 characters', input: (v) => ({ ...v, title: 't'.repeat(256) }), field: 'title', message: MESSAGES.maxLength(255) },
    { name: 'a missing short description', input: ({ description: _d, ...v }) => v, field: 'description', message: MESSAGES.required },
    { name: 'a missing slug', input: (v) => ({ ...v, slug: '  ' }), field: 'slug', message: MESSAGES.required },
    { name: 'a slug with capitals', input: (v) => ({ ...v, slug: 'How-To-Choose' }), field: 'slug', message: MESSAGES.blogSlugPattern },
    { name: 'a slug starting with a dash', input: (v) => ({ ...v, slug: '-diamonds' }), field: 'slug', message: MESSAGES.blogSlugPattern },
    { name: 'a slug ending with a dash', input: (v) => ({ ...v, slug: 'diamonds-' }), field: 'slug', message: MESSAGES.blogSlugPattern },
    { name: 'a slug with a space', input: (v) => ({ ...v, slug: 'diamond guide' }), field: 'slug', message: MESSAGES.blogSlugPattern },
    { name: 'a missing category', input: ({ blogCategoryId: _c, ...v }) => v, field: 'blogCategoryId', message: MESSAGES.unknownBlogCategory },
    { name: 'a meta title with markup', input: (v) => ({ ...v, metaTitle: '</title>' }), field: 'metaTitle', message: MESSAGES.noAngleBrackets },
  ],
});

describe('blogs: rules', () => {
  const app = useAdminTestApp();
  let n = 500;
  const create = async (body: Record<string, unknown> = {}) => {
    const id = await ensureCategory(app.t);
    const response = await app.t.request(app.admin, { method: 'POST', url: '/api/blogs', payload: { ...validBlog(++n, id), ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it('generates the slug from the title by the spec’s rule', () => {
    expect(blogSlugOf('Rings & Things: A Guide')).toBe('rings-things-a-guide');
    expect(blogSlugOf('  Ovals, Pears -- and   Marquise!  ')).toBe('ovals-pears-and-marquise');
    expect(blogSlugOf('18ct Gold vs Platinum?')).toBe('18ct-gold-vs-platinum');
  });

  it('stores the content sanitised', async () => {
    const post = await create({ content: '<h2>Care</h2><p onclick="x()">Clean <strong>gently</strong></p><script>alert(1)</script><a href="javascript:alert(2)">x</a>' });
    const [stored] = await app.t.db.select({ content: blogs.content }).from(blogs).where(eq(blogs.id, post.id));
    expect(stored!.content).toContain('<strong>gently</strong>');
    for (const banned of ['<script', 'onclick', 'javascript:']) expect(stored!.content).not.toContain(banned);
  });

  it('refuses a duplicate slug, naming the field', async () => {
    await create({ slug: 'birthstones-by-month' });
    const response = await app.t.request(app.admin, { method: 'POST', url: '/api/blogs', payload: { ...validBlog(++n, await ensureCategory(app.t)), slug: 'birthstones-by-month' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.issues).toEqual([{ path: ['slug'], message: MESSAGES.duplicate('Slug') }]);
  });

  it('refuses an unknown or deleted category, and a category that still has posts cannot be deleted', async () => {
    const unknown = await app.t.request(app.admin, { method: 'POST', url: '/api/blogs', payload: { ...validBlog(++n, 999_999) } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues).toEqual([{ path: ['blogCategoryId'], message: MESSAGES.unknownBlogCategory }]);
    const category = (await app.t.request(app.admin, { method: 'POST', url: '/api/blog-categories', payload: validCategory(++n) })).json();
    await create({ blogCategoryId: category.id });
    const refused = await app.t.request(app.admin, { method: 'DELETE', url: `/api/blog-categories/${category.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MESSAGES.blogCategoryHasBlogs);
  });

  it('refuses an image that is not a blog upload', async () => {
    const response = await app.t.request(app.admin, { method: 'POST', url: '/api/blogs', payload: { ...validBlog(++n, await ensureCategory(app.t)), image: '/media/not-uploaded.png' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues[0].path).toEqual(['image']);
  });

  it('an image over 2 MB is refused with the blogs’ message', async () => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(2_097_153)], { type: 'image/png' }), 'big.png');
    const response = await app.t.app.inject({ method: 'POST', url: '/api/media?purpose=blog-image', headers: { cookie: app.admin }, payload: body });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(MESSAGES.fileSizeNotGreaterThan2mb);
  });

  it('lists active posts of active categories in the sitemap at 0.6, and offers posts to the menu screen', async () => {
    const live = await create({ title: 'Choosing Pearls', slug: 'choosing-pearls' });
    await create({ title: 'Draft Post', slug: 'draft-post', status: false });
    const generated = await app.t.request(app.admin, { method: 'POST', url: '/api/navigation-menu/sitemap' });
    expect(generated.statusCode, generated.body).toBe(201);
    const xml = (await app.t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(xml).toMatch(/<loc>[^<]*\/blog\/choosing-pearls<\/loc>\s*<lastmod>[^<]*<\/lastmod>\s*<priority>0\.6<\/priority>/);
    expect(xml).not.toContain('/blog/draft-post');
    const options = await app.t.request(app.admin, { method: 'GET', url: '/api/navigation-menu/blog-options' });
    expect(options.statusCode).toBe(200);
    expect(options.json().items).toContainEqual({ id: live.id, title: 'Choosing Pearls', slug: 'choosing-pearls', status: true });
  });

  it('needs blogs: a content editor without it is refused', async () => {
    const other = await app.t.createUserWith(['content_management']);
    expect((await app.t.request(other.cookie, { method: 'GET', url: '/api/blogs' })).statusCode).toBe(403);
    expect((await app.t.request(other.cookie, { method: 'GET', url: '/api/blog-categories' })).statusCode).toBe(403);
    const editor = await app.t.createUserWith(['blogs']);
    expect((await app.t.request(editor.cookie, { method: 'GET', url: '/api/blogs' })).statusCode).toBe(200);
  });
});
