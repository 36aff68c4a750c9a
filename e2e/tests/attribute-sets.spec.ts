import { MESSAGES } from '@facet/contract/messages';
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { describeListJourney, fieldError, submitForm } from '../list-journey.ts';
import { ADMIN, login, signInApi, test, uniqueName } from '../support.ts';

// Drags take a while on a busy machine; the shared list journey gets the same room.
test.describe.configure({ timeout: 120_000 });

const general = { name: 'General', isDefault: true, attributeIds: [] };
const set = (name: string) => ({ name, status: true, groups: [general] });

const unassigned = (page: Page) => page.getByTestId('unassigned-attributes');
const group = (page: Page, name: string) => page.getByTestId('attribute-group').filter({ has: page.getByTestId('group-name').getByText(name, { exact: true }) });
const chip = (scope: Locator, name: string) => scope.getByTestId('attribute-chip').filter({ hasText: new RegExp(`^${name}$`) });

/** Drags with the mouse as a person would: press, move in steps (dnd-kit starts after 4 px), release over the target. */
async function drag(page: Page, item: Locator, target: Locator) {
  await item.scrollIntoViewIfNeeded();
  const from = (await item.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 12, { steps: 12 });
  await page.mouse.up();
}

/** The drop area of a group (its body, below the title). */
const dropArea = (card: Locator) => card.locator('.ant-card-body');

