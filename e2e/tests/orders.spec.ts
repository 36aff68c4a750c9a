import { shopDay } from '@facet/contract/format';
import { MESSAGES } from '@facet/contract/messages';
import type { OrderRecord } from '@facet/contract/modules/orders/order.schema';
import { ORDER_MESSAGES } from '@facet/contract/modules/orders/order.schema';
import type { OrderStatus } from '@facet/contract/modules/orders/order-status';
import { ORDER_STATUS_LABELS, ORDER_STATUS_TRANSITIONS, orderStatusChoices } from '@facet/contract/modules/orders/order-status';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { ScreenAudit } from '../accessibility.ts';
import { assertNoBlockingViolations, auditScreen } from '../accessibility.ts';
import { fieldError } from '../list-journey.ts';
import type { Storefront } from '../order-fixtures.ts';
import { openStorefront } from '../order-fixtures.ts';
import { ADMIN, login, openMenuEntry, pickOption, selectOption, sidebar, signInApi, test, uniqueName } from '../support.ts';

/**
 * Sales > Orders and an order's view (document 3 §2.4, §4, §5; issue 24): orders placed through the
 * storefront API are found with the filters, opened, moved along the workflow the contract draws
 * (the form offers exactly its next statuses), shipped with a tracking number, cancelled and refunded
 * in part and then in full; Back returns to the list's page and filters; a customer's Orders tab
 * links to their orders.
 */

// Orders are placed and customers created (an argon2 hash each) on a shared, busy machine.
test.describe.configure({ timeout: 180_000 });

let storefront: Storefront;
test.beforeEach(async ({ playwright, baseURL }) => {
  const staff = await playwright.request.newContext({ baseURL });
  storefront = await openStorefront(playwright, staff, baseURL!);
  await staff.dispose();
});
test.afterEach(() => storefront.dispose());

