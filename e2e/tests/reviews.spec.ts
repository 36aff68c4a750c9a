import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { MESSAGES } from '@facet/contract/messages';
import { ADMIN, login, openMenuEntry, selectOption, test, uniqueName } from '../support.ts';

/** Sends a review of a demo product through the storefront API (scope reviews:write), by `author`; it arrives Pending. */
async function sendReview(page: Page, author: string) {
  const key = await page.request.post('/api/api-keys', { data: { name: `journey ${author}`, scopes: ['reviews:write'] } });
  expect(key.status(), await key.text()).toBe(201);
  const { key: secret } = (await key.json()) as { key: string };
  // A product a demo review is about: a live, active top-level product.
  const [demo] = ((await (await page.request.get('/api/reviews?pageSize=1&type=product')).json()) as { items: { productId: number }[] }).items;
  const sent = await page.request.post('/api/storefront/v1/reviews', {
    headers: { authorization: `Bearer ${secret}` },
    data: { type: 'product', productId: demo!.productId, name: author, title: 'Beautiful ring', review: 'Sparkles in every light.', rating: 4.5 },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

test('reviews: find a pending review, approve it in the edit form, and see it approved in the list', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  const author = uniqueName('Reviewer');
  await sendReview(page, author);

  await openMenuEntry(page, 'Marketing', 'Reviews', /\/marketing\/reviews$/);
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  for (const column of ['Product / SKU', 'Type', 'Author', 'Title', 'Rating', 'Status', 'Date']) await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();

  await page.getByPlaceholder('Search product, SKU, author or title').fill(author);
  const row = page.getByRole('row', { name: new RegExp(author) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByRole('cell', { name: '4.5 / 5' })).toBeVisible();

  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/marketing\/reviews\/edit\/\d+/);
  await expect(page.getByRole('heading', { name: 'Edit Review' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Beautiful ring');
  // A title is optional (document 3 §5: only the status is required).
  await page.getByLabel('Title').fill('');
  await selectOption(page.getByLabel('Status', { exact: true }), 'Approved');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.reviewUpdated)).toBeVisible();
  await expect(page).toHaveURL(/\/marketing\/reviews/);

  const approved = page.getByRole('row', { name: new RegExp(author) });
  await expect(approved.getByText('Approved')).toBeVisible();
  // The Status filter finds it among the approved ones.
  await page.getByRole('button', { name: 'Filters' }).click();
  await selectOption(page.getByRole('form', { name: 'Filters' }).getByLabel('Status'), 'Approved');
  await page.getByRole('form', { name: 'Filters' }).getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=approved/);
  await expect(page.getByRole('row', { name: new RegExp(author) })).toHaveCount(1);
});
