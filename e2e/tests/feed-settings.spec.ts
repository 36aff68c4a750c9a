import { MESSAGES } from '@facet/contract/messages';
import { DIAMOND_MESSAGES } from '@facet/contract/modules/diamonds/diamond.schema';
import type { DiamondListRow } from '@facet/contract/modules/diamonds/diamond.schema';
import type { Page } from '@playwright/test';
import { expect as baseExpect } from '@playwright/test';
import { ADMIN, columnOf, countRequests, login, openMenuEntry, test } from '../support.ts';

/**
 * System > Feed Settings (/system/service/settings): the Nivoda connection and schedule, whose
 * password is never shown again once saved, and the USD to GBP rate, whose save reprices every stone
 * with the job's progress in place. The e2e server's feed is generated (global-setup.ts), so the
 * credentials saved here are never used to call anyone.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

const openFeedSettings = (page: Page) => openMenuEntry(page, 'System', 'Feed Settings', /\/system\/service\/settings$/);

/** The price of a stone in the list of earth mined diamonds, found by its SKU. */
async function listedPrice(page: Page, sku: string): Promise<string> {
  await page.goto(`/diamonds?sku=${encodeURIComponent(sku)}`);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: sku });
  await expect(row).toHaveCount(1);
  return (await row.locator(await columnOf(page, 'Price (£)')).textContent()) ?? '';
}

test('feed settings: the Nivoda connection is saved with its password masked, refusals show under their fields', async ({ page }) => {
  test.slow();
  await login(page, ADMIN.username, ADMIN.password);
  await openFeedSettings(page);
  const card = page.getByRole('region', { name: 'Nivoda connection and schedule' });
  await expect(card).toBeVisible();

  // Refused in the form, with the contract's messages under each field, and nothing sent.
  const saves = countRequests(page, 'PUT', '/api/nivoda-settings');
  await card.getByLabel('Nivoda endpoint').fill('not an address');
  await card.getByLabel('Read changes every (minutes)').fill('2');
  await card.getByRole('button', { name: 'Submit' }).click();
  await expect(card.getByText(MESSAGES.invalidUrl)).toBeVisible();
  await expect(card.getByText(DIAMOND_MESSAGES.incrementalMinutesRange)).toBeVisible();
  expect(saves()).toBe(0);

  const password = 'Feed-secret-7';
  await card.getByLabel('Nivoda endpoint').fill('http://127.0.0.1:4010/api/diamonds');
  await card.getByLabel('Username').fill('shop@example.com');
  await card.getByLabel('Password').fill(password);
  await card.getByLabel('Read changes every (minutes)').fill('30');
  await card.getByLabel('Full sync every (hours)').fill('12');
  await card.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();
  await expect(card.getByText('Configured', { exact: true })).toBeVisible();
  // The password is never shown again: the field is empty, says one is saved, and the page holds no copy.
  await expect(card.getByLabel('Password')).toHaveValue('');
  await expect(card.getByLabel('Password')).toHaveAttribute('placeholder', '•••••••• (saved)');
  await expect(card).toContainText('A password is saved and never shown.');
  expect(await page.content()).not.toContain(password);
  await page.screenshot({ path: 'test-results/feed-settings.png', fullPage: true });

  // After a reload the values are the saved ones, still without the password; the API never answers it.
  await page.reload();
  await expect(card.getByLabel('Username')).toHaveValue('shop@example.com');
  await expect(card.getByLabel('Read changes every (minutes)')).toHaveValue('30');
  await expect(card.getByLabel('Password')).toHaveValue('');
  const answer = await page.request.get('/api/nivoda-settings');
  expect(await answer.text()).not.toContain(password);
  expect(await answer.json()).toMatchObject({ username: 'shop@example.com', passwordIsSet: true, incrementalMinutes: 30, fullSyncHours: 12 });

  // Saved again with the password left blank: the stored one stays.
  await card.getByLabel('Full sync every (hours)').fill('24');
  await card.getByRole('button', { name: 'Submit' }).click();
  await expect(card.getByLabel('Full sync every (hours)')).toHaveValue('24');
  await expect.poll(async () => (await (await page.request.get('/api/nivoda-settings')).json()) as unknown).toMatchObject({ passwordIsSet: true, fullSyncHours: 24 });

  // Typing an endpoint on another address warns, before Submit, that the saved password will be cleared.
  await card.getByLabel('Nivoda endpoint').fill('https://feeds.example.com/graphql');
  await expect(card.getByRole('alert')).toHaveText(DIAMOND_MESSAGES.feedPasswordClearedOnMove);
  await card.getByLabel('Nivoda endpoint').fill('http://127.0.0.1:4010/other-path');
  await expect(card.getByRole('alert')).toHaveCount(0);
  await card.getByRole('button', { name: 'Cancel' }).click();

  // The service screen reads the schedule.
  await page.getByRole('button', { name: 'Import Services' }).click();
  await expect(page).toHaveURL(/\/system\/service$/);
  await expect(page.getByText('changes every 30 minutes, everything every 24 hours')).toBeVisible();
});

