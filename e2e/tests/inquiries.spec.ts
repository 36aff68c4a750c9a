import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN, login, openMenuEntry, test, uniqueName } from '../support.ts';

const panel = (page: Page) => page.getByRole('form', { name: 'Filters' });

/** Sends `count` inquiries through the storefront API, each from `${run}.<n>@example.com`, for a piece a demo inquiry holds. */
async function sendInquiries(page: Page, run: string, count: number) {
  const key = await page.request.post('/api/api-keys', { data: { name: `journey ${run}`, scopes: ['inquiries:write'] } });
  expect(key.status(), await key.text()).toBe(201);
  const { key: secret } = (await key.json()) as { key: string };
  const [demo] = ((await (await page.request.get('/api/inquiries?pageSize=1')).json()) as { items: { id: number }[] }).items;
  const { lines } = (await (await page.request.get(`/api/inquiries/${demo!.id}`)).json()) as { lines: { productId: number | null; diamondId: number | null }[] };
  const line = lines.find((candidate) => candidate.productId !== null)!;
  for (let i = 1; i <= count; i++) {
    const sent = await page.request.post('/api/storefront/v1/inquiries', {
      headers: { authorization: `Bearer ${secret}` },
      data: { firstName: 'Journey', lastName: `Shopper${i}`, email: `${run}.${i}@example.com`, contactNumber: '07700 900123', street: `${i} Hatton Garden`, country: 'United Kingdom', postcode: 'EC1N 8EB', lines: [{ productId: line.productId, qty: 2 }] },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
}

test('inquiries: filter, page, open one and come back with Back to the same page and filters', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  const run = uniqueName('inq');
  await sendInquiries(page, run, 12);

  await openMenuEntry(page, 'Sales', 'Orders Inquiry', /\/sales\/inquiry$/);
  await expect(page.getByRole('heading', { name: 'Order Inquiry' })).toBeVisible();
  for (const column of ['Inquiry Number', 'Email', 'Total (£)', 'Item(s)', 'Inquiry Date', 'View']) await expect(page.getByRole('columnheader', { name: column })).toBeVisible();

  await page.getByRole('button', { name: 'Filters' }).click();
  await panel(page).getByLabel('Email').fill(run);
  await panel(page).getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`email=${run}`));
  // 12 inquiries, 10 a page: the second page holds the two oldest.
  await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('row', { name: new RegExp(run) })).toHaveCount(2);
  const filteredUrl = page.url();

  const row = page.getByRole('row', { name: new RegExp(`${run}\\.2@`) });
  const inquiryNumber = (await row.getByRole('cell').first().innerText()).trim();
  await row.getByRole('link', { name: `View ${inquiryNumber}` }).click();
  await expect(page).toHaveURL(/\/inquiry\/view\/inquiry_id\/\d+\?/);
  await expect(page.getByRole('heading', { name: `Inquiry ${inquiryNumber}` })).toBeVisible();
  for (const section of ['Inquiry & Account Information', 'Address Information', 'Items Inquired', 'Inquiry Total']) await expect(page.getByRole('heading', { name: section })).toBeVisible();
  await expect(page.getByRole('link', { name: `${run}.2@example.com` })).toHaveAttribute('href', `mailto:${run}.2@example.com`);
  await expect(page.getByText('2 Hatton Garden')).toBeVisible();
  // Two of the piece: the line's total is twice its price, and the Grand Total is the line's.
  const items = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'System SKU' }) });
  const cells = items.getByRole('row').nth(1).getByRole('cell');
  const price = (await cells.nth(5).innerText()).trim();
  const total = (await cells.nth(8).innerText()).trim();
  expect(Number(total.replace(/[£,]/g, ''))).toBe(2 * Number(price.replace(/[£,]/g, '')));
  await expect(page.getByText('Grand Total')).toBeVisible();
  await expect(page.locator('strong', { hasText: total })).toBeVisible();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(filteredUrl);
  await expect(panel(page).getByLabel('Email')).toHaveValue(run);
  await expect(page.getByRole('row', { name: new RegExp(run) })).toHaveCount(2);
  await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');

  // A reload of the view keeps its way back too.
  await row.getByRole('link', { name: /^View/ }).click();
  await page.reload();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(filteredUrl);
});
