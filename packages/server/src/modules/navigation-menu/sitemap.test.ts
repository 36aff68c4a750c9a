import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSitemapStructure, validateSitemapXsd } from '../../test/sitemap-check.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { auditLog } from '../audit/audit.table.ts';

const SITE = 'http://localhost:3000';

describe('sitemap: generate and serve', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(() => t.close());

  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await t.request(admin, { method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const page = (slug: string, status = true) =>
    post('/api/content-pages', { title: slug, slug, metaTitle: 'm', metaKeywords: 'k', metaDescription: 'd', content: '', status });
  const menu = (body: Record<string, unknown>) => post('/api/navigation-menu', { description: 'd', sortOrder: 0, cssClass: '', image: '', status: true, ...body });
  const generate = async () => {
    const response = await t.request(admin, { method: 'POST', url: '/api/navigation-menu/sitemap' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const served = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    return response.body;
  };

  it('answers 404 at /sitemap.xml before the first generation', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).statusCode).toBe(404);
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
    const order = await t.request(admin, {
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
      { loc: `${SITE}/returns-policy`, priority: '0.6', lastmod: today },
    ]);
    const xsd = validateSitemapXsd(xml);
    expect(xsd.valid, xsd.output).toBe(true);
  });

  it('serves the newest sitemap after a regeneration and audits each generation', async () => {
    await page('ring-size-guide');
    await generate();
    expect(await served()).toContain(`<loc>${SITE}/ring-size-guide</loc>`);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'sitemap'));
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it('is generated only with the system permission; /sitemap.xml needs no session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/navigation-menu/sitemap' })).statusCode).toBe(401);
    const editor = await t.createUserWith(['content_management']);
    expect((await t.request(editor.cookie, { method: 'POST', url: '/api/navigation-menu/sitemap' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).statusCode).toBe(200);
  });

  it('has an XSD check that can fail: a priority of 1.5 and a relative loc are refused', () => {
    const bad = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>/about</loc><priority>1.5</priority></url></urlset>\n';
    expect(validateSitemapXsd(bad).valid).toBe(false);
    expect(() => checkSitemapStructure(bad)).toThrow(/loc not absolute[\s\S]*priority 1.5/);
  });
});
