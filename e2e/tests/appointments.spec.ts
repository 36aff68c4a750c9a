import { MESSAGES } from '@facet/contract/messages';
import { expect } from '@playwright/test';
import { ADMIN, chooseOption, login, openMenuEntry, selectOption, test, uniqueName } from '../support.ts';

test('an appointment booked through the storefront API is assigned, completed and counted in the report', async ({ page }) => {
  // Four screens and two forms: more than the default minute on a loaded machine.
  test.slow();
  await login(page, ADMIN.username, ADMIN.password);
  const run = uniqueName('appt');

  // Staff add a service; the storefront books it.
  await openMenuEntry(page, 'Sales', 'Services', /\/services$/);
  await page.getByRole('button', { name: 'Add Service' }).click();
  await expect(page).toHaveURL(/\/services\/addService$/);
  await expect(page.getByRole('heading', { name: 'Add Service' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(`Private Viewing ${run}`);
  await selectOption(page.getByLabel('Service Type'), 'In Store');
  await page.getByLabel('Description', { exact: true }).fill('An hour with a gemmologist.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
  const services = (await (await page.request.get(`/api/services?search=${run}`)).json()) as { items: { id: number }[] };
  const serviceId = services.items[0]!.id;

  const key = await page.request.post('/api/api-keys', { data: { name: `journey ${run}`, scopes: ['appointments:write'] } });
  expect(key.status(), await key.text()).toBe(201);
  const { key: secret } = (await key.json()) as { key: string };
  // Booked for three years ahead, on a day no other journey uses.
  const slot = new Date(Date.UTC(new Date().getUTCFullYear() + 3, 5, 1 + (Date.now() % 27), 11, 30));
  const book = () =>
    page.request.post('/api/storefront/v1/appointments', {
      headers: { authorization: `Bearer ${secret}` },
      data: { serviceId, bookingDate: slot.toISOString(), firstName: 'Journey', lastName: run, email: `${run}@example.com`, contactNumber: '07700 900123' },
    });
  expect((await book()).status()).toBe(201);
  expect((await book()).status()).toBe(409);

  // Staff find it, assign it and mark it successful (remarks are required).
  await openMenuEntry(page, 'Sales', 'Appointments', /\/Appointments$/);
  await page.getByPlaceholder('Search name, e-mail or phone').fill(run);
  const row = page.getByRole('row', { name: new RegExp(run) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: 'Edit' }).click();
  // The form's code loads first on a loaded machine.
  await expect(page.getByRole('heading', { name: 'Edit Appointment' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/Appointments\/edit\/\d+/);
  await selectOption(page.getByLabel('Status'), 'Successful');
  await chooseOption(page, 'Assignee', 'emma');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.required)).toBeVisible();
  await page.getByLabel('Remarks').fill('Bought a pair of studs.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();
  await expect(page).toHaveURL(/\/Appointments(\?.*)?$/);
  await page.getByPlaceholder('Search name, e-mail or phone').fill(run);
  await expect(page.getByRole('row', { name: new RegExp(run) })).toContainText('Successful');
  await expect(page.getByRole('row', { name: new RegExp(run) })).toContainText('emma');

  // The report for that day counts it for emma.
  await openMenuEntry(page, 'Sales', 'Appointment Report', /\/Appointments\/report$/);
  await page.locator('.ant-segmented-item').filter({ hasText: 'Custom' }).click();
  await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked();
  const day = `${String(slot.getUTCMonth() + 1).padStart(2, '0')}/${String(slot.getUTCDate()).padStart(2, '0')}/${slot.getUTCFullYear()}`;
  await page.getByPlaceholder('Start date').click();
  await page.getByPlaceholder('Start date').fill(day);
  await page.getByPlaceholder('Start date').press('Enter');
  await page.getByPlaceholder('End date').fill(day);
  await page.getByPlaceholder('End date').press('Enter');
  await expect(page.getByText(`${day} to ${day}`)).toBeVisible();
  await chooseOption(page, 'Assignee', 'emma');
  const emma = page.getByRole('row', { name: /emma/ });
  await expect(emma).toBeVisible();
  await expect(emma.getByRole('cell').nth(2)).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByRole('img', { name: /Appointments by assignee\. emma: \d+ in progress, [1-9]\d* successful/ })).toBeVisible();
});
