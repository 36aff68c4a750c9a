import { MESSAGES } from '@facet/contract/messages';
import { expect } from '@playwright/test';
import { ADMIN, chooseOption, createRole, createUser, login, logout, sidebar, signInApi, test, TEST_PASSWORD, uniqueName } from '../support.ts';

test('a user holding only `system` sees no User Management and is sent to / from its pages', async ({ page, request }) => {
  await signInApi(request);
  const username = uniqueName('sysonly');
  await createUser(request, username, [await createRole(request, uniqueName('System Only '), ['system'])]);

  await login(page, username, TEST_PASSWORD);
  const menu = sidebar(page);
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByText('User Management')).toHaveCount(0);

  for (const path of ['/users', '/roles', '/permissions', '/users/add', '/role/edit/1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  }
});

test('admin creates a role and a user through the UI, and that user signs in with what the role grants', async ({ page }) => {
  const roleName = uniqueName('Team Lead ');
  const username = uniqueName('lead');

  await login(page, ADMIN.username, ADMIN.password);
  await sidebar(page).getByText('User Management').click();
  await sidebar(page).getByRole('link', { name: 'Roles' }).click();
  await page.getByRole('button', { name: 'Add Role' }).click();
  await expect(page).toHaveURL(/\/role\/add$/);
  await page.getByRole('textbox', { name: 'Name' }).fill(roleName);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.selectAtLeastOne)).toBeVisible();
  await page.getByRole('checkbox', { name: 'User Management', exact: true }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/roles$/);
  await expect(page.getByRole('row', { name: new RegExp(roleName) })).toBeVisible();

  await sidebar(page).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page).toHaveURL(/\/users\/add$/);
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm Password').fill(TEST_PASSWORD);
  await chooseOption(page, 'Roles', roleName);
  // The role's toast must be gone, or the user's one cannot be told apart from it.
  await expect(page.getByText(MESSAGES.recordAdded)).toBeHidden();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  await logout(page);

  await login(page, username, TEST_PASSWORD);
  await sidebar(page).getByText('User Management').click();
  await expect(sidebar(page).getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Roles' })).toBeVisible();
  // Permissions needs role_permission, which the role does not grant.
  await expect(sidebar(page).getByRole('link', { name: 'Permissions' })).toHaveCount(0);
  await page.goto('/permissions');
  await expect(page).toHaveURL(/\/$/);
});

test('the master role and the Master permission offer no edit or delete, and your own row no delete', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);

  await page.goto('/roles?search=master');
  const masterRole = page.getByRole('row', { name: /^master / });
  await expect(masterRole).toBeVisible();
  await expect(masterRole.getByRole('button')).toHaveCount(0);

  await page.goto('/permissions?search=all-master');
  const masterPermission = page.getByRole('row', { name: /Master/ });
  await expect(masterPermission).toBeVisible();
  await expect(masterPermission.getByRole('button')).toHaveCount(0);

  await page.goto('/users?search=admin');
  const ownRow = page.getByRole('row', { name: /admin@facet\.local/ });
  await expect(ownRow.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(ownRow.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('changing your own email ends your session and sends you to /login', async ({ page, request }) => {
  await signInApi(request);
  const username = uniqueName('selfedit');
  await createUser(request, username, [await createRole(request, uniqueName('Self Editor '), ['user_management'])]);

  await login(page, username, TEST_PASSWORD);
  await page.goto(`/users?search=${username}`);
  await page.getByRole('row', { name: new RegExp(username) }).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Roles')).toBeDisabled();
  await page.getByLabel('Email').fill(`${username}.new@example.test`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please sign in again.')).toBeVisible();

  // The new email signs in (login accepts a username or an email).
  await login(page, `${username}.new@example.test`, TEST_PASSWORD);
  await expect(page.getByTestId('profile-name')).toHaveText(username);
});
