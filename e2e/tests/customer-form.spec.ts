import { MESSAGES } from '@facet/contract/messages';
import { CUSTOMER_FORM_MESSAGES } from '@facet/contract/modules/customer-form/customer-form.schema';
import { expect } from '@playwright/test';
import { ADMIN, createRole, createUser, login, selectOption, TEST_PASSWORD, test, uniqueName } from '../support.ts';

test('/form without a session goes to /login', async ({ page }) => {
  await page.goto('/form');
  await expect(page).toHaveURL(/\/login$/);
});

test('the in-store form: a customer leaves a message and asks for an appointment; staff find both', async ({ page }) => {
  test.slow();
  const run = uniqueName('Tablet');
  // A sales clerk signs the tablet in; a service to ask for.
  await login(page, ADMIN.username, ADMIN.password);
  const service = await page.request.post('/api/services', { data: { title: `Ring Fitting ${run}`, serviceType: 'in_store', description: 'In the showroom.', image: '', altImage: '', status: true } });
  expect(service.status(), await service.text()).toBe(201);
  const clerk = `clerk${run}`.toLowerCase();
  await createUser(page.request, clerk, [await createRole(page.request, `Tablet ${run}`, ['sales'])]);
  await page.getByRole('button', { name: 'Logout' }).click();
  await login(page, clerk, TEST_PASSWORD);

  await page.goto('/form');
  await expect(page.getByRole('heading', { name: 'Welcome to Facet Jewellers' })).toBeVisible();
  // No admin navigation: neither the sidebar nor the top bar.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);

  // A message: the shared rules first (a bad e-mail), then the thank-you.
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill(run);
  await page.getByLabel('E-mail').fill('grace@');
  await page.getByLabel('Your message').fill('Could you resize my grandmother’s ring?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(MESSAGES.invalidEmail)).toBeVisible();
  await page.getByLabel('E-mail').fill(`grace.${run}@example.com`.toLowerCase());
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(CUSTOMER_FORM_MESSAGES.messageSent)).toBeVisible();
  await page.screenshot({ path: '/tmp/customer-form-thanks.png' });
  // Ready for the next customer by itself after a few seconds: an empty form.
  await expect(page.getByLabel('First name')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('First name')).toHaveValue('');

  // An appointment request.
  await page.getByText('Request an appointment', { exact: true }).click();
  await page.getByLabel('First name').fill('Alan');
  await page.getByLabel('Last name').fill(run);
  await page.getByLabel('E-mail').fill(`alan.${run}@example.com`.toLowerCase());
  await page.getByLabel('Phone').fill('07700 900123');
  await selectOption(page.getByLabel('Service'), `Ring Fitting ${run}`);
  const day = new Date(Date.UTC(new Date().getUTCFullYear() + 2, 3, 1 + (Date.now() % 27)));
  const typed = `${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}/${day.getUTCFullYear()} 10:30 AM`;
  const when = page.getByLabel('Date and time');
  await when.click();
  // Typed, then confirmed with the panel's OK (Enter would send the form, as in any form).
  await expect(async () => {
    await when.fill(typed);
    await page.locator('.ant-picker-dropdown:visible').getByRole('button', { name: 'OK' }).click({ timeout: 3_000 });
    await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(when).toHaveValue(typed);
  await page.screenshot({ path: '/tmp/customer-form.png' });
  await page.getByRole('button', { name: 'Request appointment' }).click();
  await expect(page.getByText(CUSTOMER_FORM_MESSAGES.appointmentRequested)).toBeVisible();
  await page.getByRole('button', { name: 'Start again now' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('');

  // Staff see them: the message under Contact Us, the request under Appointments.
  await page.goto('/');
  await page.getByRole('button', { name: 'Logout' }).click();
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto(`/contact_form?search=${run}`);
  await expect(page.getByRole('row', { name: new RegExp(`Grace ${run}`) })).toContainText('Could you resize');
  await page.goto(`/Appointments?search=alan.${run.toLowerCase()}`);
  const request = page.getByRole('row', { name: new RegExp(run) });
  await expect(request).toContainText(`Ring Fitting ${run}`);
  await expect(request).toContainText('Pending');
});
