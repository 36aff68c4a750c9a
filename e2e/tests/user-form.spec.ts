import { MESSAGES } from '@facet/contract/messages';
import { PASSWORD_MIN } from '@facet/contract/modules/users/user.schema';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN, chooseOption, countRequests, createUser, login, signInApi, test, TEST_PASSWORD, uniqueName } from '../support.ts';

/** The message area under a field of the form (the assertion retries while messages animate in and out). */
function fieldError(page: Page, label: string) {
  return page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }).locator('.ant-form-item-explain');
}

test('a rejected user form shows the spec messages under its fields and stays open', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/users/add');

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(fieldError(page, 'Username')).toHaveText(MESSAGES.required);
  await expect(fieldError(page, 'Email')).toHaveText(MESSAGES.required);
  await expect(fieldError(page, 'Password')).toHaveText(MESSAGES.required);
  await expect(fieldError(page, 'Confirm Password')).toHaveText(MESSAGES.required);
  await expect(fieldError(page, 'Roles')).toHaveText(MESSAGES.selectAtLeastOne);

  await page.getByLabel('Username').fill('bad name!');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('different1');
  await expect(fieldError(page, 'Username')).toHaveText(MESSAGES.lettersDigitsSpaces);
  await expect(fieldError(page, 'Email')).toHaveText(MESSAGES.invalidEmail);
  await expect(fieldError(page, 'Password')).toHaveText(MESSAGES.minLength(PASSWORD_MIN));
  await expect(fieldError(page, 'Confirm Password')).toHaveText(MESSAGES.passwordMismatch);

  // Valid in the browser but a duplicate: the server's 409 lands under the Username field.
  await page.getByLabel('Username').fill('sarah');
  await page.getByLabel('Email').fill('someone.else@example.test');
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm Password').fill(TEST_PASSWORD);
  await chooseOption(page, 'Roles', 'Sales Clerk');
  // A multiple select keeps its list open (over Submit, now that the demo data has five roles) until closed.
  await page.keyboard.press('Escape');
  const response = page.waitForResponse((r) => r.url().endsWith('/api/users') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await response).status()).toBe(409);
  await expect(fieldError(page, 'Username')).toHaveText(MESSAGES.duplicate('Username'));
  await expect(page).toHaveURL(/\/users\/add$/);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('a confirmation that differs shows its message beside the password rule at once, on add and on edit, whatever else is missing', async ({ page }) => {
  await signInApi(page.request);
  const roles = (await (await page.request.get('/api/roles?search=Sales%20Clerk')).json()) as { items: { id: number }[] };
  const existing = await createUser(page.request, uniqueName('mismatch'), [roles.items[0]!.id]);
  await login(page, ADMIN.username, ADMIN.password);
  const posted = countRequests(page, 'POST', '/api/users');
  const put = countRequests(page, 'PUT', `/api/users/${existing}`);

  // A new user: nothing typed but the two passwords.
  await page.goto('/users/add');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('different1');
  await expect(fieldError(page, 'Password')).toHaveText(MESSAGES.minLength(PASSWORD_MIN));
  await expect(fieldError(page, 'Confirm Password')).toHaveText(MESSAGES.passwordMismatch);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(fieldError(page, 'Username')).toHaveText(MESSAGES.required);
  await expect(fieldError(page, 'Password')).toHaveText(MESSAGES.minLength(PASSWORD_MIN));
  await expect(fieldError(page, 'Confirm Password')).toHaveText(MESSAGES.passwordMismatch);
  await page.screenshot({ path: '/tmp/user-form-mismatch.png' });

  // An existing user with the username cleared: the same two messages, and nothing is sent.
  await page.goto(`/users/edit/${existing}`);
  await expect(page.getByLabel('Username')).not.toHaveValue('');
  await page.getByLabel('Username').fill('');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('different1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(fieldError(page, 'Username')).toHaveText(MESSAGES.required);
  await expect(fieldError(page, 'Password')).toHaveText(MESSAGES.minLength(PASSWORD_MIN));
  await expect(fieldError(page, 'Confirm Password')).toHaveText(MESSAGES.passwordMismatch);
  expect(posted()).toBe(0);
  expect(put()).toBe(0);
});
