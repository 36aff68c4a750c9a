import { MAIL_TEMPLATE_MESSAGES } from '@facet/contract/modules/mail/mail-template.schema';
import { expect } from '@playwright/test';
import { ADMIN, confirmDialog, login, openMenuEntry, test } from '../support.ts';

test('e-mail templates: edit the shipped e-mail with a live preview, refuse an unknown placeholder, save, reset to default', async ({ page }) => {
  test.slow();
  await login(page, ADMIN.username, ADMIN.password);
  // Another run on the same data may have left it changed.
  await page.request.post('/api/mail-templates/order-shipped/reset');
  await openMenuEntry(page, 'System', 'E-mail Templates', /\/system\/editor$/);
  await expect(page.getByRole('heading', { name: 'E-mail Templates' })).toBeVisible();

  await page.getByRole('menuitem', { name: /Order shipped/ }).click();
  await expect(page).toHaveURL(/\/system\/editor\?mail=order-shipped$/);
  const editor = page.getByRole('form', { name: 'Order shipped template' });
  await expect(editor.getByLabel('Subject')).toHaveValue('Your order {{orderNumber}} has been shipped');
  // The placeholders it offers, beside it; the preview fills them with samples.
  const placeholders = page.getByRole('list', { name: 'Placeholders' });
  for (const name of ['{{customerName}}', '{{trackingNumber}}', '{{deliveryDate}}', '{{shopSignature}}']) await expect(placeholders.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByTestId('preview-subject')).toHaveText('Your order 100231 has been shipped');

  await editor.getByLabel('Subject').fill('On its way: order {{orderNumber}} for {{customerName}}');
  await expect(page.getByTestId('preview-subject')).toHaveText('On its way: order 100231 for Ada Lovelace');
  const text = editor.getByRole('textbox', { name: 'Text' });
  await text.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Track it with {{trackingNumbr}}.');
  // A typo: the preview says which placeholders exist, and the server refuses to save it.
  await expect(page.getByText('Unknown placeholder {{trackingNumbr}}: this e-mail offers {{customerName}}', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Unknown placeholder {{trackingNumbr}}', { exact: false })).toBeVisible();

  await text.click();
  await page.keyboard.press('ControlOrMeta+End');
  for (let i = 0; i < '{{trackingNumbr}}.'.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('{{trackingNumber}} on the courier’s site.');
  await page.getByText('Plain text', { exact: true }).click();
  await expect(page.getByTestId('preview-text')).toContainText('Track it with RM123456785GB on the courier’s site.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MAIL_TEMPLATE_MESSAGES.saved)).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Order shipped/ })).toContainText('Customised');
  await page.getByText('E-mail', { exact: true }).click();
  await expect(page.frameLocator('iframe[title="E-mail preview"]').getByText('Track it with RM123456785GB', { exact: false })).toBeVisible();
  await page.screenshot({ path: '/tmp/mail-templates.png' });

  // What the server now sends for a shipped order.
  const saved = (await (await page.request.get('/api/mail-templates/order-shipped')).json()) as { subject: string; body: string; isCustomised: boolean };
  expect(saved).toMatchObject({ isCustomised: true, subject: 'On its way: order {{orderNumber}} for {{customerName}}' });
  expect(saved.body).toContain('Track it with {{trackingNumber}}');

  await expect(page.getByText(MAIL_TEMPLATE_MESSAGES.saved)).toBeHidden();
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await confirmDialog(page, 'Reset to default?', 'Reset');
  await expect(page.getByText(MAIL_TEMPLATE_MESSAGES.reset)).toBeVisible();
  await expect(editor.getByLabel('Subject')).toHaveValue('Your order {{orderNumber}} has been shipped');
  await expect(page.getByRole('menuitem', { name: /Order shipped/ })).not.toContainText('Customised');
  await expect(page.getByRole('button', { name: 'Reset to default' })).toBeDisabled();
});
