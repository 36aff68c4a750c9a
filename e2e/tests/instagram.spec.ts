import { INSTAGRAM_MESSAGES, INSTAGRAM_SETTING_KEYS } from '@facet/contract/modules/instagram/instagram.schema';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { FAKE_INSTAGRAM_APP } from '../../packages/server/src/integrations/instagram/fake-instagram.ts';
import { ADMIN, confirmDialog, login, openMenuEntry, test } from '../support.ts';

/** The shop's Instagram app in Settings, as staff add it once (kept from an earlier run on the same database). */
async function setUpInstagramApp(page: Page) {
  for (const [key, value] of [
    [INSTAGRAM_SETTING_KEYS.clientId, FAKE_INSTAGRAM_APP.clientId],
    [INSTAGRAM_SETTING_KEYS.clientSecret, FAKE_INSTAGRAM_APP.clientSecret],
  ] as const) {
    const found = (await (await page.request.get('/api/settings', { params: { search: key } })).json()) as { items: { id: number; key: string }[] };
    if (found.items.some((item) => item.key === key)) continue;
    const saved = await page.request.post('/api/settings', { data: { title: key, key, value } });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
}

test('generates the Instagram token through Instagram and removes it', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await setUpInstagramApp(page);
  await openMenuEntry(page, 'System', 'Instagram', /\/system\/settings\/instagram$/);
  await expect(page.getByRole('heading', { name: 'Instagram' })).toBeVisible();

  // Instagram (the local fake) approves at once and sends the browser back with ?code= and state.
  await page.getByRole('button', { name: 'Login & Generate' }).click();
  await expect(page.getByText(INSTAGRAM_MESSAGES.generated)).toBeVisible();
  await expect(page).toHaveURL(/\/system\/settings\/instagram$/);
  await expect(page.getByLabel('Token')).toHaveValue(/^\*{8}.{4}$/);
  await expect(page.getByText('Expires')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login & Generate' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Remove' }).click();
  await confirmDialog(page, INSTAGRAM_MESSAGES.removeConfirm, 'Remove');
  await expect(page.getByText(INSTAGRAM_MESSAGES.removed)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login & Generate' })).toBeVisible();
});

test('a return to the Instagram page with a code stays there (the image sync does not take it), and a foreign state is refused', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await setUpInstagramApp(page);
  await page.goto('/system/settings/instagram/auth/?code=someone-elses-code&state=1.2.3');
  await expect(page).toHaveURL(/\/system\/settings\/instagram\/auth\/\?code=/);
  await expect(page.getByText('The Instagram token was not generated')).toBeVisible();
  await expect(page.getByText(INSTAGRAM_MESSAGES.stateMismatch)).toBeVisible();
  await page.getByRole('button', { name: 'Back to Instagram' }).click();
  await expect(page).toHaveURL(/\/system\/settings\/instagram$/);
});
