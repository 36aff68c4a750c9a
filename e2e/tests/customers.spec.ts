import { MESSAGES } from '@facet/contract/messages';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { fieldError, submitForm } from '../list-journey.ts';
import { ADMIN, confirmDialog, login, selectOption, test, uniqueName } from '../support.ts';

const panel = (page: Page) => page.getByRole('form', { name: 'Filters' });

// Each journey creates its customers first (an argon2 hash each) on a shared, busy machine.
test.describe.configure({ timeout: 180_000 });

async function createCustomer(page: Page, firstName: string, lastName: string, email: string) {
  const response = await page.request.post('/api/customers', {
    data: { firstName, lastName, email, contactNumber: '07700 900123', password: 'secret-pw1', confirmPassword: 'secret-pw1', status: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

test('customers: filter, edit and come back to the same filtered page; deactivate with the confirmation; export', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  const run = uniqueName('c');
  // One after another, so their created dates (the list's order) follow their numbers.
  for (let i = 1; i <= 12; i++) await createCustomer(page, `${run}`, `Shopper${String(i).padStart(2, '0')}`, `${run}.${i}@example.co.uk`);

  await page.goto('/customers');
  await page.getByRole('button', { name: 'Filters' }).click();
  await panel(page).getByLabel('Name').fill(run);
  await panel(page).getByLabel('Email').fill('@example.co.uk');
  await panel(page).getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`name=${run}`));
  await expect(page).toHaveURL(/email=%40example\.co\.uk|email=@example\.co\.uk/);
  // 12 customers, 10 a page: the second page holds two.
  await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  // The second page of the filtered list: the page click keeps the filters just applied.
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(new RegExp(`name=${run}`));
  await expect(page.getByRole('row', { name: new RegExp(run) })).toHaveCount(2);
  const filteredUrl = page.url();

  const row = page.getByRole('row', { name: new RegExp(run) }).first();
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/customers\/edit\/\d+$/);
  await expect(page.getByRole('tab', { name: 'Account Information' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Addresses' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Orders' })).toBeVisible();
  // The server's duplicate email shows under the email field.
  // Page 2 holds the two oldest; the newest (on page 1) has this email.
  await page.getByLabel('Email').fill(`${run}.12@example.co.uk`);
  await submitForm(page);
  await expect(fieldError(page, 'Email')).toHaveText(MESSAGES.duplicate('Email'));
  await page.getByLabel('Email').fill(`${run}.edited@example.co.uk`);
  await page.getByLabel('Contact Number').fill('0770090012');
  await submitForm(page);
  await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();
  // Back on the same filtered page, showing the change.
  await expect(page).toHaveURL(filteredUrl);
  await expect(panel(page).getByLabel('Name')).toHaveValue(run);
  const edited = page.getByRole('row', { name: new RegExp(`${run}\\.edited@`) });
  await expect(edited).toHaveCount(1);

  // Deactivate with the confirmation.
  await edited.getByRole('switch').click();
  await expect(page.getByRole('dialog')).toContainText(MESSAGES.statusConfirmText(false));
  await confirmDialog(page, MESSAGES.statusConfirmTitle, 'Yes');
  await expect(edited.getByRole('switch')).not.toBeChecked();

  // Export what the filters select: a file named Customers.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Excel' }).click();
  expect((await download).suggestedFilename()).toBe('Customers.xlsx');
});

