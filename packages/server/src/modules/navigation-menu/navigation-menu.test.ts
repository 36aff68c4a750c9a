import { MESSAGES } from '@facet/contract/messages';
import { ROOT_CATEGORY_ID } from '@facet/contract/modules/categories/category.schema';
import { navigationMenuResource } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { testImage, upload } from '../../test/upload.ts';
import { auditLog } from '../../db/audit.table.ts';
import { categories } from '../categories/category.table.ts';
import { navigationMenuItems } from './navigation-menu.table.ts';

const customLink = (n: number) => ({
  title: `Engagement ${n}`,
  description: 'Solitaire, halo and trilogy engagement rings.',
  menuType: 'custom_link',
  link: `https://www.facet-jewellery.co.uk/engagement-rings-${n}`,
  sortOrder: n,
  cssClass: 'menu-rings',
  image: '',
  status: true,
});

describeCrudResource({
  resource: navigationMenuResource,
  validInput: customLink,
  updateChange: (n) => ({ title: `Rings ${n}`, sortOrder: n + 100 }),
  invalid: [
    { name: 'a missing title', input: (v) => ({ ...v, title: ' ' }), field: 'title', message: MESSAGES.required },
    { name: 'a title over 50 characters', input: (v) => ({ ...v, title: 't'.repeat(51) }), field: 'title', message: MESSAGES.maxLength(50) },
    { name: 'a missing description', input: ({ description: _d, ...v }) => v, field: 'description', message: MESSAGES.required },
    { name: 'a description over 1000 characters', input: (v) => ({ ...v, description: 'd'.repeat(1001) }), field: 'description', message: MESSAGES.maxLength(1000) },
    { name: 'a missing menu type', input: ({ menuType: _m, ...v }) => v, field: 'menuType', message: MESSAGES.required },
    { name: 'a custom link without a link', input: (v) => ({ ...v, link: '' }), field: 'link', message: MESSAGES.required },
    {
      name: 'a custom link over 255 characters',
      input: (v) => ({ ...v, link: `https://www.facet-jewellery.co.uk/${'a'.repeat(230)}` }),
      field: 'link',
      message: MESSAGES.maxLength(255),
    },
    { name: 'a custom link that is not a URL', input: (v) => ({ ...v, link: 'engagement rings' }), field: 'link', message: MESSAGES.invalidUrl },
    { name: 'a javascript: custom link', input: (v) => ({ ...v, link: 'javascript:alert(1)' }), field: 'link', message: MESSAGES.invalidUrl },
    { name: 'a custom link that is not a URL beside an empty title', input: (v) => ({ ...v, title: '', link: 'engagement rings' }), field: 'link', message: MESSAGES.invalidUrl },
    { name: 'a category item without a category', input: (v) => ({ ...v, menuType: 'category', categoryId: null }), field: 'categoryId', message: MESSAGES.required },
    { name: 'a page item without a page', input: (v) => ({ ...v, menuType: 'page' }), field: 'pageId', message: MESSAGES.required },
    { name: 'a page item with an unknown page', input: (v) => ({ ...v, menuType: 'page', pageId: 999999 }), field: 'pageId', message: MESSAGES.unknownPage },
    { name: 'a missing sort order', input: ({ sortOrder: _s, ...v }) => v, field: 'sortOrder', message: MESSAGES.required },
    { name: 'a negative sort order', input: (v) => ({ ...v, sortOrder: -1 }), field: 'sortOrder', message: 'The value must be at least 0.' },
    { name: 'an image that is not an upload', input: (v) => ({ ...v, image: 'https://evil.example/x.png' }), field: 'image', message: MESSAGES.invalidFile },
    { name: 'a CSS class over 200 characters', input: (v) => ({ ...v, cssClass: 'c'.repeat(201) }), field: 'cssClass', message: MESSAGES.maxLength(200) },
    { name: 'a CSS class with markup', input: (v) => ({ ...v, cssClass: '"><script>alert(1)</script>' }), field: 'cssClass', message: MESSAGES.cssClasses },
    { name: 'a CSS class with a style breakout', input: (v) => ({ ...v, cssClass: 'menu" style="display:none' }), field: 'cssClass', message: MESSAGES.cssClasses },
    { name: 'a CSS class starting with a digit', input: (v) => ({ ...v, cssClass: 'icon 2col' }), field: 'cssClass', message: MESSAGES.cssClasses },
  ],
});

