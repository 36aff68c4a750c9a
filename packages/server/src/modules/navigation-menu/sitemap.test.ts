import { ROOT_CATEGORY_ID } from '@facet/contract/modules/categories/category.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSitemapStructure, validateSitemapXsd } from '../../test/sitemap-check.ts';
import type { TestApp } from '../../test/test-app.ts';
import { ADMIN, createTestApp, useAdminTestApp } from '../../test/test-app.ts';
import { DEMO_SEEDERS } from '../../bootstrap/demo-data.ts';
import { permissions } from '../permissions/permission.table.ts';
import { users } from '../users/user.table.ts';
import { generateSitemap } from './sitemap.service.ts';
import { auditLog } from '../../db/audit.table.ts';
import { categories } from '../categories/category.table.ts';

const SITE = 'http://localhost:3000';

describe('sitemap: generate and serve', () => {
  const fx = useAdminTestApp();

  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await fx.t.request(fx.admin, { method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const page = (slug: string, status = true) =>
    post('/api/content-pages', { title: slug, slug, metaTitle: 'm', metaKeywords: 'k', metaDescription: 'd', content: '', status });
  const menu = (body: Record<string, unknown>) => post('/api/navigation-menu', { description: 'd', sortOrder: 0, cssClass: '', image: '', status: true, ...body });
  const generate = async () => {
    const response = await fx.t.request(fx.admin, { method: 'POST', url: '/api/navigation-menu/sitemap' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const served = async () => {
    const response = await fx.t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    return response.body;
  };

  it('answers 404 at /sitemap.xml before the first generation', async () => {
    expect((await fx.t.app.inject({ method: 'GET', url: '/sitemap.xml' })).statusCode).toBe(404);
  });

  it('builds the sitemap from the database with the spec priorities, skips and dates, and serves it publicly', async () => {
    const about = await page('about-us');
    await page('returns-policy');
    await page('old-offers', false);
    const rings = await menu({ title: 'Rings', menuType: 'custom_link', link: `${SITE}/rings`, sortOrder: 1 });
    const sub = await menu({ title: 'Engagement', menuType: 'custom_link', link: `${SITE}/engagement-rings`, sortOrder: 0 });
    const hidden = await menu({ title: 'Hidden', menuType: 'custom_link', link: `${SITE}/hidden-under-disabled`, sortOrder: 0 });
    const disabledParent = await menu({ title: 'Off', menuType: 'custom_link', link: `${SITE}/switched-off`, sortOrder: 5, status: false });
    await menu({ title: 'About', menuType: 'page', pageId: about.id, sortOrder: 2 });
    await menu({ title: 'Oval', menuType: 'custom_link', link: `${SITE}/engagement-rings?shape=oval`, sortOrder: 3 });
    await menu({ title: 'Instagram', menuType: 'custom_link', link: 'https://www.instagram.com/facet', sortOrder: 4 });
    await menu({ title: 'Heading', menuType: 'blank', sortOrder: 6 });
    const [wedding] = await fx.t.db.insert(categories).values({ name: 'Wedding', title: 'Wedding', slug: 'wedding-rings', parentId: ROOT_CATEGORY_ID }).returning();
    await menu({ title: 'Wedding', menuType: 'category', categoryId: wedding!.id, sortOrder: 7 });
    await fx.t.db.insert(categories).values([
      { name: 'Lab Grown', title: 'Lab Grown', slug: 'lab-grown-diamonds', parentId: ROOT_CATEGORY_ID, isDiamondCategory: true },
      { name: 'Old Stock', title: 'Old Stock', slug: 'old-diamonds', parentId: ROOT_CATEGORY_ID, isDiamondCategory: true, status: false },
      { name: 'Necklaces', title: 'Necklaces', slug: 'necklaces', parentId: ROOT_CATEGORY_ID },
    ]);
    const order = await fx.t.request(fx.admin, {
      method: 'PUT',
      url: '/api/navigation-menu/order',
      payload: {
        items: [
          { id: sub.id, parentId: rings.id, sortOrder: 0 },
          { id: hidden.id, parentId: disabledParent.id, sortOrder: 0 },
        ],
      },
    });
    expect(order.statusCode, order.body).toBe(204);

    const result = await generate();
    const xml = await served();
    const urls = checkSitemapStructure(xml);
    expect(result).toMatchObject({ urlCount: urls.length, path: '/sitemap.xml' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    expect(urls).toEqual([
      { loc: `${SITE}/`, priority: '1.0', lastmod: today },
      { loc: `${SITE}/contact-us`, priority: '0.6' },
      { loc: `${SITE}/blog`, priority: '0.6' },
      { loc: `${SITE}/ring-size`, priority: '0.4' },
      { loc: `${SITE}/rings`, priority: '0.8', lastmod: expect.any(String) },
      { loc: `${SITE}/engagement-rings`, priority: '0.8', lastmod: expect.any(String) },
      // The page is in the menu, so its menu entry (0.8) wins over its content page entry (0.6).
      { loc: `${SITE}/about-us`, priority: '0.8', lastmod: expect.any(String) },
      { loc: `${SITE}/wedding-rings`, priority: '0.8', lastmod: today },
      { loc: `${SITE}/returns-policy`, priority: '0.6', lastmod: today },
      { loc: `${SITE}/lab-grown-diamonds`, priority: '0.8', lastmod: today },
    ]);
    const xsd = await validateSitemapXsd(xml);
    expect(xsd.valid, xsd.output).toBe(true);
  });

  it('serves the newest sitemap after a regeneration and audits each generation', async () => {
    await page('ring-size-guide');
    await generate();
    expect(await served()).toContain(`<loc>${SITE}/ring-size-guide</loc>`);
    const audits = await fx.t.db.select().from(auditLog).where(eq(auditLog.entity, 'sitemap'));
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it('is generated only with the system permission; /sitemap.xml needs no session', async () => {
    expect((await fx.t.app.inject({ method: 'POST', url: '/api/navigation-menu/sitemap' })).statusCode).toBe(401);
    const editor = await fx.t.createUserWith(['content_management']);
    expect((await fx.t.request(editor.cookie, { method: 'POST', url: '/api/navigation-menu/sitemap' })).statusCode).toBe(403);
    expect((await fx.t.app.inject({ method: 'GET', url: '/sitemap.xml' })).statusCode).toBe(200);
  });

  it('has an XSD check that can fail: a priority of 1.5 and a relative loc are refused', async () => {
    const bad = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>/about</loc><priority>1.5</priority></url></urlset>\n';
    expect((await validateSitemapXsd(bad)).valid).toBe(false);
    expect(() => checkSitemapStructure(bad)).toThrow(/loc not absolute[\s\S]*priority 1.5/);
  });
});

describe('sitemap: the demo data', () => {
  const SHOP = 'https://www.facet-jewellery.co.uk';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const permissionIds = new Map((await t.db.select({ id: permissions.id, key: permissions.key }).from(permissions)).map((p) => [p.key, p.id]));
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.name, ADMIN.username));
    await t.db.transaction(async (tx) => {
      for (const seed of DEMO_SEEDERS) await seed(tx, { permissionIds, adminId: admin!.id });
    });
  });
  afterAll(() => t.close());

  it('lists the storefront addresses of the demo menu, pages, diamond categories and blog posts with the spec priorities, no duplicates', async () => {
    const context = { actor: { id: 1, name: ADMIN.username, email: '', permissions: [] }, ip: '127.0.0.1', requestId: 'test' };
    const result = await generateSitemap(t.db, SHOP, context);
    const xml = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const urls = checkSitemapStructure(xml);
    expect(result.urlCount).toBe(urls.length);
    expect(urls.map((u) => [u.loc.slice(SHOP.length), u.priority])).toEqual([
      ['/', '1.0'],
      ['/contact-us', '0.6'],
      ['/blog', '0.6'],
      ['/ring-size', '0.4'],
      // The menu, depth first; the oval filter link (query string), Instagram (another site), the
      // Contact Us link (the fixed page already) and the disabled Black Friday item are left out.
      ['/engagement-rings', '0.8'],
      ['/solitaire-engagement-rings', '0.8'],
      ['/halo-engagement-rings', '0.8'],
      ['/three-stone-engagement-rings', '0.8'],
      ['/wedding-rings', '0.8'],
      ['/eternity-rings', '0.8'],
      ['/diamonds', '0.8'],
      ['/natural-diamonds', '0.8'],
      ['/lab-grown-diamonds', '0.8'],
      ['/earrings', '0.8'],
      ['/stud-earrings', '0.8'],
      ['/hoop-earrings', '0.8'],
      ['/about-us', '0.8'],
      ['/delivery-information', '0.8'],
      ['/returns-policy', '0.8'],
      ['/ring-size-guide', '0.8'],
      // Active content pages not in the menu; the inactive Black Friday page is left out. The diamond
      // categories are all in the menu already.
      ['/privacy-policy', '0.6'],
      // The demo blog's posts (0.6), in the order they were written; the draft is left out.
      ...[
        'how-to-choose-an-engagement-ring',
        'the-four-cs-of-diamonds-explained',
        'natural-vs-lab-grown-diamonds-what-is-the-difference',
        'solitaire-halo-or-trilogy-finding-your-setting',
        'platinum-or-18ct-gold-for-an-engagement-ring',
        'how-to-find-her-ring-size-without-asking',
        'oval-pear-diamonds-elongated-shapes-in-fashion',
        'how-to-clean-your-diamond-ring-at-home',
        'storing-pearls-and-gemstones-safely',
        'why-rhodium-plating-wears-and-when-to-replate',
        'when-to-have-your-claws-checked',
        'insuring-your-jewellery-a-short-guide',
        'sterling-silver-tarnish-causes-cures',
        'gift-guide-for-him-cufflinks-to-signet-rings',
        'birthstones-by-month',
        'stacking-rings-how-to-build-your-stack',
        'anniversary-gifts-by-year',
        'hatton-garden-a-short-history',
        'choosing-earrings-for-your-face-shape',
      ].map((slug) => [`/blog/${slug}`, '0.6']),
    ]);
    expect(new Set(urls.map((u) => u.loc)).size).toBe(urls.length);
    expect(urls.slice(1).every((u) => u.lastmod === undefined || /^\d{4}-\d{2}-\d{2}$/.test(u.lastmod))).toBe(true);
    const xsd = await validateSitemapXsd(xml);
    expect(xsd.valid, xsd.output).toBe(true);
  });
});
