import { MESSAGES } from '@facet/contract/messages';
import { contentPageResource } from '@facet/contract/modules/content-pages/content-page.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp, jobWhenEnded } from '../../test/test-app.ts';
import { contentPages } from './content-page.table.ts';

const valid = (n: number) => ({
  title: `Delivery Information ${n}`,
  slug: `delivery-information-${n}`,
  metaTitle: `Delivery Information ${n} | Facet`,
  metaKeywords: 'delivery, shipping, UK',
  metaDescription: 'How and when your jewellery is delivered.',
  content: '<p>Free insured delivery on every order.</p>',
  status: true,
});

describeCrudResource({
  resource: contentPageResource,
  validInput: valid,
  updateChange: (n) => ({ title: `Shipping ${n}`, content: '<h2>Shipping</h2><p>Changed.</p>' }),
  invalid: [
    { name: 'a missing title', input: (v) => ({ ...v, title: '  ' }), field: 'title', message: MESSAGES.required },
    { name: 'a title over 255 characters', input: (v) => ({ ...v, title: 'a'.repeat(256) }), field: 'title', message: MESSAGES.maxLength(255) },
    { name: 'a missing slug', input: ({ slug: _s, ...v }) => v, field: 'slug', message: MESSAGES.required },
    { name: 'a blank slug', input: (v) => ({ ...v, slug: '   ' }), field: 'slug', message: MESSAGES.required },
    { name: 'a slug over 50 characters', input: (v) => ({ ...v, slug: 's'.repeat(51) }), field: 'slug', message: MESSAGES.maxLength(50) },
    { name: 'a missing meta title', input: (v) => ({ ...v, metaTitle: '' }), field: 'metaTitle', message: MESSAGES.required },
    { name: 'a meta title over 255 characters', input: (v) => ({ ...v, metaTitle: 'm'.repeat(256) }), field: 'metaTitle', message: MESSAGES.maxLength(255) },
    { name: 'missing meta keywords', input: (v) => ({ ...v, metaKeywords: '' }), field: 'metaKeywords', message: MESSAGES.required },
    { name: 'a missing meta description', input: ({ metaDescription: _d, ...v }) => v, field: 'metaDescription', message: MESSAGES.required },
    { name: 'a slug with markup', input: (v) => ({ ...v, slug: '<script>alert(1)</script>' }), field: 'slug', message: MESSAGES.lettersDigitsDashes },
    { name: 'a slug with a path or query', input: (v) => ({ ...v, slug: 'help/delivery?x=1' }), field: 'slug', message: MESSAGES.lettersDigitsDashes },
    { name: 'a meta title with markup', input: (v) => ({ ...v, metaTitle: '</title><script>alert(1)</script>' }), field: 'metaTitle', message: MESSAGES.noAngleBrackets },
    { name: 'meta keywords with markup', input: (v) => ({ ...v, metaKeywords: 'rings"><script>alert(1)</script>' }), field: 'metaKeywords', message: MESSAGES.noAngleBrackets },
    { name: 'meta keywords over 255 characters', input: (v) => ({ ...v, metaKeywords: 'ring, '.repeat(43) }), field: 'metaKeywords', message: MESSAGES.maxLength(255) },
    { name: 'a meta description with markup', input: (v) => ({ ...v, metaDescription: '<img src=x onerror=alert(1)>' }), field: 'metaDescription', message: MESSAGES.noAngleBrackets },
    { name: 'a meta description over 500 characters', input: (v) => ({ ...v, metaDescription: 'd'.repeat(501) }), field: 'metaDescription', message: MESSAGES.maxLength(500) },
  ],
});

