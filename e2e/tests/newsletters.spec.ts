import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN, confirmDialog, login, openMenuEntry, selectOption, test, uniqueName } from '../support.ts';

/**
 * Newsletters and subscribers through Klaviyo (document 3 §2.9; issue 25 items 5-7). The journeys'
 * server talks to a fake Klaviyo (e2e/global-setup.ts); the demo itself has none configured.
 */

const KLAVIYO_KEY = process.env.FAKE_KLAVIYO_KEY ?? '';
const KLAVIYO_LIST = process.env.FAKE_KLAVIYO_LIST ?? '';

/** From the newsletters' list: Klaviyo Settings, save, and Back to the list. */
async function saveKlaviyoSettings(page: Page, apiKey: string) {
  // The header's (the notice shown while Klaviyo is not configured has one too).
  await page.getByRole('button', { name: 'Klaviyo Settings' }).first().click();
  await expect(page.getByRole('heading', { name: 'Klaviyo Settings' })).toBeVisible();
  await page.getByLabel('Private API Key').fill(apiKey);
  await page.getByLabel('Subscribers List Id').fill(KLAVIYO_LIST);
  await page.getByRole('button', { name: 'Save' }).click();
  // The last toast: a save just before may still show its own.
  await expect(page.getByText('Record updated successfully').last()).toBeVisible();
  await expect(page.getByText('A key is saved; leave blank to keep it')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/newsletter\/list$/);
}

// Several screens and Klaviyo calls each; a loaded machine (six builds at once) needs more than the default minute.
test.describe.configure({ timeout: 240_000 });

test('newsletters: a wrong Klaviyo key is said plainly; schedule a newsletter in Klaviyo and cancel it', async ({ page }) => {
  expect(KLAVIYO_KEY, 'the fake Klaviyo of global-setup').not.toBe('');
  await login(page, ADMIN.username, ADMIN.password);
  await openMenuEntry(page, 'Newsletter', 'Subscribers List', /\/newsletter\/subscribers$/);
  await page.getByRole('button', { name: 'Newsletters' }).click();
  await expect(page).toHaveURL(/\/newsletter\/list$/);
  await expect(page.getByRole('heading', { name: 'Newsletters' })).toBeVisible();
  for (const column of ['Template', 'Scheduled On', 'Status', 'Created Date']) await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();

  // A wrong (or expired) key: the Add form says Klaviyo refused it, and offers nothing to send.
  await saveKlaviyoSettings(page, 'pk_wrong_key');
  await page.getByRole('button', { name: 'Add Newsletter' }).click();
  await expect(page.getByText('Klaviyo could not be read')).toBeVisible();
  await expect(page.getByText(/Klaviyo refused the private key/)).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();

  await saveKlaviyoSettings(page, KLAVIYO_KEY);
  await page.getByRole('button', { name: 'Add Newsletter' }).click();
  await expect(page).toHaveURL(/\/newsletter\/add$/);
  await expect(page.getByRole('heading', { name: 'Add Newsletter' })).toBeVisible();

  // Required fields, checked before anything is sent.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('This is required field')).toHaveCount(2);

  await selectOption(page.getByLabel('Template', { exact: true }), 'Diamond Guide');
  await page.getByLabel('Selected e-mails').check();
  // A multiple select stays open after a choice: Escape closes it before the next field.
  await selectOption(page.getByLabel('E-mails', { exact: true }), 'klaviyo.member2@example.com');
  await page.keyboard.press('Escape');
  await selectOption(page.getByLabel('Exclude E-mails', { exact: true }), 'klaviyo.member3@example.com');
  await page.keyboard.press('Escape');
  const when = new Date(Date.now() + 3 * 24 * 3600_000);
  const typed = `${String(when.getMonth() + 1).padStart(2, '0')}/${String(when.getDate()).padStart(2, '0')}/${when.getFullYear()} 10:30 AM`;
  const schedule = page.getByLabel('Scheduled On');
  await schedule.click();
  // Typed, then confirmed with the panel's OK (which closes it, so it covers nothing).
  await expect(async () => {
    await schedule.fill(typed);
    await page.locator('.ant-picker-dropdown:visible').getByRole('button', { name: 'OK' }).click({ timeout: 3_000 });
    await expect(page.getByText(/Goes out at .* UTC\./)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Record added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/newsletter\/list/);

  // Newest first: the one just scheduled, Pending, with its Cancel.
  await page.getByPlaceholder('Search by template').fill('Diamond Guide');
  await expect(page).toHaveURL(/search=Diamond/);
  const row = page.getByRole('row', { name: /Diamond Guide/ }).first();
  await expect(row.getByText('Pending')).toBeVisible();
  await row.getByRole('button', { name: 'Cancel Diamond Guide' }).click();
  await confirmDialog(page, 'Cancel Newsletter?', 'Yes');
  await expect(page.getByText('Newsletter cancelled successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /Diamond Guide/ }).first().getByText('Cancelled')).toBeVisible();
  await expect(page.getByRole('row', { name: /Diamond Guide/ }).first().getByRole('button', { name: /Cancel/ })).toHaveCount(0);
});

test('subscribers: a storefront sign-up is listed, found by search and deactivated', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  const email = `${uniqueName('sub')}@example.com`.toLowerCase();
  const created = await page.request.post('/api/api-keys', { data: { name: `journey ${email}`, scopes: ['newsletter:write'] } });
  expect(created.status(), await created.text()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  const subscribed = await page.request.post('/api/storefront/v1/newsletter/subscribers', { headers: { authorization: `Bearer ${key}` }, data: { email } });
  expect(subscribed.status(), await subscribed.text()).toBe(201);

  await openMenuEntry(page, 'Newsletter', 'Subscribers List', /\/newsletter\/subscribers$/);
  await expect(page.getByRole('heading', { name: 'Subscribers List' })).toBeVisible();
  for (const column of ['Email', 'Created Date', 'Status']) await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export Excel' })).toBeVisible();
  await page.getByPlaceholder('Search by email').fill(email);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Deactivate ${email}` }).click();
  await confirmDialog(page, 'Inactive subscriber?', 'Yes');
  await expect(page.getByText('Subscriber inactivated successfully')).toBeVisible();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Deactivate/ })).toHaveCount(0);
});