const label = (status: OrderStatus) => ORDER_STATUS_LABELS[status];
const money = (amount: number) => `£${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const statusSelect = (page: Page) => page.getByLabel('Order Status', { exact: true });
const section = (page: Page, title: string) => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: title }) });
const historyRows = (page: Page) => section(page, 'Order Status History').locator('.ant-table-tbody tr.ant-table-row');
const totals = (page: Page) => section(page, 'Order Total').locator('.ant-descriptions');
const totalRow = (page: Page, name: string) => totals(page).locator('tr').filter({ hasText: name });

/** The statuses the form's select offers, in order. */
async function offeredStatuses(page: Page): Promise<string[]> {
  const select = statusSelect(page);
  await select.click();
  const listId = await select.getAttribute('aria-controls');
  const list = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
  const options = list.locator('.ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const texts = await options.allTextContents();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  return texts;
}

/** Submits the status form and waits for the contract's success toast and the order to show its new status. */
async function submitStatus(page: Page, to: OrderStatus) {
  const form = page.getByRole('form', { name: 'Update order status' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(ORDER_MESSAGES.statusUpdated).last()).toBeVisible();
  await expect(section(page, 'Order & Account Information').locator('tr').filter({ hasText: 'Order Status' })).toContainText(label(to));
  await expect(historyRows(page).first()).toContainText(label(to));
}

/** Moves the order on through the form, checking first that the form offers exactly the workflow's choices. */
async function moveTo(page: Page, from: OrderStatus, to: OrderStatus, comment: string) {
  expect(await offeredStatuses(page)).toEqual(orderStatusChoices(from).map(label));
  await pickOption(page, 'Order Status', label(to));
  await page.getByLabel('Comment').fill(comment);
  await submitStatus(page, to);
  await expect(historyRows(page).first()).toContainText(comment);
}

/**
 * Checks the screen as it is now with axe: the journeys' own check audits each route once, when it
 * first settles, before the filters, the shipping or refund fields or another tab are open.
 */
async function expectAccessibleNow(page: Page) {
  let audit: ScreenAudit | null = null;
  // The journeys' background audit of a route just opened may still be running: axe runs one at a time, so wait for it.
  const auditNow = () => auditScreen(page).catch((error: Error) => (error.message.includes('Axe is already running') ? null : Promise.reject(error)));
  await expect.poll(async () => (audit = await auditNow()) !== null, { timeout: 60_000 }).toBe(true);
  assertNoBlockingViolations([audit!]);
}

/** MM/DD/YYYY, as the date picker takes a typed day. */
const pickerDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

test('filter the orders, open one on the second page, take it from PENDING to SHIPPING with a tracking number, and go Back to the same page and filters', async ({ page }) => {
  const run = uniqueName('ord');
  const email = `${run}@example.co.uk`;
  // Eleven orders of one shopper, one after another: 10 a page, the first placed is alone on page 2.
  const placed: OrderRecord[] = [];
  for (let i = 0; i < 11; i++) placed.push(await storefront.placeOrder({ email, lastName: run }));
  const order = placed[0]!;

  // The Sales Clerk holds sales and customers, not system: the shipping types still load for them.
  await login(page, 'sarah', 'Demo-pass1');
  await openMenuEntry(page, 'Sales', 'Orders', /\/sales\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('form', { name: 'Filters' });
  await panel.getByLabel('Email').fill(email);
  await selectOption(panel.getByLabel('Order Status'), label('PENDING'));
  // A multiple select stays open for more choices.
  await page.keyboard.press('Escape');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=PENDING/);
  await expect(page).toHaveURL(new RegExp(`email=${run}`));
  await expect(page.getByText('Total 11 records')).toBeVisible();
  await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  const row = page.getByRole('row', { name: new RegExp(order.orderNumber) });
  await expect(row).toHaveCount(1);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  // Order number, e-mail, guest, total with the order's symbol, items, status in the spec's words, date, invoice.
  await expect(row).toContainText(email);
  await expect(row).toContainText('Yes');
  await expect(row).toContainText(money(order.total));
  await expect(row).toContainText(label('PENDING'));
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)/);
  await page.screenshot({ path: 'test-results/orders-list.png', fullPage: true });
  await expectAccessibleNow(page);
  // Export Excel: the filtered orders, as a file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Excel' }).click();
  expect((await download).suggestedFilename()).toBe('Orders.xlsx');
  const listUrl = page.url();

  // The view link carries the page and the filters.
  await row.getByRole('link', { name: `View order ${order.orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/order/view/order_id/${order.orderNumber}\\?`));
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('heading', { name: `Order # ${order.orderNumber}` })).toBeVisible();
  for (const title of ['Order & Account Information', 'Address Information', 'Payment & Shipping Method', 'Items Ordered', 'Order Total', 'Order Status History']) {
    await expect(section(page, title)).toBeVisible();
  }
  await expect(section(page, 'Items Ordered')).toContainText(order.lines[0]!.name);
  await expect(section(page, 'Items Ordered')).toContainText(order.lines[0]!.sku);
  await expect(totalRow(page, 'Grand Total')).toContainText(money(order.total));
  await expect(historyRows(page)).toHaveCount(1);

  await moveTo(page, 'PENDING', 'CONFIRMED', `Payment checked ${run}`);
  await moveTo(page, 'CONFIRMED', 'INPROCESS', `Sent to the workshop ${run}`);
  await moveTo(page, 'INPROCESS', 'COMPLETED', `Quality checked ${run}`);

  // SHIPPING asks for the shipping type, tracking number and delivery date, none before today.
  expect(await offeredStatuses(page)).toEqual(orderStatusChoices('COMPLETED').map(label));
  await pickOption(page, 'Order Status', label('SHIPPING'));
  // The shipping types are the active rates by name, readable with the sales permission alone.
  const rates = await page.request.get('/api/shipping-rates', { params: { status: 'active', sort: 'name', order: 'asc', pageSize: 50 } });
  expect(rates.status(), await rates.text()).toBe(200);
  const shippingType = ((await rates.json()) as { items: { name: string }[] }).items.at(-1)!.name;
  // Typed, as staff with many rates do: the list shows a window of its options (other journeys add rates to the shared database).
  await selectOption(page.getByLabel('Shipping Type', { exact: true }), shippingType, { search: true });
  await page.getByLabel('Tracking Number').fill('');
  await page.getByRole('form', { name: 'Update order status' }).getByRole('button', { name: 'Submit' }).click();
  await expect(fieldError(page, 'Tracking Number')).toHaveText(MESSAGES.required);
  await expect(fieldError(page, 'Delivery Date')).toHaveText(MESSAGES.required);
  const tracking = `RM${Date.now().toString().slice(-9)}GB`;
  await page.getByLabel('Tracking Number').fill(tracking);
  const today = shopDay();
  await page.getByLabel('Delivery Date').click();
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const calendar = page.locator('.ant-picker-dropdown:visible');
  if (yesterday.slice(0, 7) === today.slice(0, 7)) await expect(calendar.locator(`td[title="${yesterday}"]`)).toHaveClass(/ant-picker-cell-disabled/);
  // Typed, the calendar shows the day; picked there (Enter would also submit the form).
  await page.getByLabel('Delivery Date').fill(pickerDay(today));
  await calendar.locator(`td[title="${today}"]`).click();
  await expect(calendar).toBeHidden();
  await expect(page.getByLabel('Delivery Date')).toHaveValue(pickerDay(today));
  await page.getByLabel('Comment').fill(`Dispatched ${run}`);
  await page.screenshot({ path: 'test-results/order-shipping-form.png', fullPage: true });
  await expectAccessibleNow(page);
  await submitStatus(page, 'SHIPPING');
  const shipping = section(page, 'Payment & Shipping Method');
  await expect(shipping.locator('tr').filter({ hasText: 'Shipping Method' })).toContainText(shippingType);
  await expect(shipping.locator('tr').filter({ hasText: 'Tracking Number' })).toContainText(tracking);
  await expect(shipping.locator('tr').filter({ hasText: 'Delivery Date' })).toContainText(pickerDay(today));
  // The history, newest first: every step with its comment.
  await expect(historyRows(page)).toHaveCount(5);
  expect(await historyRows(page).locator('td:first-child').allTextContents()).toEqual(['SHIPPING', 'COMPLETED', 'INPROCESS', 'CONFIRMED', 'PENDING']);
  await expect(historyRows(page).nth(1)).toContainText(`Quality checked ${run}`);
  await expect(historyRows(page).first()).toContainText('sarah');
  // SHIPPING leads only to CANCELLED now.
  expect(await offeredStatuses(page)).toEqual(['SHIPPING', 'CANCELLED']);
  await page.screenshot({ path: 'test-results/order-view.png', fullPage: true });

  // Back: the same page of the same filtered list.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByRole('form', { name: 'Filters' }).getByLabel('Email')).toHaveValue(email);
  // Page 2 of the PENDING orders: the one shipped has left it, the ten others stay on page 1.
  await expect(page.getByText('Total 10 records')).toBeVisible();
});

