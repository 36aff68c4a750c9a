import { MESSAGES } from '@facet/contract/messages';
import { expect } from '@playwright/test';
import { ADMIN, createUser, login, logout, sidebar, signInApi, test, TEST_PASSWORD, uniqueName } from '../support.ts';

test('admin signs in, sees the shell and logs out', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login$/);

  await login(page, ADMIN.username, ADMIN.password);
  await expect(sidebar(page).getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await expect(sidebar(page).getByText('User Management')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Analytics' })).toBeVisible();
  await expect(page.getByText(`Copyright © ${new Date().getFullYear()}`)).toBeVisible();

  await logout(page);
  // The session is gone on the server too: the shell sends us back to /login.
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login$/);
});

test('login shows the required messages, the server message in red, and the password toggle', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByText(MESSAGES.required)).toHaveCount(2);

  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByLabel('Password').press('Enter');
  const error = page.getByRole('alert').filter({ hasText: MESSAGES.invalidCredentials });
  await expect(error).toBeVisible();
  // The theme's error red, darkened to meet WCAG AA contrast (4.5:1) on white.
  await expect(error).toHaveCSS('color', 'rgb(207, 19, 34)');

  const password = page.getByLabel('Password');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('img', { name: /eye/ }).click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('the 6th login after 5 wrong passwords is throttled, even with the right password', async ({ page, request }) => {
  await signInApi(request);
  const roles = (await (await request.get('/api/roles?search=Sales%20Clerk')).json()) as { items: { id: number }[] };
  const username = uniqueName('throttled');
  await createUser(request, username, [roles.items[0]!.id]);

  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel('Password').fill(`wrong-${attempt}`);
    const response = page.waitForResponse('**/api/auth/login');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    expect((await response).status()).toBe(401);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
  }

  await page.getByLabel('Password').fill(TEST_PASSWORD);
  const throttled = page.waitForResponse('**/api/auth/login');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  const response = await throttled;
  expect(response.status()).toBe(429);
  expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.tooManyLoginAttempts);
  await expect(page).toHaveURL(/\/login$/);
});
