import { MESSAGES } from '@facet/contract/messages';
import { categoryInputSchema, categoryResource, ROOT_CATEGORY_ID } from '@facet/contract/modules/categories/category.schema';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp, jobWhenEnded } from '../../test/test-app.ts';
import { testImage, upload } from '../../test/upload.ts';
import { seedDemoProductAttributes } from '../product-attributes/product-attribute.demo.ts';
import { productAttributes } from '../product-attributes/product-attribute.table.ts';
import { seedDemoCategories } from './category.demo.ts';
import { categories } from './category.table.ts';

type Body = Record<string, unknown>;

const validCategory = (n: number): Body => ({
  name: `Category ${n}`,
  title: `Category title ${n}`,
  slug: `category-${n}`,
  metaTitle: `Category ${n} | Facet Jewellers`,
  faqs: [{ question: 'Can I resize my ring?', answer: 'Yes, one free resize within 60 days.' }],
  exploreMore: [{ title: 'Ring size guide', link: 'https://www.facet.example/ring-size-guide' }],
});

describeCrudResource({
  resource: categoryResource,
  validInput: (n) => validCategory(n),
  updateChange: (n) => ({ name: `Renamed ${n}`, slug: `renamed-${n}`, faqs: [{ question: 'Is it hallmarked?', answer: 'Every piece is hallmarked in London.' }] }),
  invalid: [
    { name: 'a missing name', input: (v) => ({ ...v, name: '   ' }), field: 'name', message: MESSAGES.required },
    { name: 'a name over 255 characters', input: (v) => ({ ...v, name: 'N'.repeat(256) }), field: 'name', message: MESSAGES.maxLength(255) },
    { name: 'a missing title', input: (v) => ({ ...v, title: '' }), field: 'title', message: MESSAGES.required },
    { name: 'a missing slug', input: (v) => ({ ...v, slug: '  ' }), field: 'slug', message: MESSAGES.required },
    { name: 'a slug over 50 characters', input: (v) => ({ ...v, slug: 's'.repeat(51) }), field: 'slug', message: MESSAGES.maxLength(50) },
    { name: 'a meta keyword over 255 characters', input: (v) => ({ ...v, metaKeyword: 'k'.repeat(256) }), field: 'metaKeyword', message: MESSAGES.maxLength(255) },
    { name: 'a slug with markup', input: (v) => ({ ...v, slug: '<script>alert(1)</script>' }), field: 'slug', message: MESSAGES.lettersDigitsDashes },
    { name: 'a nested slug', input: (v) => ({ ...v, slug: 'rings/engagement' }), field: 'slug', message: MESSAGES.lettersDigitsDashes },
    { name: 'a meta title with markup', input: (v) => ({ ...v, metaTitle: '</title><script>alert(1)</script>' }), field: 'metaTitle', message: MESSAGES.noAngleBrackets },
    { name: 'a meta title over 255 characters', input: (v) => ({ ...v, metaTitle: 'm'.repeat(256) }), field: 'metaTitle', message: MESSAGES.maxLength(255) },
    { name: 'a meta keyword with markup', input: (v) => ({ ...v, metaKeyword: 'rings"><script>alert(1)</script>' }), field: 'metaKeyword', message: MESSAGES.noAngleBrackets },
    { name: 'a meta description with markup', input: (v) => ({ ...v, metaDescription: '<img src=x onerror=alert(1)>' }), field: 'metaDescription', message: MESSAGES.noAngleBrackets },
    { name: 'a meta description over 500 characters', input: (v) => ({ ...v, metaDescription: 'd'.repeat(501) }), field: 'metaDescription', message: MESSAGES.maxLength(500) },
    { name: 'an offer banner slug with markup', input: (v) => ({ ...v, offerBannerSlug1: '"><script>alert(1)</script>' }), field: 'offerBannerSlug1', message: MESSAGES.storefrontPath },
    { name: 'an offer banner slug with a scheme', input: (v) => ({ ...v, offerBannerSlug2: 'javascript:alert(1)' }), field: 'offerBannerSlug2', message: MESSAGES.storefrontPath },
    { name: 'an offer banner slug to another site', input: (v) => ({ ...v, offerBannerSlug1: '//evil.example/offer' }), field: 'offerBannerSlug1', message: MESSAGES.storefrontPath },
    { name: 'an offer banner slug over 255 characters', input: (v) => ({ ...v, offerBannerSlug1: 's'.repeat(256) }), field: 'offerBannerSlug1', message: MESSAGES.maxLength(255) },
    { name: 'a negative after-products number', input: (v) => ({ ...v, afterProducts1: -1 }), field: 'afterProducts1', message: 'The value must be at least 0.' },
    { name: 'a negative order number', input: (v) => ({ ...v, orderNo: -1 }), field: 'orderNo', message: 'The value must be at least 0.' },
    { name: 'an unknown parent', input: (v) => ({ ...v, parentId: 987654 }), field: 'parentId', message: MESSAGES.unknownCategory },
    { name: 'a banner that is not an upload', input: (v) => ({ ...v, desktopBannerImage: 'https://elsewhere.example/banner.png' }), field: 'desktopBannerImage', message: MESSAGES.invalidFile },
  ],
});