describe('navigation menu: tree, order and targets', () => {
  let t: TestApp;
  let admin: string;
  let counter = 0;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(() => t.close());

  const createItem = async (body: Record<string, unknown> = {}) => {
    const response = await t.request(admin, { method: 'POST', url: '/api/navigation-menu', payload: { ...customLink(++counter), ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; version: number; parentId: number | null; sortOrder: number };
  };
  const createPage = async (slug: string) => {
    const response = await t.request(admin, {
      method: 'POST',
      url: '/api/content-pages',
      payload: { title: `Page ${slug}`, slug, metaTitle: 'Meta', metaKeywords: 'k', metaDescription: 'd', content: '<p>x</p>', status: true },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; title: string };
  };
  const saveOrder = (items: { id: number; parentId: number | null; sortOrder: number }[], cookie = admin) =>
    t.request(cookie, { method: 'PUT', url: '/api/navigation-menu/order', payload: { items } });
  const placeOf = async (id: number) => {
    const [row] = await t.db.select().from(navigationMenuItems).where(eq(navigationMenuItems.id, id));
    return { parentId: row!.parentId, sortOrder: row!.sortOrder };
  };
  /** A chain of `levels` items, each under the previous one; returns their ids top first. */
  const chain = async (levels: number) => {
    const ids: number[] = [];
    for (let i = 0; i < levels; i++) ids.push((await createItem()).id);
    const order = ids.map((id, i) => ({ id, parentId: i === 0 ? null : ids[i - 1]!, sortOrder: 0 }));
    const response = await saveOrder(order);
    expect(response.statusCode, response.body).toBe(204);
    return ids;
  };

  it('keeps only the target of the chosen menu type: a page item drops a stray link, no URL check', async () => {
    const page = await createPage('about-us');
    const item = await t.request(admin, {
      method: 'POST',
      url: '/api/navigation-menu',
      payload: { ...customLink(++counter), menuType: 'page', pageId: page.id, link: 'not a url at all', categoryId: 7 },
    });
    expect(item.statusCode, item.body).toBe(201);
    expect(item.json()).toMatchObject({ menuType: 'page', pageId: page.id, link: '', categoryId: null, targetName: page.title, parentId: null });
    const blank = await createItem({ menuType: 'blank', link: '' });
    expect(blank).toMatchObject({ menuType: 'blank', link: '', pageId: null, categoryId: null });
  });

  it('points a category item at a live category below the root, named in the tree', async () => {
    const [rings] = await t.db.insert(categories).values({ name: 'Rings', title: 'Rings', slug: 'rings', parentId: ROOT_CATEGORY_ID }).returning();
    const [gone] = await t.db
      .insert(categories)
      .values({ name: 'Watches', title: 'Watches', slug: 'watches', parentId: ROOT_CATEGORY_ID, deletedAt: new Date() })
      .returning();
    const item = await createItem({ menuType: 'category', categoryId: rings!.id });
    expect(item).toMatchObject({ menuType: 'category', categoryId: rings!.id, targetName: 'Rings', link: '' });
    for (const categoryId of [ROOT_CATEGORY_ID, gone!.id, 999999]) {
      const refused = await t.request(admin, { method: 'POST', url: '/api/navigation-menu', payload: { ...customLink(++counter), menuType: 'category', categoryId } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.issues).toEqual([{ path: ['categoryId'], message: MESSAGES.unknownCategory }]);
    }
  });

  it('lists the whole menu, enabled and disabled, in order', async () => {
    const second = await createItem({ sortOrder: 2, title: 'Second' });
    const first = await createItem({ sortOrder: 1, title: 'First', status: false });
    const response = await t.request(admin, { method: 'GET', url: '/api/navigation-menu/tree' });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { id: number; status: boolean }[];
    const ids = items.map((i) => i.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(items.find((i) => i.id === first.id)!.status).toBe(false);
  });

  it('saves a rearranged tree in one request: parents and order, with one audit row', async () => {
    const top = await createItem();
    const childA = await createItem();
    const childB = await createItem();
    const response = await saveOrder([
      { id: top.id, parentId: null, sortOrder: 0 },
      { id: childB.id, parentId: top.id, sortOrder: 0 },
      { id: childA.id, parentId: top.id, sortOrder: 1 },
    ]);
    expect(response.statusCode, response.body).toBe(204);
    expect(await placeOf(childB.id)).toEqual({ parentId: top.id, sortOrder: 0 });
    expect(await placeOf(childA.id)).toEqual({ parentId: top.id, sortOrder: 1 });
    const read = (await t.request(admin, { method: 'GET', url: `/api/navigation-menu/${childA.id}` })).json();
    expect(read).toMatchObject({ parentId: top.id, version: childA.version + 1 });
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'navigation_menu_item'), eq(auditLog.action, 'reorder')));
    expect(audits.some((a) => JSON.stringify(a.after).includes(`"${childA.id}"`))).toBe(true);
  });

  it('allows 4 levels and refuses a 5th, changing nothing', async () => {
    const ids = await chain(4);
    const fifth = await createItem();
    const other = await createItem();
    const before = await placeOf(other.id);
    const response = await saveOrder([
      { id: other.id, parentId: null, sortOrder: 99 },
      { id: fifth.id, parentId: ids[3]!, sortOrder: 0 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: ['items'], message: MESSAGES.menuTooDeep(4) }]);
    expect(await placeOf(fifth.id)).toEqual({ parentId: null, sortOrder: expect.any(Number) });
    expect(await placeOf(other.id)).toEqual(before);
  });

  it('counts the levels of a moved subtree: a 2-level branch under a 3rd level is refused', async () => {
    const ids = await chain(3);
    const branch = await chain(2);
    const response = await saveOrder([{ id: branch[0]!, parentId: ids[2]!, sortOrder: 0 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.menuTooDeep(4));
    expect((await placeOf(branch[0]!)).parentId).toBeNull();
  });

  it('refuses a cycle: an item under its own child', async () => {
    const [parent, child] = await chain(2);
    const response = await saveOrder([{ id: parent!, parentId: child!, sortOrder: 0 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.menuCycle);
    const self = await saveOrder([{ id: child!, parentId: child!, sortOrder: 0 }]);
    expect(self.json().error.message).toBe(MESSAGES.menuCycle);
    expect((await placeOf(parent!)).parentId).toBeNull();
  });

  it('refuses unknown, deleted or repeated items, and an empty order', async () => {
    const item = await createItem();
    const gone = await createItem();
    expect((await t.request(admin, { method: 'DELETE', url: `/api/navigation-menu/${gone.id}` })).statusCode).toBe(204);
    const unknown = await saveOrder([{ id: 999999, parentId: null, sortOrder: 0 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(MESSAGES.unknownMenuItems('999999'));
    const underDeleted = await saveOrder([{ id: item.id, parentId: gone.id, sortOrder: 0 }]);
    expect(underDeleted.statusCode).toBe(400);
    expect(underDeleted.json().error.message).toBe(MESSAGES.unknownMenuItems(String(item.id)));
    const twice = await saveOrder([
      { id: item.id, parentId: null, sortOrder: 0 },
      { id: item.id, parentId: null, sortOrder: 1 },
    ]);
    expect(twice.json().error.message).toBe(MESSAGES.menuItemTwice);
    const empty = await saveOrder([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues).toContainEqual({ path: ['items'], message: MESSAGES.selectAtLeastOne });
  });

  it('refuses deleting an item that has sub-menus, and a content page that a menu item points at', async () => {
    const [parent, child] = await chain(2);
    const refused = await t.request(admin, { method: 'DELETE', url: `/api/navigation-menu/${parent}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MESSAGES.menuHasChildren);
    expect((await t.request(admin, { method: 'DELETE', url: `/api/navigation-menu/${child}` })).statusCode).toBe(204);
    expect((await t.request(admin, { method: 'DELETE', url: `/api/navigation-menu/${parent}` })).statusCode).toBe(204);

    const page = await createPage('returns-policy');
    const item = await createItem({ menuType: 'page', pageId: page.id });
    const pageDelete = await t.request(admin, { method: 'DELETE', url: `/api/content-pages/${page.id}` });
    expect(pageDelete.statusCode).toBe(409);
    expect(pageDelete.json().error.message).toBe(MESSAGES.pageInMenu);
    await t.request(admin, { method: 'DELETE', url: `/api/navigation-menu/${item.id}` });
    expect((await t.request(admin, { method: 'DELETE', url: `/api/content-pages/${page.id}` })).statusCode).toBe(204);
  });

  it('offers the live content pages as targets to a user with only the system permission', async () => {
    const page = await createPage('engraving-service');
    const manager = await t.createUserWith(['system']);
    const response = await t.request(manager.cookie, { method: 'GET', url: '/api/navigation-menu/page-options' });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toContainEqual({ id: page.id, title: page.title, slug: 'engraving-service', status: true });
    await t.request(admin, { method: 'DELETE', url: `/api/content-pages/${page.id}` });
    const after = await t.request(manager.cookie, { method: 'GET', url: '/api/navigation-menu/page-options' });
    expect(after.json().items.map((p: { id: number }) => p.id)).not.toContain(page.id);
  });

  it('takes an image uploaded for menu items by a system user, and refuses one uploaded for categories', async () => {
    const manager = await t.createUserWith(['system', 'categories']);
    const menuImage = await upload(t, manager.cookie, 'navigation-menu-image', { fileName: 'rings.webp', bytes: await testImage('webp') });
    expect(menuImage.statusCode, menuImage.body).toBe(201);
    const item = await t.request(manager.cookie, { method: 'POST', url: '/api/navigation-menu', payload: { ...customLink(++counter), image: menuImage.json().url } });
    expect(item.statusCode, item.body).toBe(201);
    expect(item.json().image).toBe(menuImage.json().url);
    const categoryImage = await upload(t, manager.cookie, 'category-image', { fileName: 'banner.png', bytes: await testImage('png') });
    const refused = await t.request(manager.cookie, { method: 'POST', url: '/api/navigation-menu', payload: { ...customLink(++counter), image: categoryImage.json().url } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([{ path: ['image'], message: MESSAGES.invalidFile }]);
  });

  it('needs the system permission for the tree and the order', async () => {
    const editor = await t.createUserWith(['content_management', 'categories']);
    expect((await t.request(editor.cookie, { method: 'GET', url: '/api/navigation-menu/tree' })).statusCode).toBe(403);
    const item = await createItem();
    const response = await saveOrder([{ id: item.id, parentId: null, sortOrder: 42 }], editor.cookie);
    expect(response.statusCode).toBe(403);
    expect((await placeOf(item.id)).sortOrder).not.toBe(42);
    const manager = await t.createUserWith(['system']);
    expect((await t.request(manager.cookie, { method: 'GET', url: '/api/navigation-menu/tree' })).statusCode).toBe(200);
  });
});
