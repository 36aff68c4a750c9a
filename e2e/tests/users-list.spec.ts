import { MESSAGES } from '@facet/contract/messages';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN, columnOf, confirmDialog, createUser, login, signInApi, test, uniqueName } from '../support.ts';

/** The Username cells of the table, top to bottom. */
async function usernames(page: Page) {
  return page.locator(`.ant-table-tbody tr.ant-table-row ${await columnOf(page, 'Username')}`).allTextContents();
}

test('users list: search, sort, status switch, delete and Excel export, kept in the URL', async ({ page, request }) => {
  await signInApi(request);
  const roles = (await (await request.get('/api/roles?search=Sales%20Clerk')).json()) as { items: { id: number }[] };
  const prefix = uniqueName('lst');
  const names = [`${prefix}b`, `${prefix}c`, `${prefix}a`];
  for (const name of names) await createUser(request, name, [roles.items[0]!.id]);

  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/users');

  // Search is sent after a pause in typing and lands in the URL.
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(prefix);
  await expect(page).toHaveURL(new RegExp(`search=${prefix}`));
  await expect.poll(() => usernames(page)).toHaveLength(3);

  // Default order is newest first; sorting by Username asks the server, both ways.
  await page.getByRole('columnheader', { name: 'Username' }).click();
  await expect(page).toHaveURL(/sort=name&order=asc/);
  await expect.poll(() => usernames(page)).toEqual([`${prefix}a`, `${prefix}b`, `${prefix}c`]);
  await page.getByRole('columnheader', { name: 'Username' }).click();
  await expect(page).toHaveURL(/order=desc/);
  await expect.poll(() => usernames(page)).toEqual([`${prefix}c`, `${prefix}b`, `${prefix}a`]);

  // Reload restores search and sort from the URL.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search', exact: true })).toHaveValue(prefix);
  await expect.poll(() => usernames(page)).toEqual([`${prefix}c`, `${prefix}b`, `${prefix}a`]);

  // Status switch asks first, then changes the record.
  const rowC = page.getByRole('row', { name: new RegExp(`${prefix}c`) });
  await rowC.getByRole('switch').click();
  await expect(page.getByRole('dialog')).toContainText(MESSAGES.statusConfirmText(false));
  await confirmDialog(page, MESSAGES.statusConfirmTitle, 'Yes');
  await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();
  await expect(rowC.getByRole('switch')).toHaveAttribute('aria-checked', 'false');

  // Delete asks first, then the row is gone.
  await page.getByRole('row', { name: new RegExp(`${prefix}b`) }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText(MESSAGES.deleteConfirmText);
  await confirmDialog(page, MESSAGES.deleteConfirmTitle, 'Delete');
  await expect(page.getByText(MESSAGES.recordDeleted)).toBeVisible();
  await expect.poll(() => usernames(page)).toEqual([`${prefix}c`, `${prefix}a`]);

  // Export sends the list's filters and downloads an .xlsx workbook.
  const exportRequest = page.waitForRequest('**/api/users/export?**');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Excel' }).click();
  expect((await exportRequest).url()).toContain(`search=${prefix}`);
  const file = await download;
  expect(file.suggestedFilename()).toBe('users.xlsx');
  const stream = await file.createReadStream();
  const [firstChunk] = await stream.toArray();
  expect((firstChunk as Buffer).subarray(0, 2).toString()).toBe('PK');
});

test('Back and Cancel from a form return to the list with its query', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/users?search=a&sort=email&order=desc');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page).toHaveURL(/\/users\/add$/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/users\?search=a&sort=email&order=desc$/);

  await page.getByRole('row', { name: /sarah/ }).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('sarah');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/users\?search=a&sort=email&order=desc$/);
});
