import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN, createRole, createUser, login, openMenuEntry, signInApi, test, TEST_PASSWORD, uniqueName } from '../support.ts';

/** A storefront key with the statistics scope, made by the admin through the API. */
async function statisticsKey(request: APIRequestContext) {
  await signInApi(request);
  const created = await request.post('/api/api-keys', { data: { name: uniqueName('stats '), scopes: ['statistics:write', 'ring-requests:write'] } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { key: string }).key;
}

async function sendSearch(request: APIRequestContext, key: string, keyword: string, results: number) {
  const sent = await request.post('/api/storefront/v1/searches', { data: { keyword, results }, headers: { authorization: `Bearer ${key}` } });
  expect(sent.status(), await sent.text()).toBe(202);
}

test('dashboard as admin: the four cards, the sales chart, Best Sellers, Most Viewed, and the tabs with a search just made', async ({ page, request }) => {
  // Many widgets, each its own request: a loaded machine takes its time.
  test.slow();
  const key = await statisticsKey(request);
  const keyword = uniqueName('sapphire halo ').toLowerCase();
  await sendSearch(request, key, keyword, 4);
  await sendSearch(request, key, keyword, 6);

  // Counted once its event is delivered: waited for through the API the tab reads.
  await expect
    .poll(async () => ((await (await request.get(`/api/search-terms?search=${encodeURIComponent(keyword)}`)).json()) as { items: { uses: number }[] }).items[0]?.uses, { timeout: 30_000 })
    .toBe(2);

  await login(page, ADMIN.username, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  for (const card of ['Online Orders', 'Total Diamonds', 'Total Products', 'Customers']) await expect(page.getByRole('link', { name: `${card}: open the list` })).toBeVisible();
  await expect(page.getByText(/^Natural [\d,]+ · Lab [\d,]+$/)).toBeVisible();
  await expect(page.getByText('Sales, last 30 days')).toBeVisible();
  await expect(page.getByRole('img', { name: /Takings per day over the last 30 days/ })).toBeVisible();
  const bestSellers = page.locator('.ant-card').filter({ hasText: 'Best Sellers' });
  await expect(bestSellers.getByRole('columnheader', { name: 'Quantity' })).toBeVisible();
  await expect(bestSellers.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const mostViewed = page.locator('.ant-card').filter({ hasText: 'Most Viewed Products' });
  await expect(mostViewed.getByRole('columnheader', { name: 'Clicks' })).toBeVisible();
  await expect(mostViewed.getByRole('columnheader', { name: 'Parent SKU / Model Number' })).toBeVisible();

  // Last Orders first; the search just made shows under Last Search Terms once its event is counted.
  await expect(page.getByRole('tab', { name: 'Last Orders' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('columnheader', { name: 'Order Date' })).toBeVisible();
  await page.getByRole('tab', { name: 'Last Search Terms' }).click();
  const lastTerms = page.getByRole('tabpanel', { name: 'Last Search Terms' });
  await expect(lastTerms.getByRole('row').nth(1)).toContainText(keyword);
  await expect(lastTerms.getByRole('row').nth(1)).toContainText('2');
  await expect(lastTerms.getByRole('row')).toHaveCount(6);

  // Top Search Terms: most used first, 5 a page, paged, searched.
  await page.getByRole('tab', { name: 'Top Search Terms' }).click();
  const topTerms = page.getByRole('tabpanel', { name: 'Top Search Terms' });
  await expect(topTerms.getByRole('row')).toHaveCount(6);
  const uses = async () => (await topTerms.locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents()).map(Number);
  await expect.poll(async () => (await uses()).length).toBe(5);
  const firstPage = await uses();
  expect(firstPage).toEqual([...firstPage].sort((a, b) => b - a));
  await topTerms.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect(topTerms.locator('.ant-pagination-item-active')).toHaveText('2');
  await topTerms.getByPlaceholder('Search top search terms').fill(keyword);
  await expect(topTerms.getByRole('row')).toHaveCount(2);
  await expect(topTerms.getByRole('row').nth(1)).toContainText(keyword);

  // A card opens its list.
  await page.getByRole('link', { name: 'Online Orders: open the list' }).click();
  await expect(page).toHaveURL(/\/sales\/orders$/);
});

test('dashboard as a user with only sales: the order widgets and nothing else', async ({ page, request }) => {
  await signInApi(request);
  const username = uniqueName('clerk');
  await createUser(request, username, [await createRole(request, uniqueName('Sales Only '), ['sales'])]);

  await login(page, username, TEST_PASSWORD);
  await expect(page.getByRole('link', { name: 'Online Orders: open the list' })).toBeVisible();
  await expect(page.getByText('Sales, last 30 days')).toBeVisible();
  await expect(page.locator('.ant-card').filter({ hasText: 'Best Sellers' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Last Orders' })).toBeVisible();
  for (const card of ['Total Diamonds', 'Total Products', 'Customers']) await expect(page.getByRole('link', { name: `${card}: open the list` })).toHaveCount(0);
  await expect(page.getByText('Most Viewed Products')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Last Search Terms' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Top Search Terms' })).toHaveCount(0);
});

test('search terms report: columns, search, sort and Export Excel', async ({ page, request }) => {
  test.slow();
  const key = await statisticsKey(request);
  const keyword = uniqueName('emerald trilogy ').toLowerCase();
  await sendSearch(request, key, keyword, 12);
  await expect.poll(async () => ((await (await request.get(`/api/search-terms?search=${encodeURIComponent(keyword)}`)).json()) as { total: number }).total, { timeout: 20_000 }).toBe(1);

  await login(page, ADMIN.username, ADMIN.password);
  await openMenuEntry(page, 'Report', 'Search Terms', /\/report\/searchterm$/);
  await expect(page.getByRole('heading', { name: 'Search Terms' })).toBeVisible();
  for (const column of ['Keyword', 'Uses', 'Results', 'Last Search']) await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  await page.getByPlaceholder('Search keyword').fill(keyword);
  await expect(page).toHaveURL(/search=/);
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.locator('tbody tr.ant-table-row').first()).toContainText('12');
  await page.getByRole('columnheader', { name: 'Uses' }).click();
  await expect(page).toHaveURL(/sort=uses/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Excel' }).click();
  expect((await download).suggestedFilename()).toBe('search-terms.xlsx');
});

test('link statistics and virtual ring builder requests: three tables opening the storefront, and a request’s detail', async ({ page, request }) => {
  test.slow();
  const key = await statisticsKey(request);
  const label = uniqueName('Gift Guide ');
  const clicked = await request.post('/api/storefront/v1/link-clicks', { data: { type: 'pages', label, url: '/gift-guide' }, headers: { authorization: `Bearer ${key}` } });
  expect(clicked.status()).toBe(202);
  const lastName = uniqueName('Lovelace');
  const ring = await request.post('/api/storefront/v1/ring-requests', {
    data: { productName: 'Oval Halo Ring', sku: 'HALO-9', metal: 'Platinum', style: 'Halo', shape: 'Oval', carat: '1.20', firstName: 'Ada', lastName, email: 'ada@example.com', message: 'A thinner band, please.' },
    headers: { authorization: `Bearer ${key}` },
  });
  expect(ring.status(), await ring.text()).toBe(201);
  const { siteUrl } = (await (await request.get('/api/app-config')).json()) as { siteUrl: string };
  await expect
    .poll(async () => ((await (await request.get('/api/link-statistics?type=pages&pageSize=100')).json()) as { items: { label: string }[] }).items.some((item) => item.label === label), { timeout: 30_000 })
    .toBe(true);

  await login(page, ADMIN.username, ADMIN.password);
  await openMenuEntry(page, 'Report', 'Link Statistics', /\/report\/link-statistics$/);
  for (const table of ['Products', 'Category', 'Pages']) await expect(page.locator('.ant-card-head-title').getByText(table, { exact: true })).toBeVisible();
  const pages = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title').getByText('Pages', { exact: true }) });
  const link = pages.getByRole('link', { name: label });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('href', new URL('/gift-guide', siteUrl).toString());

  await openMenuEntry(page, 'Report', 'Virtual Ring Builder', /\/virtual-ring-builder$/);
  for (const column of ['Image', 'Product', 'SKU', 'Metal', 'Style', 'Shape', 'Carat', 'Name', 'E-mail', 'Date']) await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  await page.getByPlaceholder('Search product, SKU, name or e-mail').fill(lastName);
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await page.getByRole('button', { name: `View the request of Ada ${lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Virtual Ring Request' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Ada ${lastName}`);
  await expect(dialog).toContainText('A thinner band, please.');
});
