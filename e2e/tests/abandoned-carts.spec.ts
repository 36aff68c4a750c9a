import { MESSAGES } from '@facet/contract/messages';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN, confirmDialog, login, openMenuEntry, selectOption, test } from '../support.ts';

const panel = (page: Page) => page.getByRole('form', { name: 'Filters' });

interface CartRow {
  id: number;
  customerName: string;
  email: string;
}

test('abandoned carts: filter, page, open one, send its reminder and come back with Back to the same page and filters', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  // The demo's 80 abandoned carts: those still awaiting payment and not reminded fill more than one page.
  const query = 'paymentStatus=PENDING&isReminded=not-sent';
  const expected = (await (await page.request.get(`/api/abandoned-carts?${query}&page=2`)).json()) as { total: number; items: CartRow[] };
  expect(expected.total).toBeGreaterThan(10);

  await openMenuEntry(page, 'Sales', 'Abandoned Carts', /\/sales\/abandoned-carts$/);
  await expect(page.getByRole('heading', { name: 'Abandoned Carts' })).toBeVisible();
  for (const column of ['Customer', 'Is Email Sent?', 'Payment Status', 'Cart Total', 'Created Date', 'View']) await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  await page.getByRole('button', { name: 'Filters' }).click();
  await selectOption(panel(page).getByLabel('Payment Status'), 'PENDING');
  await selectOption(panel(page).getByLabel('Is Email Sent?'), 'Not Sent');
  await panel(page).getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/paymentStatus=PENDING/);
  await expect(page).toHaveURL(/isReminded=not-sent/);
  await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  const filteredUrl = page.url();
  const cart = expected.items[0]!;
  const customer = cart.customerName || cart.email;
  await expect(page.getByRole('row').nth(1)).toContainText(customer);

  await page.getByRole('link', { name: `View the cart of ${customer}` }).first().click();
  await expect(page).toHaveURL(new RegExp(`/sales/abandoned-carts/${cart.id}\\?`));
  await expect(page.getByRole('heading', { name: 'Abandoned Cart' })).toBeVisible();
  for (const section of ['Customer Detail', 'Cart Detail', 'Billing Address', 'Shipping Address', 'Items']) await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
  if (cart.customerName) {
    // The customer's name opens their edit screen in a new tab.
    const link = page.getByRole('link', { name: cart.customerName });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /\/customers\/edit\/\d+$/);
  } else {
    await expect(page.getByRole('link', { name: cart.email })).toHaveAttribute('href', `mailto:${cart.email}`);
  }
  const cartDetail = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Cart Detail' }) });
  await expect(cartDetail.getByText('PENDING')).toBeVisible();
  await expect(cartDetail.getByText('Not Sent')).toBeVisible();

  await page.getByRole('button', { name: 'Send Reminder' }).click();
  await confirmDialog(page, 'Send a reminder email?', 'Send');
  await expect(page.getByText(MESSAGES.cartReminderQueued)).toBeVisible();
  await expect(cartDetail.getByText('Sent', { exact: true })).toBeVisible();
  // No SMTP server in the journeys: the mail waits in the outbox, where the link shows it.
  await expect(cartDetail.getByText(/E-mail waiting to be sent/)).toBeVisible();
  await expect(cartDetail.getByRole('link', { name: 'See the e-mail' })).toHaveAttribute('href', `/sales/customer-emails?concerns=${encodeURIComponent(`cart:${cart.id}`)}`);
  await expect(page.getByRole('button', { name: 'Send Reminder' })).toBeDisabled();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(filteredUrl);
  await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');
  await expect(panel(page).getByLabel('Is Email Sent?').locator('xpath=ancestor::div[contains(@class, "ant-select")][1]')).toContainText('Not Sent');
  // Reminded now, it has left the carts not reminded.
  await expect(page.getByRole('row')).not.toHaveCount(1);
  await expect(page.locator(`a[href^="/sales/abandoned-carts/${cart.id}?"]`)).toHaveCount(0);
});

test('an abandoned cart without addresses says so', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  const { items } = (await (await page.request.get('/api/abandoned-carts?pageSize=100')).json()) as { items: CartRow[] };
  let bare: number | undefined;
  for (const row of items) {
    const detail = (await (await page.request.get(`/api/abandoned-carts/${row.id}`)).json()) as { billingAddress: unknown; shippingAddress: unknown };
    if (!detail.billingAddress && !detail.shippingAddress) {
      bare = row.id;
      break;
    }
  }
  expect(bare).toBeDefined();
  await page.goto(`/sales/abandoned-carts/${bare}`);
  await expect(page.getByText('Billing address not available')).toBeVisible();
  await expect(page.getByText('Shipping address not available')).toBeVisible();
});
