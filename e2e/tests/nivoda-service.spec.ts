import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect } from '@playwright/test';
import { ADMIN, confirmDialog, login, openMenuEntry, test } from '../support.ts';

/**
 * System > Import Services and System > Nivoda Logs (document 3 §2.1, §3 service log): a sync
 * started from the service screen shows its job's progress in place, ends, and lands in the log with
 * its counts. The e2e server's feed is generated (DIAMOND_FEED=generated:3000, global-setup.ts).
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const logRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');


/** A service card's "Stones on offer". */
const onOffer = async (card: Locator) => Number((await card.locator('.ant-statistic').filter({ hasText: 'Stones on offer' }).locator('.ant-statistic-content-value').innerText()).replaceAll(',', ''));

/** Nivoda Logs filtered to one service, once its rows are on screen. */
async function showLogOf(page: Page, kind: 'natural' | 'lab' | 'gemstone') {
  await page.goto(`/system/nivoda-logs?kind=${kind}`);
  await expect(logRows(page).first()).toBeVisible();
}

test('import services: start a sync, watch its progress, see it in Nivoda Logs, stop the service', async ({ page }) => {
  test.slow();
  await login(page, ADMIN.username, ADMIN.password);

  // The demo's log: finished runs and one that failed with the supplier's error.
  await openMenuEntry(page, 'System', 'Nivoda Logs', /\/system\/nivoda-logs$/);
  for (const header of ['Service Name', 'Download', 'Insert into Database', 'Start Time', 'End Time', 'Total Count', 'Added', 'Updated', 'Repriced', 'Removed', 'Error Message']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  // Other journeys add runs (repricing after a rate or band change), so each service's runs are
  // counted in the log filtered to that service (the filter lives in the address).
  await showLogOf(page, 'lab');
  await expect(logRows(page).filter({ hasText: 'Nivoda answered 503' })).toContainText('Failed');
  await showLogOf(page, 'natural');
  const runsBefore = await logRows(page).filter({ hasText: 'Natural Diamonds' }).count();

  await openMenuEntry(page, 'System', 'Import Services', /\/system\/service$/);
  const health = page.locator('.ant-card').filter({ hasText: 'Feed health' });
  await expect(health).toContainText('Natural Diamonds on offer');
  await expect(health).toContainText('Lab Grown Diamonds on offer');
  const natural = page.getByRole('region', { name: 'Natural Diamonds', exact: true });
  await expect(natural).toContainText('Off');

  // Start (changes only; the first run reads everything): the job's progress shows in the card, then Succeeded.
  await natural.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Service started.')).toBeVisible();
  await expect(natural.getByLabel(/^Progress of job \d+$/)).toBeVisible();
  await expect(natural.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Natural Diamonds: sync finished.')).toBeVisible();
  await expect(natural).toContainText('On');
  await expect(natural).toContainText('3,000 stones');
  await page.screenshot({ path: 'test-results/import-services.png', fullPage: true });

  // Nivoda Logs: the run, finished, with its counts.
  await page.getByRole('button', { name: 'Nivoda Logs' }).click();
  await expect(page).toHaveURL(/\/system\/nivoda-logs$/);
  await showLogOf(page, 'natural');
  await expect.poll(() => logRows(page).filter({ hasText: 'Natural Diamonds' }).count()).toBe(runsBefore + 1);
  const run = logRows(page).first();
  await expect(run).toContainText('Natural Diamonds');
  await expect(run).toContainText('Incremental sync');
  await expect(run).toContainText('Done');
  await expect(run).not.toContainText('Running');
  await expect(run).toContainText('3,000');

  // Stop switches the service off again (no scheduled syncs for the rest of the run).
  await page.getByRole('button', { name: 'Import Services' }).click();
  await natural.getByRole('button', { name: 'Stop' }).click();
  await confirmDialog(page, 'Stop Natural Diamonds?', 'Stop');
  await expect(page.getByText('Natural Diamonds stopped.')).toBeVisible();
  await expect(natural).toContainText('Off');
});

test('import services: the Gemstones service syncs gemstones, which land in Nivoda Logs and under Gemstones', async ({ page }) => {
  test.slow();
  await login(page, ADMIN.username, ADMIN.password);
  await openMenuEntry(page, 'System', 'Import Services', /\/system\/service$/);
  await expect(page.locator('.ant-card').filter({ hasText: 'Feed health' })).toContainText('Gemstones on offer');
  const gemstones = page.getByRole('region', { name: 'Gemstones', exact: true });
  await expect(gemstones).toContainText('Off');
  const gemstonesBefore = await onOffer(gemstones);

  // A full sync: the generated feed offers 300 gemstones (a tenth of its 3,000 a kind).
  await gemstones.getByText('Full sync', { exact: true }).click();
  await gemstones.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Service started.')).toBeVisible();
  await expect(gemstones.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Gemstones: sync finished.')).toBeVisible();
  await expect(gemstones).toContainText('300 stones (300 added');
  await page.screenshot({ path: 'test-results/import-services-gemstones.png', fullPage: true });

  await page.getByRole('button', { name: 'Nivoda Logs' }).click();
  await showLogOf(page, 'gemstone');
  const run = logRows(page).first();
  await expect(run).toContainText('Gemstones');
  await expect(run).toContainText('Full sync');
  await expect(run).toContainText('Done');

  // Back on the service screen: the 300 are on offer as gemstones, beside the demo's.
  await page.getByRole('button', { name: 'Import Services' }).click();
  await expect.poll(() => onOffer(gemstones)).toBe(gemstonesBefore + 300);
  await gemstones.getByRole('button', { name: 'Stop' }).click();
  await confirmDialog(page, 'Stop Gemstones?', 'Stop');
  await expect(gemstones).toContainText('Off');
});
