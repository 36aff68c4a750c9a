import { MESSAGES } from '@facet/contract/messages';
import { expect } from '@playwright/test';
import { ADMIN, login, openMenuEntry, test } from '../support.ts';

test('Job Centre: start the demo job and watch it reach Succeeded', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await openMenuEntry(page, 'System', 'Job Centre', /\/system\/jobs$/);
  await expect(page.getByRole('heading', { name: 'Job Centre' })).toBeVisible();

  // Active is the default choice; the job runs through every demo rate and reports what it changed.
  await page.getByRole('button', { name: 'Start Job' }).click();
  await expect(page.getByText(MESSAGES.jobStarted)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Set status of all shipping rates' }).first();
  await expect(row).toBeVisible();
  // The list polls while the job runs: the row turns Succeeded without a reload.
  await expect(row.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('status: Active');
  await expect(row).toContainText(ADMIN.username);
  await page.screenshot({ path: 'test-results/job-centre.png', fullPage: true });
});