test('customers: a new customer is refused with the spec messages, then added with its password strength shown', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  const run = uniqueName('n');
  await page.goto('/customers');
  await page.getByRole('button', { name: 'Add Customer' }).click();
  await expect(page).toHaveURL(/\/customers\/add$/);
  await expect(page.getByRole('tab', { name: 'Addresses' })).toHaveCount(0);
  await submitForm(page);
  await expect(fieldError(page, 'First Name')).toHaveText(MESSAGES.required);
  await page.getByLabel('First Name').fill(run);
  await page.getByLabel('Last Name').fill('Newcomer');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Contact Number').fill('077009001');
  await page.getByLabel('Password', { exact: true }).fill('short1!');
  await page.getByLabel('Confirm Password').fill('another-pw2');
  await submitForm(page);
  await expect(fieldError(page, 'Email')).toHaveText(MESSAGES.invalidEmail);
  await expect(fieldError(page, 'Contact Number')).toHaveText(MESSAGES.minLength(10));
  await expect(fieldError(page, 'Password')).toHaveText(MESSAGES.minLength(8));
  await expect(fieldError(page, 'Confirm Password')).toHaveText(MESSAGES.passwordMismatch);
  await page.getByLabel('Email').fill(`${run}@example.co.uk`);
  await page.getByLabel('Contact Number').fill('07700 900123');
  await page.getByLabel('Password', { exact: true }).fill('Sparkle-42');
  await expect(page.getByTestId('password-strength')).toContainText(/Good|Strong/);
  await page.getByLabel('Confirm Password').fill('Sparkle-42');
  await submitForm(page);
  await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/customers$/);
});

test('customers: an address is added with the country, state and city cascade', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  const run = uniqueName('a');
  const customer = await createCustomer(page, run, 'Addressee', `${run}@example.co.uk`);
  await page.goto(`/customers/edit/${customer.id}`);
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByText('No orders yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Addresses' }).click();
  await page.getByRole('button', { name: 'Add Address' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Add Address' });
  await dialog.getByLabel('First Name').fill(run);
  await dialog.getByLabel('Last Name').fill('Addressee');
  await dialog.getByLabel('Street').fill('221B Baker Street');
  // The United Kingdom is offered first; a state, then a city of that state.
  await selectOption(dialog.getByLabel('State'), 'Scotland', { search: true });
  await selectOption(dialog.getByLabel('City'), 'Edinburgh', { search: true });
  // Changing the state resets the city; changing the country resets both.
  await selectOption(dialog.getByLabel('State'), 'England', { search: true });
  await expect(dialog.getByLabel('City').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).not.toContainText('Edinburgh');
  await selectOption(dialog.getByLabel('Country'), 'France', { search: true });
  await expect(dialog.getByLabel('State').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).not.toContainText('England');
  await selectOption(dialog.getByLabel('Country'), 'United Kingdom', { search: true });
  await selectOption(dialog.getByLabel('State'), 'England', { search: true });
  await selectOption(dialog.getByLabel('City'), 'Manchester', { search: true });
  await dialog.getByLabel('Post Code').fill('12345');
  await dialog.getByLabel('Contact Number').fill('0161 496 0000');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  // Only the modal has a Post Code field.
  await expect(fieldError(page, 'Post Code')).toHaveText(MESSAGES.invalidUkPostcode);
  await dialog.getByLabel('Post Code').fill('M1 1AE');
  await dialog.getByLabel('Default Shipping Address').check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
  const row = page.getByRole('row', { name: /221B Baker Street/ });
  await expect(row).toContainText('Manchester');
  await expect(row).toContainText('England');
  await expect(row).toContainText('United Kingdom');
  await expect(row).toContainText('M1 1AE');
});

test('customers: a shopper who signed up on the storefront with Google shows as a Google sign-in, with no password to set', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  const run = uniqueName('g');
  const key = await page.request.post('/api/api-keys', { data: { name: `Storefront ${run}`, scopes: ['customers:write'] } });
  expect(key.status(), await key.text()).toBe(201);
  const registered = await page.request.post('/api/storefront/v1/customers', {
    headers: { authorization: `Bearer ${((await key.json()) as { key: string }).key}` },
    data: { firstName: run, lastName: 'Shopper', email: `${run}@gmail.com`, contactNumber: '07700 900456', socialId: `google:10${Date.now()}`, status: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.goto(`/customers/edit/${((await registered.json()) as { id: number }).id}`);
  // The provider as staff write it, not as the storefront stores it ('google').
  await expect(page.getByRole('alert')).toContainText('Signs in with Google');
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
});