test('exchange rate: a new rate reprices the stones, its progress shown in place, and the price in the list changes', async ({ page }) => {
  test.slow();
  await login(page, ADMIN.username, ADMIN.password);
  // An earth mined stone for sale (the list's default type), and the rate as it is.
  const listed = (await (await page.request.get('/api/diamonds?pageSize=1&sort=price&order=desc')).json()) as { items: DiamondListRow[] };
  const stone = listed.items[0]!;
  expect(stone.isLab).toBe(false);
  const before = (await (await page.request.get('/api/diamonds/exchange-rate')).json()) as { rate: string | null; date: string | null };
  const priceBefore = await listedPrice(page, stone.sku);

  await openFeedSettings(page);
  const card = page.getByRole('region', { name: 'Exchange rate' });
  const rate = card.getByLabel('USD to GBP rate');
  if (before.rate) await expect(rate).toHaveValue(before.rate);

  // Refusals under the field, nothing saved.
  await rate.fill('');
  await card.getByRole('button', { name: 'Save rate' }).click();
  await expect(card.getByText(MESSAGES.required)).toBeVisible();
  await rate.fill('0,79');
  await card.getByRole('button', { name: 'Save rate' }).click();
  await expect(card.getByText(DIAMOND_MESSAGES.exchangeRateInvalid)).toBeVisible();

  const newRate = before.rate === '0.9' ? '0.95' : '0.9';
  await rate.fill(newRate);
  await expect(card).toContainText(`$1,000.00 × ${newRate} = £${(1000 * Number(newRate)).toFixed(2)} before the markup band.`);
  await card.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByText(DIAMOND_MESSAGES.exchangeRateSaved)).toBeVisible();
  const repricing = card.getByRole('status', { name: 'Repricing' });
  await expect(repricing.getByLabel(/^Progress of job \d+$/)).toBeVisible();
  await expect(repricing.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/^Repricing finished: [\d,]+ stones have a new price\.$/)).toBeVisible();
  await page.screenshot({ path: 'test-results/exchange-rate.png', fullPage: true });

  // The same rate again: saved, nothing to reprice.
  await card.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByText(DIAMOND_MESSAGES.exchangeRateUnchanged)).toBeVisible();

  // The stone's price in the list follows the new rate; its working names it.
  const priceAfter = await listedPrice(page, stone.sku);
  expect(priceAfter).not.toBe(priceBefore);
  await page.getByRole('button', { name: `View ${stone.sku}` }).click();
  const modal = page.getByRole('dialog').filter({ hasText: 'Price working' });
  await expect(modal.getByRole('list', { name: 'Price working' })).toContainText(`× ${newRate} = £`);

  // Put the demo's rate back for the journeys that follow (its repricing runs on its own).
  if (before.rate && before.date) expect((await page.request.put('/api/diamonds/exchange-rate', { data: { rate: before.rate, date: before.date } })).status()).toBe(200);
});
