import { MESSAGES } from '@facet/contract/messages';
import { BEST_SELLER_CATEGORY_NAMES, QR_CODE_SIZE, sectionResource, TEMPLATE } from '@facet/contract/modules/widget-sections/widget-section.schema';
import { count, eq, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { pngOfSize, testImage, upload } from '../../test/upload.ts';
import { catalogPriceRules } from '../catalog-price-rules/catalog-price-rule.table.ts';
import { liveCategoryIdsBySlug } from '../categories/index.ts';
import { productsForSale, sampleProductIdsForSale } from '../products/index.ts';
import { products } from '../products/product.table.ts';
import { widgetSectionOptions, widgetSections } from './widget-section.table.ts';

const SITE_URL = 'https://shop.example.co.uk';
const validSection = (n: number) => ({ sectionName: `Shop by Category ${n}`, subTitle: 'Find the piece', sortOrder: n, templateId: TEMPLATE.threeColumn, status: true });

describeCrudResource({
  resource: sectionResource,
  validInput: validSection,
  updateChange: (n) => ({ sectionName: `Renamed section ${n}`, sortOrder: null }),
  invalid: [
    { name: 'a missing section name', input: ({ sectionName: _s, ...v }) => v, field: 'sectionName', message: MESSAGES.required },
    { name: 'a section name over 255 characters', input: (v) => ({ ...v, sectionName: 's'.repeat(256) }), field: 'sectionName', message: MESSAGES.maxLength(255) },
    { name: 'sort order 0', input: (v) => ({ ...v, sortOrder: 0 }), field: 'sortOrder', message: 'Sort Order must be at least 1.' },
    { name: 'a sort order of 1.5', input: (v) => ({ ...v, sortOrder: 1.5 }), field: 'sortOrder', message: MESSAGES.wholeNumber },
    { name: 'no template', input: ({ templateId: _t, ...v }) => v, field: 'templateId', message: MESSAGES.required },
    { name: 'template 7', input: (v) => ({ ...v, templateId: 7 }), field: 'templateId', message: MESSAGES.required },
    {
      name: '21 best-seller SKUs for one category',
      input: (v) => ({ ...v, templateId: TEMPLATE.bestSeller, bestSellers: [{ categoryId: 2, skus: Array.from({ length: 21 }, (_, i) => `SKU-${i}`) }] }),
      field: ['bestSellers', 0, 'skus'],
      message: MESSAGES.tooManyItems(20),
    },
    {
      name: 'a blank best-seller SKU',
      input: (v) => ({ ...v, templateId: TEMPLATE.bestSeller, bestSellers: [{ categoryId: 2, skus: ['  '] }] }),
      field: ['bestSellers', 0, 'skus', 0],
      message: MESSAGES.required,
    },
  ],
});

/** Decodes a QR code PNG: its size and the text it holds. */
function decodeQr(png: Buffer) {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  return { width: image.width, height: image.height, text: code?.data };
}

describe('widget sections and options on the demo catalogue', () => {
  let t: TestApp;
  let admin: string;
  let skus: string[];
  let categoryIds: number[];
  let image: string;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true, siteUrl: SITE_URL });
    admin = await t.login();
    skus = [...(await productsForSale(t.db, await sampleProductIdsForSale(t.db, 30))).values()].map((product) => product.sku);
    const categories = await t.request(admin, { method: 'GET', url: '/api/widget-sections/best-seller-categories' });
    categoryIds = (categories.json().items as { id: number }[]).map((category) => category.id);
    const stored = await upload(t, admin, 'section-option-image', { fileName: 'tile.jpg', bytes: await testImage('jpeg') });
    expect(stored.statusCode, stored.body).toBe(201);
    image = stored.json().url;
  }, 180_000);
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, cookie = admin) => t.request(cookie, { method: 'POST', url, payload: payload as Record<string, unknown> });
  const createSection = async (body: Record<string, unknown>) => {
    const response = await post('/api/widget-sections', { ...validSection(1), ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; version: number } & Record<string, unknown>;
  };
  const option = (sectionId: number, body: Record<string, unknown> = {}) => ({ sectionId, title: 'Rings', linkType: 'custom_link', link: 'rings/engagement', desktopImage: image, status: true, ...body });
  const createOption = async (sectionId: number, body: Record<string, unknown> = {}) => {
    const response = await post('/api/section-options', option(sectionId, body));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; version: number } & Record<string, unknown>;
  };

  it('offers the best-seller categories in the spec’s order: Rings, Bracelets, Pendants, Necklaces, Earrings, Studs', async () => {
    const response = await t.request(admin, { method: 'GET', url: '/api/widget-sections/best-seller-categories' });
    expect((response.json().items as { name: string }[]).map((category) => category.name)).toEqual([...BEST_SELLER_CATEGORY_NAMES]);
  });

  it('refuses unknown and repeated best-seller SKUs, naming them as the Error dialog lists them, and writes nothing', async () => {
    const before = await t.db.$count(widgetSections);
    const response = await post('/api/widget-sections', {
      ...validSection(2),
      templateId: TEMPLATE.bestSeller,
      bestSellers: [{ categoryId: categoryIds[0], skus: [skus[0], 'NO-SUCH-SKU', skus[1], skus[0]!.toLowerCase(), 'ALSO-MISSING'] }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(`${MESSAGES.invalidSkus('NO-SUCH-SKU, ALSO-MISSING')}\n${MESSAGES.duplicateSkus(skus[0]!.toLowerCase())}`);
    expect(response.json().error.issues).toContainEqual({ path: ['bestSellers', 0, 'skus', 1], message: MESSAGES.invalidSkus('NO-SUCH-SKU') });
    expect(await t.db.$count(widgetSections)).toBe(before);
  });

  it('refuses a best-seller category the template does not offer', async () => {
    const [earrings] = (await liveCategoryIdsBySlug(t.db, ['engagement-rings'])).values();
    const response = await post('/api/widget-sections', { ...validSection(3), templateId: TEMPLATE.bestSeller, bestSellers: [{ categoryId: earrings, skus: [skus[0]] }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: ['bestSellers', 0, 'categoryId'], message: MESSAGES.unknownCategory }]);
  });

  it('keeps valid SKUs trimmed and in order (20 at most) and previews each category’s best sellers', async () => {
    const twenty = skus.slice(0, 20);
    const section = await createSection({
      templateId: TEMPLATE.bestSeller,
      bestSellers: [
        { categoryId: categoryIds[0], skus: [`  ${skus[2]}  `, skus[1]] },
        { categoryId: categoryIds[1], skus: twenty },
      ],
    });
    expect(section.bestSellers).toEqual([
      { categoryId: categoryIds[0], skus: [skus[2], skus[1]] },
      { categoryId: categoryIds[1], skus: twenty },
    ]);
    const preview = (await t.request(admin, { method: 'GET', url: `/api/widget-sections/${section.id}/best-sellers` })).json().items;
    expect(preview[0]).toMatchObject({ categoryId: categoryIds[0], categoryName: 'Rings' });
    expect(preview[0].products.map((product: { sku: string }) => product.sku)).toEqual([skus[2], skus[1]]);
    expect(preview[0].products[0]).toEqual({
      sku: skus[2],
      name: expect.any(String),
      image: expect.any(String),
      price: expect.any(Number),
      regularPrice: expect.any(Number),
      priceRule: expect.toBeOneOf([null, { id: expect.any(Number), name: expect.any(String) }]),
    });
    expect(preview[1].products).toHaveLength(20);
  });

  it('previews best sellers at the price the storefront sells them at: after the catalog price rule running, beside the regular price', async () => {
    // The demo's own rules (one runs on Bracelets) would price these products too.
    await t.db.delete(catalogPriceRules);
    const forSale = [...(await productsForSale(t.db, await sampleProductIdsForSale(t.db, 30))).values()].filter((product) => Number(product.price) > 100);
    // A variant is priced by its product's rule: the one left unpriced is of another product.
    const ownerOf = new Map((await t.db.select({ id: products.id, owner: sql<number>`coalesce(${products.parentProductId}, ${products.id})` }).from(products)).map((row) => [row.id, row.owner]));
    const ruled = forSale[0]!;
    const plain = forSale.find((product) => ownerOf.get(product.id) !== ownerOf.get(ruled.id))!;
    const owner = { id: ownerOf.get(ruled.id)! };
    const rule = await post('/api/catalog-price-rules', {
      name: 'Best seller sale',
      description: 'test',
      discountType: 'percentage',
      percentage: 12.5,
      startDate: new Date(Date.now() - 3_600_000).toISOString(),
      endDate: new Date(Date.now() + 86_400_000).toISOString(),
      status: true,
      productIds: [owner.id],
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const section = await createSection({ templateId: TEMPLATE.bestSeller, bestSellers: [{ categoryId: categoryIds[0], skus: [ruled.sku, plain.sku] }] });
    const response = await t.request(admin, { method: 'GET', url: `/api/widget-sections/${section.id}/best-sellers` });
    expect(response.statusCode, response.body).toBe(200);
    const pence = (price: string) => Math.round(Number(price) * 100);
    // 12.5% off, the discount rounded to the penny half up.
    const sale = (pence(ruled.price) - Math.round((pence(ruled.price) * 12.5) / 100)) / 100;
    expect(response.json().items[0].products).toEqual([
      expect.objectContaining({ sku: ruled.sku, price: sale, regularPrice: Number(ruled.price), priceRule: { id: rule.json().id, name: 'Best seller sale' } }),
      expect.objectContaining({ sku: plain.sku, price: Number(plain.price), regularPrice: Number(plain.price), priceRule: null }),
    ]);
    await t.db.delete(catalogPriceRules);
  });

  it('keeps custom HTML content only for its template, sanitised on the server', async () => {
    const html = '<h2>Why Facet</h2><p onclick="steal()">Free delivery<script>alert(1)</script></p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>';
    const section = await createSection({ templateId: TEMPLATE.customHtml, content: html });
    expect(section.content).toContain('<h2>Why Facet</h2>');
    expect(section.content).not.toMatch(/script|onclick|onerror|javascript:/);
    const other = await createSection({ templateId: TEMPLATE.slider, content: '<p>Not mine</p>', bestSellers: [{ categoryId: categoryIds[0], skus: ['NO-SUCH-SKU'] }] });
    expect(other).toMatchObject({ content: '', bestSellers: [] });
  });

  it('holds two active options on a two-column section: a third is refused, an inactive one allowed but not activated', async () => {
    const section = await createSection({ templateId: TEMPLATE.twoColumn });
    await createOption(section.id, { title: 'Natural' });
    await createOption(section.id, { title: 'Lab grown' });
    const third = await post('/api/section-options', option(section.id, { title: 'Third' }));
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe(MESSAGES.sectionOptionLimit('Two Column', 2));
    const resting = await createOption(section.id, { title: 'Resting', status: false });
    const activate = await t.request(admin, { method: 'PATCH', url: `/api/section-options/${resting.id}/status`, payload: { status: true, version: resting.version } });
    expect(activate.statusCode).toBe(409);
    const update = await t.request(admin, { method: 'PUT', url: `/api/section-options/${resting.id}`, payload: { ...option(section.id, { title: 'Resting' }), version: resting.version } });
    expect(update.statusCode).toBe(409);
    expect((await t.request(admin, { method: 'GET', url: `/api/widget-sections/${section.id}` })).json().activeOptions).toBe(2);
  });

  it('holds one active option on a one-column section and none on a custom HTML one', async () => {
    const one = await createSection({ templateId: TEMPLATE.oneColumn });
    await createOption(one.id);
    expect((await post('/api/section-options', option(one.id))).statusCode).toBe(409);
    const html = await createSection({ templateId: TEMPLATE.customHtml, content: '<p>x</p>' });
    expect((await post('/api/section-options', option(html.id))).statusCode).toBe(409);
    const slider = await createSection({ templateId: TEMPLATE.slider });
    for (let i = 0; i < 4; i++) await createOption(slider.id, { title: `Slide ${i}` });
  });

  it('refuses a custom link with a domain, a missing desktop image and missing targets, with the spec’s messages', async () => {
    const section = await createSection({ templateId: TEMPLATE.slider });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ link: 'https://shop.example.co.uk/rings' }, 'link', MESSAGES.customLinkHasDomain],
      [{ link: 'http://evil.example/rings' }, 'link', MESSAGES.customLinkHasDomain],
      [{ link: 'www.example.com/rings' }, 'link', MESSAGES.customLinkHasDomain],
      [{ link: '//example.com/rings' }, 'link', MESSAGES.customLinkHasDomain],
      [{ link: 'javascript:alert(1)' }, 'link', MESSAGES.customLinkHasDomain],
      [{ link: '' }, 'link', MESSAGES.required],
      [{ desktopImage: '' }, 'desktopImage', MESSAGES.desktopImageRequired],
      [{ desktopImage: undefined }, 'desktopImage', MESSAGES.desktopImageRequired],
      [{ title: '' }, 'title', MESSAGES.required],
      [{ title: 't'.repeat(256) }, 'title', MESSAGES.maxLength(255)],
      [{ linkType: undefined }, 'linkType', MESSAGES.required],
      [{ linkType: 'category', categoryId: null }, 'categoryId', MESSAGES.required],
      [{ linkType: 'page' }, 'pageId', MESSAGES.required],
      [{ linkType: 'external_link', link: '' }, 'link', MESSAGES.required],
      [{ linkType: 'external_link', link: 'javascript:alert(1)' }, 'link', MESSAGES.invalidUrl],
    ];
    const before = await t.db.$count(widgetSectionOptions);
    for (const [change, field, message] of cases) {
      const response = await post('/api/section-options', option(section.id, change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error.issues, JSON.stringify(change)).toContainEqual({ path: [field], message });
    }
    // An image that is no option upload is refused too.
    const notOurs = await post('/api/section-options', option(section.id, { desktopImage: '/media/elsewhere.png' }));
    expect(notOurs.json().error.issues).toEqual([{ path: ['desktopImage'], message: MESSAGES.invalidFile }]);
    expect(await t.db.$count(widgetSectionOptions)).toBe(before);
  });

  it("refuses an option image over 2 MB with 'File size shouldn't be greater than 2MB.'", async () => {
    const big = await upload(t, admin, 'section-option-image', { fileName: 'big.png', bytes: await pngOfSize(2_097_153) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(MESSAGES.fileSizeNotGreaterThan2mb);
  });

  it('lists a section’s options with what each points at, and clears them when the template changes', async () => {
    const [ringsId] = (await liveCategoryIdsBySlug(t.db, ['rings'])).values();
    const section = await createSection({ templateId: TEMPLATE.threeColumn });
    await createOption(section.id, { title: 'All rings', linkType: 'category', categoryId: ringsId, link: 'ignored' });
    await createOption(section.id, { title: 'Nothing', linkType: 'blank' });
    const list = await t.request(admin, { method: 'GET', url: '/api/section-options', query: { sectionId: String(section.id), sort: 'title', order: 'asc' } });
    expect(list.json().items.map((item: { title: string; value: string; link: string }) => [item.title, item.value, item.link])).toEqual([
      ['All rings', 'Rings', ''],
      ['Nothing', '', ''],
    ]);
    const update = await t.request(admin, { method: 'PUT', url: `/api/widget-sections/${section.id}`, payload: { ...validSection(1), templateId: TEMPLATE.slider, version: section.version } });
    expect(update.statusCode, update.body).toBe(200);
    expect(await t.db.$count(widgetSectionOptions, eq(widgetSectionOptions.sectionId, section.id))).toBe(2);
    const after = await t.request(admin, { method: 'GET', url: '/api/section-options', query: { sectionId: String(section.id) } });
    expect(after.json().total).toBe(0);
  });

  it('downloads an option’s QR code: a 300×300 PNG named by its title holding the site address for categories and pages, the link as is otherwise', async () => {
    const [ringsId] = (await liveCategoryIdsBySlug(t.db, ['rings'])).values();
    const section = await createSection({ templateId: TEMPLATE.slider });
    const category = await createOption(section.id, { title: 'All Rings', linkType: 'category', categoryId: ringsId });
    const custom = await createOption(section.id, { title: 'Gift guide', linkType: 'custom_link', link: 'gift-guide/winter' });
    const external = await createOption(section.id, { title: 'Map', linkType: 'external_link', link: 'https://maps.example.com/?q=Hatton+Garden' });
    const qr = (id: number) => t.request(admin, { method: 'GET', url: `/api/section-options/${id}/qr-code` });

    const response = await qr(category.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toContain('filename="All Rings.png"');
    expect(decodeQr(response.rawPayload)).toEqual({ width: QR_CODE_SIZE, height: QR_CODE_SIZE, text: `${SITE_URL}/rings` });
    expect(decodeQr((await qr(custom.id)).rawPayload).text).toBe('gift-guide/winter');
    expect(decodeQr((await qr(external.id)).rawPayload).text).toBe('https://maps.example.com/?q=Hatton+Garden');
    // 500 characters of 3 bytes each: more than a code of error correction H holds.
    const long = await createOption(section.id, { title: 'Long', linkType: 'custom_link', link: '€'.repeat(500) });
    const refused = await qr(long.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(MESSAGES.qrLinkTooLong);
  });

  it('keeps sections and options to holders of Section (401, 403)', async () => {
    const section = await createSection({ templateId: TEMPLATE.slider });
    const created = await createOption(section.id);
    const widgets = await t.createUserWith(['widgets']);
    for (const url of ['/api/widget-sections', '/api/widget-sections/best-seller-categories', `/api/section-options/${created.id}/qr-code`, `/api/section-options?sectionId=${section.id}`]) {
      expect((await t.request(undefined, { method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.request(widgets.cookie, { method: 'GET', url })).statusCode, url).toBe(403);
    }
    expect((await post('/api/section-options', option(section.id), widgets.cookie)).statusCode).toBe(403);
    const holder = await t.createUserWith(['section']);
    expect((await t.request(holder.cookie, { method: 'GET', url: `/api/section-options/${created.id}/qr-code` })).statusCode).toBe(200);
    expect((await t.request(holder.cookie, { method: 'GET', url: '/api/categories/tree' })).statusCode).toBe(200);
  });

  it('deletes a section with its options', async () => {
    const section = await createSection({ templateId: TEMPLATE.slider });
    await createOption(section.id);
    expect((await t.request(admin, { method: 'DELETE', url: `/api/widget-sections/${section.id}` })).statusCode).toBe(204);
    const [live] = await t.db.select({ n: count() }).from(widgetSectionOptions).where(eq(widgetSectionOptions.sectionId, section.id));
    expect(live!.n).toBe(1);
    expect((await t.request(admin, { method: 'GET', url: '/api/section-options', query: { sectionId: String(section.id) } })).json().total).toBe(0);
  });
});

/** Two staff adding an option at the same moment. PGlite runs one statement at a time, so this runs on PostgreSQL only. */
describe.skipIf(!/^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? ''))('section option limits under concurrent writes on PostgreSQL', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  }, 120_000);
  afterAll(() => t?.close());

  it('two-column and one-column sections never hold more active options than their template, however the saves race', async () => {
    const image = (await upload(t, admin, 'section-option-image', { fileName: 'tile.png', bytes: await testImage('png') })).json().url as string;
    const editors = await Promise.all(Array.from({ length: 6 }, () => t.createUserWith(['section'])));
    for (const [templateId, limit] of [
      [TEMPLATE.twoColumn, 2],
      [TEMPLATE.oneColumn, 1],
    ] as const) {
      for (let round = 0; round < 3; round++) {
        const section = (await t.request(admin, { method: 'POST', url: '/api/widget-sections', payload: { ...validSection(round + 1), templateId } })).json() as { id: number };
        const answers = await Promise.all(
          editors.map((editor, i) =>
            t.request(editor.cookie, { method: 'POST', url: '/api/section-options', payload: { sectionId: section.id, title: `Tile ${i}`, linkType: 'blank', desktopImage: image, status: true } }),
          ),
        );
        expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(limit);
        for (const refused of answers.filter((answer) => answer.statusCode !== 201)) expect(refused.statusCode, refused.body).toBe(409);
        const active = await t.db.$count(widgetSectionOptions, eq(widgetSectionOptions.sectionId, section.id));
        expect(active).toBe(limit);
      }
    }
  });
});
