import { expect } from '@playwright/test';
import { ADMIN, holdRequests, login, test } from '../support.ts';

/**
 * While a list's data is on the way the table shows its spinner and nothing else: antd would draw
 * its empty text ('No data') under the spinner, telling staff the list is empty when it is not.
 */
test.beforeEach(async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
});

test('a resource list shows its spinner alone while loading, first and after a search', async ({ page }) => {
  const table = page.locator('.ant-table-wrapper');
  const noData = table.locator('.ant-empty-description', { hasText: 'No data' });
  let release = await holdRequests(page, '/api/categories');
  await page.goto('/categories');
  await expect(table.locator('.ant-spin-spinning')).toBeVisible();
  await expect(noData).toHaveCount(0);
  await page.screenshot({ path: '/tmp/list-loading.png' });
  release();
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);

  // A search that finds nothing says so once loaded...
  await page.unrouteAll({ behavior: 'wait' });
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill('no-category-is-called-this');
  await expect(noData).toBeVisible();
  // ...and the next search shows the spinner alone again, not the last answer's 'No data'.
  release = await holdRequests(page, '/api/categories');
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill('rings');
  await expect(table.locator('.ant-spin-spinning')).toBeVisible();
  await expect(noData).toHaveCount(0);
  release();
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
});

test('the navigation menu shows its loading state alone, without "No disabled menus."', async ({ page }) => {
  const release = await holdRequests(page, '/api/navigation-menu/tree');
  await page.goto('/system/navigation-menu');
  const disabledMenus = page.locator('.ant-card').filter({ hasText: 'Disabled Menus' });
  await expect(disabledMenus.locator('.ant-spin-spinning')).toBeVisible();
  await expect(page.getByText('No disabled menus.')).toHaveCount(0);
  await expect(disabledMenus.locator('.ant-empty')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/navigation-menu-loading.png' });
  release();
  await expect(page.locator('.ant-tree')).toBeVisible();
  await expect(disabledMenus.locator('.ant-spin-spinning')).toHaveCount(0);
});
