import { MESSAGES } from '@facet/contract/messages';
import { expect, test } from '@playwright/test';
import { ADMIN, login } from '../support.ts';

test('a page opened with a code parameter goes to /dropboximagesync, keeping the code', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/users?code=abc123');
  await expect(page).toHaveURL(/\/dropboximagesync\?code=abc123$/);
  await expect(page.getByRole('heading', { name: 'Dropbox Image Sync' })).toBeVisible();
});

test('/error, /analytics and an unknown page', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/error');
  await expect(page.getByText(MESSAGES.errorPage)).toBeVisible();

  const config = (await (await page.request.get('/api/app-config')).json()) as { analyticsUrl: string };
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByTitle('Analytics report')).toHaveAttribute('src', config.analyticsUrl);

  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found')).toBeVisible();
});

test('a stored app version from an older build clears browser storage and reloads', async ({ page }) => {
  await page.goto('/login');
  const { version } = (await (await page.request.get('/api/app-config')).json()) as { version: string };
  await page.evaluate(() => {
    localStorage.setItem('facet.appVersion', '0.0.0-old');
    localStorage.setItem('leftover', 'from the old build');
    sessionStorage.setItem('leftover', 'from the old build');
  });
  await page.reload();
  // The app reloads itself once more; a read that meets that navigation is simply retried.
  const readStorage = () =>
    page
      .evaluate(() => [localStorage.getItem('facet.appVersion'), localStorage.getItem('leftover'), sessionStorage.getItem('leftover')])
      .catch(() => 'navigating');
  await expect.poll(readStorage).toEqual([version, null, null]);
});