describe('categories: rules of the aggregate', () => {
  let t: TestApp;
  let admin: string;
  let counter = 1000;
  /** Product attributes by name, for filter options. */
  const attribute: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    for (const name of ['Metal', 'Shape', 'Carat', 'Colour', 'Clarity', 'Ring Size']) {
      const [row] = await t.db
        .insert(productAttributes)
        .values({ attributeName: name, attributeCode: `filter${name.replace(' ', '')}`, inputType: 'dropdown' })
        .returning({ id: productAttributes.id });
      attribute[name] = row!.id;
    }
  });
  afterAll(() => t.close());

  const liveRows = async () => (await t.db.select({ total: count() }).from(categories))[0]!.total;
  const post = (body: Body) => t.request(admin, { method: 'POST', url: '/api/categories', payload: body });
  const get = async (id: number) => (await t.request(admin, { method: 'GET', url: `/api/categories/${id}` })).json();
  const put = (id: number, body: Body) => t.request(admin, { method: 'PUT', url: `/api/categories/${id}`, payload: body });
  async function create(overrides: Body = {}) {
    const response = await post({ ...validCategory(++counter), ...overrides });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  /** Sends a bad body and checks the 400 names the nested field with the message, and that nothing was written. */
  async function expectRefused(body: Body, path: (string | number)[], message: string) {
    const before = await liveRows();
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.issues).toContainEqual({ path, message });
    expect(await liveRows()).toBe(before);
  }

  it('capitalises and trims name and title, turns inner whitespace of the slug into dashes, and fills the defaults', async () => {
    const response = await post({ name: '  engagement rings  ', title: ' engagement rings for IGI diamonds ', slug: '  engagement   rings uk ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Engagement rings',
      title: 'Engagement rings for IGI diamonds',
      slug: 'engagement-rings-uk',
      parentId: ROOT_CATEGORY_ID,
      parentName: null,
      orderNo: 0,
      sizeAttributeId: 0,
      status: true,
      afterProducts1: null,
      faqs: [],
      exploreMore: [],
      filterOptions: [],
    });
  });

  it('takes an offer banner slug as a storefront path with a query', async () => {
    const created = await create({ offerBannerSlug1: 'engagement-rings', offerBannerSlug2: 'rings/engagement?metal=platinum&shape=oval' });
    expect(created).toMatchObject({ offerBannerSlug1: 'engagement-rings', offerBannerSlug2: 'rings/engagement?metal=platinum&shape=oval' });
  });

  it('needs a question and an answer in each FAQ', async () => {
    await expectRefused({ ...validCategory(++counter), faqs: [{ question: '', answer: 'Yes.' }] }, ['faqs', 0, 'question'], MESSAGES.required);
    await expectRefused({ ...validCategory(++counter), faqs: [{ question: 'Free delivery?', answer: ' ' }] }, ['faqs', 0, 'answer'], MESSAGES.required);
  });

  it('needs a title and a valid link of at most 255 characters in each Explore More entry', async () => {
    const entry = (title: string, link: string) => ({ ...validCategory(++counter), exploreMore: [{ title, link }] });
    await expectRefused(entry('', 'https://www.facet.example/'), ['exploreMore', 0, 'title'], MESSAGES.required);
    await expectRefused(entry('Guides', ''), ['exploreMore', 0, 'link'], MESSAGES.required);
    await expectRefused(entry('Guides', `https://www.facet.example/${'a'.repeat(240)}`), ['exploreMore', 0, 'link'], MESSAGES.maxLength(255));
    await expectRefused(entry('Guides', 'not a url'), ['exploreMore', 0, 'link'], MESSAGES.invalidUrl);
    await expectRefused(entry('Guides', 'javascript:alert(1)'), ['exploreMore', 0, 'link'], MESSAGES.invalidUrl);
  });

  it('refuses an attribute chosen twice in the filter options', async () => {
    const { Metal, Shape } = attribute;
    await expectRefused(
      { ...validCategory(++counter), filterOptions: [{ attributeId: Metal }, { attributeId: Shape }, { attributeId: Metal }] },
      ['filterOptions', 2, 'attributeId'],
      MESSAGES.attributeChosenTwice,
    );
    // Reported at once beside the other fields' problems, not after they are fixed.
    await expectRefused({ ...validCategory(++counter), name: '', filterOptions: [{ attributeId: Metal }, { attributeId: Metal }] }, ['filterOptions', 1, 'attributeId'], MESSAGES.attributeChosenTwice);
  });

  it('refuses filter options and a size attribute that are not live product attributes', async () => {
    await expectRefused({ ...validCategory(++counter), filterOptions: [{ attributeId: attribute.Metal }, { attributeId: 424242 }] }, ['filterOptions', 1, 'attributeId'], MESSAGES.unknownAttribute);
    await expectRefused({ ...validCategory(++counter), sizeAttributeId: 424242 }, ['sizeAttributeId'], MESSAGES.unknownAttribute);
    const sized = await create({ sizeAttributeId: attribute['Ring Size'] });
    expect(sized.sizeAttributeId).toBe(attribute['Ring Size']);
  });

  it('keeps an attribute that a category filters by or sizes with from being deleted', async () => {
    const [gem] = await t.db.insert(productAttributes).values({ attributeName: 'Gemstone', attributeCode: 'gemstone', inputType: 'dropdown' }).returning({ id: productAttributes.id });
    const category = await create({ filterOptions: [{ attributeId: gem!.id }] });
    expect(category.filterOptions).toEqual([{ attributeId: gem!.id, sortOrder: 0, attributeName: 'Gemstone' }]);
    const refused = await t.request(admin, { method: 'DELETE', url: `/api/product-attributes/${gem!.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MESSAGES.inUse('This attribute', 'categories'));
    await t.request(admin, { method: 'DELETE', url: `/api/categories/${category.id}` });
    expect((await t.request(admin, { method: 'DELETE', url: `/api/product-attributes/${gem!.id}` })).statusCode).toBe(204);
  });

  it('stores the footer description sanitised: no scripts, event handlers or javascript: links', async () => {
    const created = await create({
      footerTitle: 'Why buy from us',
      footerDescription: '<p onclick="steal()">Conflict-free <strong>diamonds</strong><script>alert(1)</script> <a href="javascript:alert(2)">more</a> <img src="x" onerror="alert(3)"></p>',
    });
    expect(created.footerDescription).toContain('<strong>diamonds</strong>');
    for (const banned of ['<script', 'onclick', 'onerror', 'javascript:', 'steal()']) expect(created.footerDescription).not.toContain(banned);
  });

  it('shows the parent by name, and no name (a dash on screen) under the root', async () => {
    const rings = await create({ name: 'Rings' });
    const engagement = await create({ name: 'Engagement', parentId: rings.id });
    expect(engagement.parentName).toBe('Rings');
    expect(rings.parentName).toBeNull();
    const list = (await t.request(admin, { method: 'GET', url: '/api/categories', query: { search: 'Engagement', pageSize: '100' } })).json();
    expect(list.items.find((item: Body) => item.id === engagement.id).parentName).toBe('Rings');
  });

  it('refuses moving a category under itself or under its own child (400 on the parent), changing nothing', async () => {
    const rings = await create({ name: 'Rings' });
    const engagement = await create({ name: 'Engagement', parentId: rings.id });
    const solitaire = await create({ name: 'Solitaire', parentId: engagement.id });
    for (const parentId of [rings.id, engagement.id, solitaire.id]) {
      const response = await put(rings.id, { ...validCategory(++counter), parentId, version: rings.version });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.issues).toEqual([{ path: ['parentId'], message: MESSAGES.categoryCycle }]);
    }
    expect(await get(rings.id)).toEqual(rings);
    const sideways = await put(solitaire.id, { ...validCategory(++counter), parentId: rings.id, version: solitaire.version });
    expect(sideways.statusCode, sideways.body).toBe(200);
  });

  it('keeps the root (id 1) out of the list and refuses to change or delete it', async () => {
    const root = await get(ROOT_CATEGORY_ID);
    expect(root).toMatchObject({ id: ROOT_CATEGORY_ID, parentId: null });
    const list = (await t.request(admin, { method: 'GET', url: '/api/categories', query: { pageSize: '100' } })).json();
    expect(list.items.map((item: Body) => item.id)).not.toContain(ROOT_CATEGORY_ID);
    const attempts = [
      put(ROOT_CATEGORY_ID, { ...validCategory(++counter), version: root.version }),
      t.request(admin, { method: 'PATCH', url: `/api/categories/${ROOT_CATEGORY_ID}/status`, payload: { status: false, version: root.version } }),
      t.request(admin, { method: 'DELETE', url: `/api/categories/${ROOT_CATEGORY_ID}` }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(MESSAGES.rootCategoryLocked);
    }
    expect(await get(ROOT_CATEGORY_ID)).toEqual(root);
  });

  it('refuses deleting a category that has subcategories or a navigation menu entry', async () => {
    const parent = await create();
    const child = await create({ parentId: parent.id });
    const blocked = await t.request(admin, { method: 'DELETE', url: `/api/categories/${parent.id}` });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe(MESSAGES.categoryHasChildren);
    expect((await t.request(admin, { method: 'DELETE', url: `/api/categories/${child.id}` })).statusCode).toBe(204);
    expect((await t.request(admin, { method: 'DELETE', url: `/api/categories/${parent.id}` })).statusCode).toBe(204);

    const inMenu = await create();
    const menuItem = await t.request(admin, {
      method: 'POST',
      url: '/api/navigation-menu',
      payload: { title: 'Rings', description: 'All rings', menuType: 'category', categoryId: inMenu.id, sortOrder: 0, status: true },
    });
    expect(menuItem.statusCode, menuItem.body).toBe(201);
    const refused = await t.request(admin, { method: 'DELETE', url: `/api/categories/${inMenu.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MESSAGES.categoryInMenu);
  });

  it('refuses a bulk delete whole when a selected category has subcategories or a menu entry, naming each; the root is never selected', async () => {
    const bulk = async (body: Body) => {
      const started = await t.request(admin, { method: 'POST', url: '/api/categories/bulk', payload: body });
      expect(started.statusCode, started.body).toBe(202);
      return jobWhenEnded(t, admin, started.json().id);
    };
    const parent = await create({ name: 'Bulk parent' });
    await create({ name: 'Bulk child', parentId: parent.id });
    const linked = await create({ name: 'Bulk linked' });
    const free = await create({ name: 'Bulk free' });
    const menuItem = await t.request(admin, {
      method: 'POST',
      url: '/api/navigation-menu',
      payload: { title: 'Linked', description: 'Linked', menuType: 'category', categoryId: linked.id, sortOrder: 0, status: true },
    });
    expect(menuItem.statusCode, menuItem.body).toBe(201);

    const refused = await bulk({ action: 'delete', ids: [parent.id, linked.id, free.id] });
    expect(refused.status).toBe('failed');
    expect(refused.error).toBe(
      MESSAGES.bulkBlocked(2, 3, `"${parent.slug}" (#${parent.id}): ${MESSAGES.categoryHasChildren} "${linked.slug}" (#${linked.id}): ${MESSAGES.categoryInMenu}`),
    );
    for (const kept of [parent, linked, free]) expect((await get(kept.id)).id).toBe(kept.id);

    // The root (id 1) is no list row: ticked or filtered, it is never selected, never switched or deleted.
    const root = await get(ROOT_CATEGORY_ID);
    expect((await bulk({ action: 'status', status: false, ids: [ROOT_CATEGORY_ID] })).result).toMatchObject({ selected: 1, matched: 0, changed: 0 });
    expect((await bulk({ action: 'delete', ids: [ROOT_CATEGORY_ID, free.id] })).result).toMatchObject({ selected: 2, matched: 1, changed: 1 });
    expect(await get(ROOT_CATEGORY_ID)).toEqual(root);
  });

  it('frees the slug of a deleted category for a new one', async () => {
    const first = await create({ slug: 'gift-cards' });
    expect((await post({ ...validCategory(++counter), slug: 'Gift-Cards' })).statusCode).toBe(409);
    await t.request(admin, { method: 'DELETE', url: `/api/categories/${first.id}` });
    expect((await post({ ...validCategory(++counter), slug: 'gift-cards' })).statusCode).toBe(201);
  });

  it('saves the whole aggregate in one request: filter options in order, FAQs and links replaced on update', async () => {
    const { Metal, Shape, Carat, Colour } = attribute;
    const created = await create({ filterOptions: [{ attributeId: Carat }, { attributeId: Metal }, { attributeId: Shape }] });
    expect(created.filterOptions.map((o: Body) => [o.attributeName, o.sortOrder])).toEqual([['Carat', 0], ['Metal', 1], ['Shape', 2]]);
    const updated = await put(created.id, {
      ...validCategory(++counter),
      filterOptions: [{ attributeId: Shape }, { attributeId: Colour }],
      faqs: [{ question: 'Do you ship abroad?', answer: 'We ship to the UK and the EU.' }, { question: 'Gift wrap?', answer: 'Always free.' }],
      exploreMore: [],
      version: created.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().filterOptions.map((o: Body) => o.attributeName)).toEqual(['Shape', 'Colour']);
    expect(updated.json().faqs).toHaveLength(2);
    expect(updated.json().exploreMore).toEqual([]);
  });

  it('saves a new filter option order at once, as an update with a version check', async () => {
    const { Metal, Shape, Carat } = attribute;
    const created = await create({ filterOptions: [{ attributeId: Metal }, { attributeId: Shape }, { attributeId: Carat }] });
    const url = `/api/categories/${created.id}/filter-options/order`;
    const namesOf = (record: { filterOptions: Body[] }) => record.filterOptions.map((o) => o.attributeName);
    const reordered = await t.request(admin, { method: 'PUT', url, payload: { version: created.version, attributeIds: [Carat, Metal, Shape] } });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(namesOf(reordered.json())).toEqual(['Carat', 'Metal', 'Shape']);
    expect(reordered.json().version).toBe(created.version + 1);
    expect(namesOf(await get(created.id))).toEqual(['Carat', 'Metal', 'Shape']);

    const stale = await t.request(admin, { method: 'PUT', url, payload: { version: created.version, attributeIds: [Metal, Shape, Carat] } });
    expect(stale.statusCode).toBe(409);
    const changed = await t.request(admin, { method: 'PUT', url, payload: { version: reordered.json().version, attributeIds: [Carat, Metal] } });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.message).toBe(MESSAGES.filterOptionsChanged);
    expect(namesOf(await get(created.id))).toEqual(['Carat', 'Metal', 'Shape']);
  });

  it('takes images only from uploads made for them: a banner from a raster upload, the icon from an svg upload', async () => {
    const banner = (await upload(t, admin, 'category-image', { fileName: 'banner.webp', bytes: await testImage('webp') })).json();
    const icon = (
      await upload(t, admin, 'category-icon', { fileName: 'ring.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle r="4"/></svg>') })
    ).json();
    const created = await create({ desktopBannerImage: banner.url, mobileBannerImage: banner.url, offerImage1: banner.url, image: icon.url });
    expect(created).toMatchObject({ desktopBannerImage: banner.url, image: icon.url });
    await expectRefused({ ...validCategory(++counter), offerImage2: icon.url }, ['offerImage2'], MESSAGES.invalidFile);
    await expectRefused({ ...validCategory(++counter), image: banner.url }, ['image'], MESSAGES.invalidFile);
  });

  it('gives the category tree (root included) to the screens that choose categories', async () => {
    const diamonds = await create({ name: 'Diamonds' });
    const lab = await create({ name: 'Lab grown', parentId: diamonds.id, isDiamondCategory: true });
    const menuEditor = await t.createUserWith(['system']);
    const response = await t.request(menuEditor.cookie, { method: 'GET', url: '/api/categories/tree' });
    expect(response.statusCode).toBe(200);
    const nodes = response.json();
    expect(nodes).toContainEqual(expect.objectContaining({ id: ROOT_CATEGORY_ID, parentId: null }));
    expect(nodes).toContainEqual(expect.objectContaining({ id: lab.id, parentId: diamonds.id, name: 'Lab grown', slug: lab.slug, status: true, isDiamondCategory: true }));
    const blogger = await t.createUserWith(['blogs']);
    expect((await t.request(blogger.cookie, { method: 'GET', url: '/api/categories/tree' })).statusCode).toBe(403);
  });

  it('writes nothing at all when one part of the aggregate is refused', async () => {
    const created = await create();
    const response = await put(created.id, {
      ...validCategory(++counter),
      name: 'Changed name',
      faqs: [{ question: 'New?', answer: 'Yes.' }],
      mobileBannerImage: '/media/00000000000000000000000000000000.png',
      version: created.version,
    });
    expect(response.statusCode).toBe(400);
    expect(await get(created.id)).toEqual(created);
    expect((await t.db.select().from(categories).where(eq(categories.id, created.id)))[0]!.version).toBe(created.version);
  });

  it('seeds a demo jewellery tree that keeps every rule of the form', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.db.transaction(async (tx) => {
        const context = { adminId: 1, permissionIds: new Map<string, number>() };
        await seedDemoProductAttributes(tx, context);
        await seedDemoCategories(tx, context);
      });
      const cookie = await fresh.login();
      const nodes: { id: number; parentId: number | null; name: string; isDiamondCategory: boolean }[] = (
        await fresh.request(cookie, { method: 'GET', url: '/api/categories/tree' })
      ).json();
      const childrenOf = (name: string) => {
        const parent = nodes.find((node) => node.name === name)!;
        return nodes.filter((node) => node.parentId === parent.id);
      };
      expect(childrenOf('Rings').map((node) => node.name)).toEqual(expect.arrayContaining(['Engagement Rings', 'Wedding Rings', 'Eternity Rings']));
      expect(childrenOf('Earrings').map((node) => node.name)).toContain('Studs');
      expect(childrenOf('Diamonds').filter((node) => node.isDiamondCategory).map((node) => node.name)).toEqual(['Natural Diamonds', 'Lab Grown Diamonds']);
      for (const top of ['Rings', 'Earrings', 'Necklaces', 'Pendants', 'Bracelets', 'Diamonds']) {
        expect(nodes.find((node) => node.name === top)?.parentId, top).toBe(ROOT_CATEGORY_ID);
      }
      for (const node of nodes.filter((n) => n.id !== ROOT_CATEGORY_ID)) {
        const record = (await fresh.request(cookie, { method: 'GET', url: `/api/categories/${node.id}` })).json();
        expect(categoryInputSchema.safeParse(record).success, node.name).toBe(true);
        expect(record.metaTitle, node.name).not.toBe('');
      }
      const engagementId = nodes.find((node) => node.name === 'Engagement Rings')!.id;
      const engagement = (await fresh.request(cookie, { method: 'GET', url: `/api/categories/${engagementId}` })).json();
      expect(engagement.faqs.length).toBeGreaterThan(1);
      expect(engagement.exploreMore.length).toBeGreaterThan(0);
      expect(engagement.filterOptions.map((option: Body) => option.attributeName)).toEqual(['Bridal Shape', 'Metal', 'Setting Style']);
    } finally {
      await fresh.close();
    }
  });
});
