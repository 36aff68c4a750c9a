import { MESSAGES } from '@facet/contract/messages';
import { expect } from '@playwright/test';
import { ADMIN, chooseOption, login, openMenuEntry, test, uniqueName } from '../support.ts';

test('a blog post gets its slug from the title, is listed, and appears in the sitemap', async ({ page }) => {
  // Three screens and two forms: more than the default minute on a loaded machine.
  test.slow();
  await login(page, ADMIN.username, ADMIN.password);
  const run = uniqueName('j');

  // A category: a name with punctuation is refused on the form.
  await openMenuEntry(page, 'Blog', 'Blog Category', /\/blog\/blogcategory$/);
  await expect(page.getByRole('heading', { name: 'Blog Category' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Blog Category' }).click();
  await expect(page).toHaveURL(/\/blog\/blogcategory\/add$/);
  await expect(page.getByRole('heading', { name: 'Add Blog Category' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(`Guides & Tips ${run}`);
  await page.getByLabel('Slug', { exact: true }).fill(`guides-${run}`);
  await page.getByLabel('Description', { exact: true }).fill('Advice from the workshop.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.lettersDigitsDashSpace)).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(`Guides ${run}`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/blog\/blogcategory$/);
  // Its toast gone first, so the post's own 'Record added successfully' is the one seen below (CI saw both at once).
  await expect(page.getByText(MESSAGES.recordAdded)).toBeHidden();

  // A post: the slug follows the title.
  await openMenuEntry(page, 'Blog', 'Blogs', /\/blog\/blogs$/);
  await page.getByRole('button', { name: 'Add Blog' }).click();
  await expect(page).toHaveURL(/\/blog\/add$/);
  await expect(page.getByRole('heading', { name: 'Add Blog' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(`Rings & Stacks: A Guide ${run}`);
  const slug = `rings-stacks-a-guide-${run.toLowerCase()}`;
  await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(slug);
  await chooseOption(page, 'Category', `Guides ${run}`);
  await page.getByLabel('Short Description').fill('How to build a stack of rings.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/blog\/blogs$/);
  await page.getByPlaceholder('Search title or slug').fill(run);
  await expect(page.getByRole('row', { name: new RegExp(slug) })).toBeVisible();

  // Generated from the navigation menu screen, the sitemap lists the post at 0.6.
  await page.goto('/system/navigation-menu');
  const generated = page.waitForResponse((r) => r.url().endsWith('/api/navigation-menu/sitemap'));
  await page.getByRole('button', { name: 'Generate Sitemap' }).click();
  expect((await generated).status()).toBe(201);
  const xml = await (await page.request.get('/sitemap.xml')).text();
  expect(xml).toMatch(new RegExp(`<loc>[^<]+/blog/${slug}</loc>\\s*<lastmod>[\\d-]+</lastmod>\\s*<priority>0\\.6</priority>`));
});
