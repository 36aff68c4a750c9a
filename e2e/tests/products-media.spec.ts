import { MESSAGES } from '@facet/contract/messages';
import { expect } from '@playwright/test';
import { fillMainFields, seedRingSet, uploadLibraryImage, uploadLibraryVideo } from '../product-fixtures.ts';
import { ADMIN, login, test, uniqueName } from '../support.ts';

test.describe.configure({ timeout: 180_000 });

test("a product without variants gets its own images, a main image and a video from Select Media, saved with the product", async ({ page, request }) => {
  const run = uniqueName('Pm');
  const sku = `${run.toUpperCase()}-P`;
  await seedRingSet(request, run);
  const front = await uploadLibraryImage(request, sku, 'pendant-front.png', { r: 212, g: 175, b: 55 });
  const side = await uploadLibraryImage(request, sku, 'pendant-side.png', { r: 180, g: 180, b: 190 });
  const back = await uploadLibraryImage(request, sku, 'pendant-back.png', { r: 120, g: 90, b: 60 });
  const clip = await uploadLibraryVideo(request, sku, 'pendant-turntable.webm');

  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/products/add');
  await fillMainFields(page, run, { name: `${run} Heart Pendant`, sku, price: '420' });

  const own = page.getByTestId('product-images');
  await expect(own.getByTestId('product-images-summary')).toHaveText('No images chosen');
  await own.getByRole('button', { name: 'Select Media' }).click();
  const modal = page.getByRole('dialog', { name: 'Select Media' });
  await expect(modal.getByTestId('select-media-image')).toHaveCount(3);
  // The search applies from 2 characters.
  await modal.getByLabel('Search media').fill('s');
  await expect(modal.getByText('Type at least 2 characters to search.')).toBeVisible();
  await expect(modal.getByTestId('select-media-image')).toHaveCount(3);
  await modal.getByLabel('Search media').fill('side');
  await expect(modal.getByTestId('select-media-image')).toHaveCount(1);
  await modal.getByLabel('Search media').fill('');
  await expect(modal.getByTestId('select-media-image')).toHaveCount(3);
  await modal.getByText('Select All').click();
  await expect(modal.getByTestId('select-media-image').getByRole('checkbox', { checked: true })).toHaveCount(3);
  await modal.getByTestId('select-media-image').filter({ hasText: 'pendant-side.png' }).getByRole('button', { name: 'Set as Main Image' }).click();
  await expect(modal.getByTestId('select-media-image').filter({ hasText: 'pendant-side.png' })).toContainText('Main Image');
  await modal.getByRole('radio', { name: 'pendant-turntable.webm' }).check();
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal).toBeHidden();
  // No 'Apply Image To?' for the product itself: it has no options.
  await expect(page.getByRole('dialog', { name: 'Apply Image To?' })).toHaveCount(0);

  await expect(own.getByTestId('product-images-summary')).toHaveText('3 images, 1 video');
  const tiles = own.getByTestId('product-image');
  await expect(tiles).toHaveCount(3);
  // The main image comes first and is marked.
  await expect(tiles.first()).toContainText('pendant-side.png');
  await expect(tiles.first()).toContainText('Main Image');
  await expect(own.locator('[data-testid="product-image"][data-main]')).toHaveCount(1);
  await expect(own.getByTestId('product-video')).toContainText('pendant-turntable.webm');
  await own.scrollIntoViewIfNeeded();
  await page.getByTestId('section-Product Media').screenshot({ path: 'test-results/screens/product-media-chosen.png' });

  // Set another main image straight from the form.
  await tiles.filter({ hasText: 'pendant-back.png' }).getByRole('button', { name: 'Set as Main Image' }).click();
  await expect(tiles.first()).toContainText('pendant-back.png');

  const writes: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/') && sent.method() !== 'GET') writes.push(`${sent.method()} ${new URL(sent.url()).pathname}`);
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
  expect(writes).toEqual(['POST /api/products']);

  const found = (await (await request.get(`/api/products/search?term=${run}`)).json()) as { id: number }[];
  const saved = (await (await request.get(`/api/products/${found[0]!.id}`)).json()) as { baseImage: string; otherImages: string[]; videos: string[] };
  expect(saved.baseImage).toBe(back.url);
  expect([...saved.otherImages].sort()).toEqual([front.url, side.url].sort());
  expect(saved.videos).toEqual([clip.url]);

  // Reopened: the same images, the main one first and marked; the list shows it too.
  await page.goto(`/products/edit/${found[0]!.id}`);
  await expect(own.getByTestId('product-image')).toHaveCount(3);
  await expect(own.getByTestId('product-image').first()).toContainText('pendant-back.png');
  await expect(own.getByTestId('product-image').first()).toContainText('Main Image');
  await expect(own.getByTestId('product-video')).toHaveCount(1);
  await page.setViewportSize({ width: 1366, height: 1400 });
  await page.getByTestId('section-Product Media').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/product-form-media.png', fullPage: false });
});