describe('content pages: rules', () => {
  let t: TestApp;
  let admin: string;
  let counter = 100;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>) => {
    const response = await t.request(admin, { method: 'POST', url: '/api/content-pages', payload: { ...valid(++counter), ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const storedContent = async (id: number) => (await t.db.select().from(contentPages).where(eq(contentPages.id, id)))[0]!.content;

  it('stores rich text without scripts, event handlers or javascript: links, keeping the formatting', async () => {
    const dirty =
      '<h2>Returns</h2><p onclick="steal()">Within <strong>30 days</strong>.</p>' +
      '<script>alert(1)</script><img src="x" onerror="alert(2)">' +
      '<a href="javascript:alert(3)">click</a> <a href="JaVaScRiPt:alert(4)">again</a>' +
      '<a href="https://www.facet.co.uk/contact-us" target="_blank">Contact</a>' +
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>';
    const page = await create({ content: dirty });
    const stored = await storedContent(page.id);
    expect(stored).toBe(page.content);
    for (const banned of ['<script', 'alert(1)', 'onerror', 'onclick', 'javascript:', 'JaVaScRiPt', '<iframe', '<style']) {
      expect(stored.toLowerCase()).not.toContain(banned.toLowerCase());
    }
    expect(stored).toContain('<h2>Returns</h2>');
    expect(stored).toContain('<strong>30 days</strong>');
    expect(stored).toContain('<a href="https://www.facet.co.uk/contact-us" target="_blank" rel="noopener noreferrer">Contact</a>');

    const updated = await t.request(admin, {
      method: 'PUT',
      url: `/api/content-pages/${page.id}`,
      payload: { ...valid(page.id), slug: page.slug, content: '<p>ok</p><svg><script>alert(5)</script></svg><a href="data:text/html,x">d</a>', version: page.version },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const afterUpdate = await storedContent(page.id);
    expect(afterUpdate).not.toContain('script');
    expect(afterUpdate).not.toContain('data:');
    expect(afterUpdate).toContain('<p>ok</p>');
  });

  it('turns inner whitespace of the slug into dashes and trims its ends', async () => {
    const page = await create({ slug: '  ring   size guide ' });
    expect(page.slug).toBe('ring-size-guide');
  });

  it('stores the slug in small letters, so storefront addresses differ by more than case', async () => {
    const page = await create({ slug: ' Gift Guide For HIM ' });
    expect(page.slug).toBe('gift-guide-for-him');
  });

  it('gives each page a page code from its slug that stays when the slug changes, and searches by it', async () => {
    const page = await create({ slug: 'About-Us', title: 'Who we are' });
    expect(page.pageCode).toBe('about-us');
    const moved = await t.request(admin, {
      method: 'PUT',
      url: `/api/content-pages/${page.id}`,
      payload: { ...valid(0), title: 'Who we are', slug: 'our-story', version: page.version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ slug: 'our-story', pageCode: 'about-us' });
    const found = await t.request(admin, { method: 'GET', url: '/api/content-pages', query: { search: 'ABOUT-US' } });
    expect(found.json().items.map((i: { id: number }) => i.id)).toEqual([page.id]);

    // A new page may take the freed slug but not the code the first page keeps.
    const clash = await t.request(admin, { method: 'POST', url: '/api/content-pages', payload: { ...valid(++counter), slug: 'about-us' } });
    expect(clash.statusCode, clash.body + t.logs.filter((l) => l.includes('"level":50')).join('')).toBe(409);
    expect(clash.json().error.issues).toEqual([{ path: ['slug'], message: MESSAGES.pageCodeTaken('Who we are') }]);
  });

  it('refuses a duplicate slug whatever its spacing, with the field named', async () => {
    await create({ slug: 'gift-cards' });
    const response = await t.request(admin, { method: 'POST', url: '/api/content-pages', payload: { ...valid(++counter), slug: ' Gift cards ' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.issues).toEqual([{ path: ['slug'], message: MESSAGES.duplicate('Slug') }]);
  });

  it('needs content_management: a system user is refused', async () => {
    const other = await t.createUserWith(['system', 'categories']);
    expect((await t.request(other.cookie, { method: 'GET', url: '/api/content-pages' })).statusCode).toBe(403);
    const editor = await t.createUserWith(['content_management']);
    expect((await t.request(editor.cookie, { method: 'GET', url: '/api/content-pages' })).statusCode).toBe(200);
  });

  it('refuses a bulk delete whole when a selected page is linked from the navigation menu, naming it', async () => {
    const [linked, free] = [await create({}), await create({})];
    const item = await t.request(admin, {
      method: 'POST',
      url: '/api/navigation-menu',
      payload: { title: 'Delivery', description: 'Delivery', menuType: 'page', pageId: linked.id, sortOrder: 0, status: true },
    });
    expect(item.statusCode, item.body).toBe(201);
    const started = await t.request(admin, { method: 'POST', url: '/api/content-pages/bulk', payload: { action: 'delete', ids: [linked.id, free.id] } });
    expect(started.statusCode, started.body).toBe(202);
    const job = await jobWhenEnded(t, admin, started.json().id);
    expect(job).toMatchObject({ status: 'failed', error: MESSAGES.bulkBlocked(1, 2, `"${linked.slug}" (#${linked.id}): ${MESSAGES.pageInMenu}`) });
    for (const page of [linked, free]) expect((await t.request(admin, { method: 'GET', url: `/api/content-pages/${page.id}` })).statusCode).toBe(200);
  });
});