async function addGroup(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Group' });
  await dialog.getByLabel('Group Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

describeListJourney({
  name: 'attribute sets',
  listPath: '/attribute/attributeset',
  addButton: 'Add Attribute Set',
  apiPath: '/api/attribute-sets',
  hasStatus: true,
  listData: async (run) => ({
    searchTerm: run,
    records: [
      { body: set(`${run} Anklets`), rowText: `${run} Anklets` },
      { body: set(`${run} Brooches`), rowText: `${run} Brooches` },
    ],
  }),
  sorts: [
    { column: 'Name', url: /sort=name&order=asc/, order: [0, 1] },
    { column: 'Created Date', url: /sort=createdAt&order=asc/, order: [0, 1] },
  ],
  async fillNew(page, run) {
    await page.getByLabel('Name', { exact: true }).fill(`${run} Cufflinks`);
    await expect(chip(unassigned(page), 'Vendor')).toBeVisible();
    await drag(page, chip(unassigned(page), 'Vendor'), dropArea(group(page, 'General')));
    await expect(chip(group(page, 'General'), 'Vendor')).toBeVisible();
    return `${run} Cufflinks`;
  },
  async edit(page, run) {
    await expect(chip(group(page, 'General'), 'Vendor')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(`${run} Cufflinks and Studs`);
    return `${run} Cufflinks and Studs`;
  },
  async rejectForm(page) {
    await submitForm(page);
    await expect(fieldError(page, 'Name')).toHaveText(MESSAGES.required);
    // Valid in the browser, refused by the server: the demo shop already has a set named Rings.
    await page.getByLabel('Name', { exact: true }).fill('RINGS');
    await submitForm(page);
    await expect(fieldError(page, 'Name')).toHaveText(MESSAGES.duplicate('Attribute Set'));
  },
});

test('an attribute set built by drag and drop: two groups, saved, reopened, a group renamed, the last group kept', async ({ page }) => {
  const name = uniqueName('Charms');
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/attribute/attributeset');
  await page.getByRole('button', { name: 'Add Attribute Set' }).click();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);

  // A group name is required and unique in the set, case-insensitively.
  await page.getByRole('button', { name: 'Add Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Group' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.locator('.ant-form-item-explain')).toHaveText(MESSAGES.required);
  await dialog.getByLabel('Group Name').fill('general');
  await expect(dialog.locator('.ant-form-item-explain')).toHaveText(MESSAGES.groupExists);
  await dialog.getByLabel('Group Name').fill('Metal & Stone');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await addGroup(page, 'Sizing');

  // Into groups, then from one group to another.
  await drag(page, chip(unassigned(page), 'Metal'), dropArea(group(page, 'Metal & Stone')));
  await expect(chip(group(page, 'Metal & Stone'), 'Metal')).toBeVisible();
  await drag(page, chip(unassigned(page), 'Gemstone'), dropArea(group(page, 'Metal & Stone')));
  await drag(page, chip(unassigned(page), 'Ring Size'), dropArea(group(page, 'Metal & Stone')));
  await expect(chip(group(page, 'Metal & Stone'), 'Ring Size')).toBeVisible();
  await drag(page, chip(group(page, 'Metal & Stone'), 'Ring Size'), dropArea(group(page, 'Sizing')));
  await expect(chip(group(page, 'Sizing'), 'Ring Size')).toBeVisible();
  await expect(chip(group(page, 'Metal & Stone'), 'Ring Size')).toHaveCount(0);
  await expect(chip(unassigned(page), 'Ring Size')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/attribute-set-form.png', fullPage: true });

  await submitForm(page);
  await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/attribute\/attributeset$/);
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(name);
  await expect(page).toHaveURL(new RegExp(`search=${name}`));
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/attribute-set-list.png', fullPage: true });

  // Reopened: the groups and their attributes as saved.
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await expect(chip(group(page, 'Metal & Stone'), 'Metal')).toBeVisible();
  await expect(chip(group(page, 'Metal & Stone'), 'Gemstone')).toBeVisible();
  await expect(chip(group(page, 'Sizing'), 'Ring Size')).toBeVisible();

  // The default group cannot be renamed; another can, and not onto a taken name.
  await expect(page.getByRole('button', { name: 'Rename group General' })).toBeDisabled();
  await page.getByRole('button', { name: 'Rename group Sizing' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Group' });
  await expect(rename.getByLabel('Group Name')).toHaveValue('Sizing');
  await rename.getByLabel('Group Name').fill('METAL & STONE');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename.locator('.ant-form-item-explain')).toHaveText(MESSAGES.groupExists);
  await rename.getByLabel('Group Name').fill('Size & Fit');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await expect(chip(group(page, 'Size & Fit'), 'Ring Size')).toBeVisible();

  // Deleting groups: their attributes go back; the default group stays ('oops'), also as the last group.
  await page.getByRole('button', { name: 'Delete group Size & Fit' }).click();
  await expect(chip(unassigned(page), 'Ring Size')).toBeVisible();
  await page.getByRole('button', { name: 'Delete group General' }).click();
  let oops = page.getByRole('dialog').filter({ hasText: 'Oops!' });
  await expect(oops).toContainText(MESSAGES.defaultGroupNotDeletable);
  await oops.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Delete group Metal & Stone' }).click();
  await page.getByRole('button', { name: 'Delete group General' }).click();
  oops = page.getByRole('dialog').filter({ hasText: 'Oops!' });
  await expect(oops).toContainText(MESSAGES.defaultGroupNotDeletable);
  await expect(oops).toContainText(MESSAGES.atLeastOneGroup);
  await page.screenshot({ path: '/tmp/attribute-set-oops.png', fullPage: true });
  await oops.getByRole('button', { name: 'OK' }).click();
  await expect(group(page, 'General')).toBeVisible();

  await submitForm(page);
  await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();
  const saved = (await (await page.request.get(`/api/attribute-sets?search=${name}`)).json()).items[0];
  expect(saved.groups.map((g: { name: string }) => g.name)).toEqual(['General']);
});

test('the unassigned attributes are searched, and groups are reordered by drag and drop and saved in that order', async ({ page, request }) => {
  const name = uniqueName('Bangles');
  await signInApi(request);
  const created = await request.post('/api/attribute-sets', {
    data: { name, status: true, groups: [general, { name: 'Stones', isDefault: false, attributeIds: [] }, { name: 'Sizing', isDefault: false, attributeIds: [] }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await login(page, ADMIN.username, ADMIN.password);
  await page.goto(`/attribute/attributeset/edit/${id}`);
  await expect(chip(unassigned(page), 'Metal')).toBeVisible();

  // The search narrows the unassigned list by name or code, any case.
  const search = page.getByLabel('Search unassigned attributes');
  await search.fill('RING');
  await expect(chip(unassigned(page), 'Ring Size')).toBeVisible();
  await expect(chip(unassigned(page), 'Metal')).toHaveCount(0);
  for (const text of await unassigned(page).getByTestId('attribute-chip').allTextContents()) expect(text.toLowerCase()).toContain('ring');
  await search.fill('no attribute is called this');
  await expect(unassigned(page).getByTestId('attribute-chip')).toHaveCount(0);
  await expect(unassigned(page)).toContainText('No unassigned attribute matches the search');
  // A found attribute is dragged from the narrowed list as from the whole one.
  await search.fill('gemst');
  await drag(page, chip(unassigned(page), 'Gemstone'), dropArea(group(page, 'Stones')));
  await expect(chip(group(page, 'Stones'), 'Gemstone')).toBeVisible();
  await search.fill('');
  // The box first, then the list it narrows: a CI run once failed here with 'gemst' still in the box.
  await expect(search).toHaveValue('');
  await expect(chip(unassigned(page), 'Metal')).toBeVisible();
  await expect(chip(unassigned(page), 'Gemstone')).toHaveCount(0);

  // Groups move by the handle in their title: Sizing to the top, then Stones above General.
  const names = page.getByTestId('attribute-group').getByTestId('group-name');
  await expect(names).toHaveText(['General', 'Stones', 'Sizing']);
  await dragGroup(page, 'Sizing', 'General');
  await expect(names).toHaveText(['Sizing', 'General', 'Stones']);
  await dragGroup(page, 'Stones', 'General');
  await expect(names).toHaveText(['Sizing', 'Stones', 'General']);
  await expect(chip(group(page, 'Stones'), 'Gemstone')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/attribute-set-form.png', fullPage: true });

  await submitForm(page);
  await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();
  const saved = (await (await request.get(`/api/attribute-sets/${id}`)).json()) as { groups: { name: string; isDefault: boolean }[] };
  expect(saved.groups.map((g) => g.name)).toEqual(['Sizing', 'Stones', 'General']);
  expect(saved.groups.find((g) => g.isDefault)?.name).toBe('General');

  // Reopened in the saved order.
  await page.goto(`/attribute/attributeset/edit/${id}`);
  await expect(names).toHaveText(['Sizing', 'Stones', 'General']);
  await expect(chip(group(page, 'Stones'), 'Gemstone')).toBeVisible();
});

/** Drags a group by its handle onto the place of another group (its handle lands on the other's). */
async function dragGroup(page: Page, name: string, ontoName: string) {
  const handle = page.getByRole('button', { name: `Move group ${name}` });
  const target = page.getByRole('button', { name: `Move group ${ontoName}` });
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}
