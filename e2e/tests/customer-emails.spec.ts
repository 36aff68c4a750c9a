import { expect as baseExpect } from '@playwright/test';
import { MAIL_MESSAGES } from '@facet/contract/modules/mail/mail.schema';
import { ADMIN, login, sidebar, test } from '../support.ts';

/**
 * Sales > Customer E-mails (issue 24): the outbox opens from the menu for sales staff, and on a shop
 * with no SMTP server configured (this journey's server has none) it says that mails wait there.
 * The sending itself is tested against an SMTP server in the server's tests (mail.test.ts).
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test('open the customer e-mails from the menu and read why nothing is sent without an SMTP server', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  const menu = sidebar(page);
  await menu.getByText('Sales', { exact: true }).first().click();
  await menu.getByRole('link', { name: 'Customer E-mails', exact: true }).click();
  await expect(page).toHaveURL(/\/sales\/customer-emails$/);
  await expect(page.getByRole('heading', { name: 'Customer E-mails' })).toBeVisible();
  await expect(page.getByText(MAIL_MESSAGES.notConfigured)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Sent / Next Try' })).toBeVisible();
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByText('Status', { exact: true }).first()).toBeVisible();
});