test('cancel an order, refund part of it (not more than remains), then the rest; a double click refunds once', async ({ page }) => {
  const run = uniqueName('ref');
  const order = await storefront.placeOrder({ email: `${run}@example.co.uk`, lastName: run });
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto(`/order/view/order_id/${order.orderNumber}`);
  await expect(page.getByRole('heading', { name: `Order # ${order.orderNumber}` })).toBeVisible();

  await moveTo(page, 'PENDING', 'CANCELLED', `Customer asked to cancel ${run}`);
  expect(await offeredStatuses(page)).toEqual(['CANCELLED', 'REFUNDED']);
  await pickOption(page, 'Order Status', label('REFUNDED'));
  const form = page.getByRole('form', { name: 'Update order status' });
  const submit = form.getByRole('button', { name: 'Submit' });
  // The refund type is required.
  await submit.click();
  await expect(fieldError(page, 'Refund Type')).toHaveText(MESSAGES.required);
  await form.getByRole('radio', { name: 'Partial' }).check();
  // Over what remains: the spec's message, nothing refunded.
  await page.getByLabel('Refund Amount').fill(String(Math.floor(order.total) + 1));
  await submit.click();
  await expect(fieldError(page, 'Refund Amount')).toHaveText(ORDER_MESSAGES.refundOverRemaining);
  await page.screenshot({ path: 'test-results/order-refund-over.png', fullPage: true });
  await expectAccessibleNow(page);
  await expect(totalRow(page, 'Total Refunded')).toContainText(money(0));

  // A double click on Submit refunds once: whatever reaches the server carries one Idempotency-Key.
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/orders/${order.orderNumber}/status`) keys.push(request.headers()['idempotency-key'] ?? '');
  });
  await page.getByLabel('Refund Amount').fill('10');
  await submit.dblclick();
  await expect(page.getByText(ORDER_MESSAGES.statusUpdated).last()).toBeVisible();
  await expect(totalRow(page, 'Total Refunded')).toContainText(money(10));
  await expect(totalRow(page, 'Remaining Refund Amount')).toContainText(money(order.total - 10));
  await signInApi(page.request);
  const afterPartial = (await (await page.request.get(`/api/orders/${order.orderNumber}`)).json()) as OrderRecord;
  expect(afterPartial.refunds.map((refund) => [refund.type, refund.amount])).toEqual([['partial', 10]]);
  expect(afterPartial.refundedTotal).toBe(10);
  expect(keys.length).toBeGreaterThan(0);
  expect(new Set(keys).size, keys.join(', ')).toBe(1);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  // The refund's credit note is made after its commit (a subscriber renders the PDF): its link appears on the refund's history row without a reload.
  const creditNoteLinks = historyRows(page).getByRole('link', { name: /^Credit note CN-\d+ PDF$/ });
  await expect(creditNoteLinks).toHaveCount(1, { timeout: 30_000 });
  await expect(historyRows(page).first().getByRole('link', { name: /^Credit note CN-\d+ PDF$/ })).toBeVisible();
  await expect(section(page, 'Order Total').getByRole('link', { name: /^Credit note CN-\d+ PDF$/ })).toHaveCount(1);

  // REFUNDED stays selectable for the rest: a full refund gives back what remains.
  expect(await offeredStatuses(page)).toEqual(['REFUNDED']);
  await form.getByRole('radio', { name: 'Full' }).check();
  await expect(page.getByLabel('Refund Amount')).toHaveCount(0);
  await submitStatus(page, 'REFUNDED');
  await expect(totalRow(page, 'Total Refunded')).toContainText(money(order.total));
  await expect(totalRow(page, 'Remaining Refund Amount')).toContainText(money(0));
  // Fully refunded: no refund is offered any more.
  await expect(form.getByRole('radio', { name: 'Full' })).toHaveCount(0);
  await expect(section(page, 'Order Total')).toContainText(`Partial refund of ${money(10)}`);
  await expect(section(page, 'Order Total')).toContainText(`Full refund of ${money(order.total - 10)}`);
  // Each refund gets its credit note once made (after the refund's commit): linked from the refund's history row, again without a reload.
  await expect(creditNoteLinks).toHaveCount(2, { timeout: 30_000 });
  const notes = ((await (await page.request.get(`/api/orders/${order.orderNumber}`)).json()) as OrderRecord).refunds.map((refund) => refund.creditNote!);
  expect(notes.every((note) => note !== null)).toBe(true);
  for (const note of notes) {
    const link = historyRows(page).getByRole('link', { name: `Credit note ${note.number} PDF` });
    await expect(link).toHaveAttribute('href', note.url);
    const pdf = await page.request.get(note.url);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
  }
  await page.screenshot({ path: 'test-results/order-refunded.png', fullPage: true });
});

test('a diamond line takes the supplier’s order reference on the order view, written in the order’s history', async ({ page }) => {
  const run = uniqueName('nivoda');
  const order = await storefront.placeOrder({ email: `${run}@example.co.uk`, lastName: run }, { withStone: true });
  const stone = order.lines.find((line) => line.isDiamond)!;
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto(`/order/view/order_id/${order.orderNumber}`);
  const items = section(page, 'Items Ordered');
  // Only the stone's line has one.
  await expect(items.getByRole('button', { name: /^Edit supplier order reference/ })).toHaveCount(1);
  await items.getByRole('button', { name: `Edit supplier order reference of ${stone.sku}` }).click();
  await items.getByLabel(`Supplier order reference of ${stone.sku}`).fill(`NIV-${run}`);
  await items.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(ORDER_MESSAGES.supplierOrderReferenceSaved).last()).toBeVisible();
  await expect(items).toContainText(`Supplier order: NIV-${run}`);
  await expect(historyRows(page).first()).toContainText(`Supplier order reference of diamond ${stone.sku}: NIV-${run}`);
  await expect(historyRows(page).first()).toContainText('admin');
  await page.screenshot({ path: 'test-results/order-supplier-reference.png', fullPage: true });
});

test('an order moved by someone else meanwhile: the server refuses the change, its message shows and the order reloads', async ({ page }) => {
  const run = uniqueName('race');
  const order = await storefront.placeOrder({ email: `${run}@example.co.uk`, lastName: run });
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto(`/order/view/order_id/${order.orderNumber}`);
  await expect(section(page, 'Order Status History')).toContainText(label('PENDING'));
  // Another member of staff takes it to INPROCESS.
  for (const status of ['CONFIRMED', 'INPROCESS']) {
    const moved = await page.request.post(`/api/orders/${order.orderNumber}/status`, { data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await pickOption(page, 'Order Status', label('CONFIRMED'));
  await page.getByRole('form', { name: 'Update order status' }).getByRole('button', { name: 'Submit' }).click();
  const from = 'INPROCESS';
  await expect(page.getByText(MESSAGES.stateTransitionRefused(label(from), label('CONFIRMED'), ORDER_STATUS_TRANSITIONS[from].map(label).join(', ')))).toBeVisible();
  await expect(historyRows(page)).toHaveCount(3);
  await expect(historyRows(page).first()).toContainText(label(from));
  expect(await offeredStatuses(page)).toEqual(orderStatusChoices(from).map(label));
});

test("a customer's Orders tab lists their orders and links to each; Back returns to the tab", async ({ page }) => {
  const run = uniqueName('cus');
  const email = `${run}@example.co.uk`;
  await login(page, ADMIN.username, ADMIN.password);
  const created = await page.request.post('/api/customers', {
    data: { firstName: 'Isla', lastName: run, email, contactNumber: '07700 900123', password: 'secret-pw1', confirmPassword: 'secret-pw1', status: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const customer = (await created.json()) as { id: number };
  const first = await storefront.placeOrder({ email, customerId: customer.id, firstName: 'Isla', lastName: run });
  const second = await storefront.placeOrder({ email, customerId: customer.id, firstName: 'Isla', lastName: run });

  await page.goto(`/customers/edit/${customer.id}`);
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/tab=orders/);
  const rows = page.getByRole('tabpanel', { name: 'Orders' }).locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  // Newest first, each with its total in the order's currency and its status.
  await expect(rows.first()).toContainText(second.orderNumber);
  await expect(rows.nth(1)).toContainText(first.orderNumber);
  await expect(rows.nth(1)).toContainText(money(first.total));
  await expect(rows.nth(1)).toContainText(label('PENDING'));
  await page.screenshot({ path: 'test-results/customer-orders-tab.png', fullPage: true });
  await expectAccessibleNow(page);

  await rows.nth(1).getByRole('link', { name: `View order ${first.orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/order/view/order_id/${first.orderNumber}$`));
  await expect(section(page, 'Order & Account Information')).toContainText(email);
  // The customer's name leads back to them; Back returns to their Orders tab.
  await expect(section(page, 'Order & Account Information').getByRole('link', { name: `Isla ${run}` })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/edit/${customer.id}\\?tab=orders$`));
  await expect(page.getByRole('tab', { name: 'Orders', selected: true })).toBeVisible();
  await expect(rows).toHaveCount(2);
});

test('the order screens need the Sales permission: others see no Sales menu and are sent to the dashboard', async ({ page }) => {
  const order = await storefront.placeOrder({ email: `${uniqueName('perm')}@example.co.uk` });
  // The demo Catalogue Editor holds products, categories, attribute and diamonds.
  await login(page, 'tom', 'Demo-pass1');
  await expect(sidebar(page).getByText('Sales', { exact: true })).toHaveCount(0);
  for (const path of ['/sales/orders', `/order/view/order_id/${order.orderNumber}`]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});
