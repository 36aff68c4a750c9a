import { MESSAGES } from '@facet/contract/messages';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN, confirmDialog, login, sidebar, test } from '../support.ts';

const rowOf = (page: Page, label: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });

test('Cache Management: generate the products cache as a job, clear it, and clear all', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await sidebar(page).getByRole('link', { name: 'Cache Management' }).click();
  await expect(page).toHaveURL(/\/cacheManagement$/);
  await expect(page.getByRole('heading', { name: 'Cache Management' })).toBeVisible();

  // Reset is offered for Products, Diamonds and Diamond Combinations only.
  const products = rowOf(page, 'Products');
  await expect(products.getByRole('button', { name: 'Reset Products' })).toBeVisible();
  await expect(rowOf(page, 'Categories').getByRole('button', { name: 'Reset Categories' })).toHaveCount(0);

  // Generate runs as a job; the row shows the documents built and when, once it ends.
  await products.getByRole('button', { name: 'Generate Products' }).click();
  await expect(page.getByText(MESSAGES.cacheGenerated)).toBeVisible({ timeout: 30_000 });
  await expect(products.getByRole('cell').nth(1)).not.toHaveText('0');
  await expect(products).toContainText(/\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)/);
  await expect(products).toContainText(/\d (bytes|KB|MB)/);

  // Clear asks first, then empties the key.
  await products.getByRole('button', { name: 'Clear Products' }).click();
  await confirmDialog(page, MESSAGES.clearCacheConfirm, 'Clear');
  await expect(page.getByText(MESSAGES.cacheCleared)).toBeVisible();
  await expect(products).toContainText('Not generated');
  await expect(products.getByRole('cell').nth(1)).toHaveText('0');

  // Diamonds: one document per stone for sale among the demo's stones.
  const diamonds = rowOf(page, 'Diamonds');
  await diamonds.getByRole('button', { name: 'Generate Diamonds' }).click();
  await expect(diamonds).toContainText(/\d{2}\/\d{2}\/\d{4}/, { timeout: 30_000 });
  await expect(diamonds.getByRole('cell').nth(1)).toHaveText(/^[1-9][\d,]*$/);

  // Sync Product rebuilds the products cache.
  await page.getByRole('button', { name: 'Sync Product' }).click();
  await expect(page.getByText(MESSAGES.productsSynced)).toBeVisible({ timeout: 30_000 });
  await expect(products.getByRole('cell').nth(1)).not.toHaveText('0');
  await page.screenshot({ path: 'test-results/cache-management.png', fullPage: true });

  // Clear All empties every key.
  await page.getByRole('button', { name: 'Clear All' }).click();
  await confirmDialog(page, MESSAGES.clearCacheConfirm, 'Clear');
  await expect(page.getByText(MESSAGES.cacheCleared).first()).toBeVisible();
  await expect(products).toContainText('Not generated');
  await expect(diamonds).toContainText('Not generated');
});

test('Products list: Sync Products rebuilds the products cache', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/products');
  await page.getByRole('button', { name: 'Sync Products' }).click();
  await expect(page.getByText(MESSAGES.productsSynced)).toBeVisible({ timeout: 30_000 });
});
