import { MESSAGES } from '@facet/contract/messages';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN, login, test, uniqueName } from '../support.ts';

function fieldError(page: Page, label: string) {
  return page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }).locator('.ant-form-item-explain');
}

test('a content page: rejected form with the spec messages, then created with rich text, found by page code and edited', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Content Management' }).click();
  await expect(page).toHaveURL(/\/contentManagement$/);
  await page.getByRole('button', { name: 'Add Page' }).click();
  await expect(page).toHaveURL(/\/contentManagement\/add$/);

  await page.getByRole('button', { name: 'Submit' }).click();
  for (const label of ['Title', 'Slug', 'Meta Title', 'Meta Keywords', 'Meta Description']) {
    await expect(fieldError(page, label)).toHaveText(MESSAGES.required);
  }
  await page.getByLabel('Title', { exact: true }).fill('t'.repeat(256));
  await page.getByLabel('Slug').fill('s'.repeat(51));
  await page.getByLabel('Meta Title').fill('m'.repeat(256));
  await expect(fieldError(page, 'Title')).toHaveText(MESSAGES.maxLength(255));
  await expect(fieldError(page, 'Slug')).toHaveText(MESSAGES.maxLength(50));
  await expect(fieldError(page, 'Meta Title')).toHaveText(MESSAGES.maxLength(255));

  // Valid in the browser, refused by the server: the demo data already has the slug about-us.
  await page.getByLabel('Title', { exact: true }).fill('Gift Wrapping');
  await page.getByLabel('Slug').fill('about-us');
  await page.getByLabel('Meta Title').fill('Gift Wrapping | Facet');
  await page.getByLabel('Meta Keywords').fill('gift wrap, presentation box');
  await page.getByLabel('Meta Description').fill('Every piece arrives in our signature box.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(fieldError(page, 'Slug')).toHaveText(MESSAGES.duplicate('Slug'));
  await expect(page).toHaveURL(/\/contentManagement\/add$/);

  const slug = uniqueName('gift wrapping ');
  await page.getByLabel('Slug').fill(slug);
  const editor = page.getByRole('textbox').and(page.locator('.rich-text-editor__content'));
  await editor.click();
  // The toolbar hands the focus back to the editor after its click: type only once it has, and the
  // mark is on (or off), else the first letters land nowhere.
  const bold = page.getByRole('button', { name: 'Bold' });
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await expect(editor).toBeFocused();
  await page.keyboard.type('Complimentary');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await expect(editor).toBeFocused();
  await page.keyboard.type(' gift wrapping on every order.');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/content-pages') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Submit' }).click();
  const record = await (await created).json();
  expect(record.content).toBe('<p><strong>Complimentary</strong> gift wrapping on every order.</p>');
  // Inner spaces of the slug became dashes; the page code was taken from it.
  expect(record.slug).toBe(slug.replace(/ /g, '-'));
  await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/contentManagement$/);

  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(record.pageCode.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`search=${record.pageCode}`, 'i'));
  const row = page.getByRole('row', { name: /Gift Wrapping/ });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByText(`Page code: ${record.pageCode}`)).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('Gift Wrapping Service');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();
  await expect(page.getByRole('row', { name: /Gift Wrapping Service/ })).toBeVisible();
});
