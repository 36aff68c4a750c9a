import { MESSAGES } from '@facet/contract/messages';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN, login, openMenuEntry, pickOption, selectOption, signInApi, test, uniqueName } from '../support.ts';

/** A real 4×4 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4uUgdjhiI4wAAl7IZISQkAugAAAAASUVORK5CYII=', 'base64');

/** The form item whose label is exactly `label`. */
function formItem(page: Page, label: string) {
  return page.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });
}

async function uploadImage(page: Page, label: string, name = 'picture.png') {
  const field = formItem(page, label);
  await field.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  await expect(field.locator('img')).toHaveAttribute('src', /^\/media\/[0-9a-f]{32}\.png$/);
}

async function createSection(request: APIRequestContext, body: Record<string, unknown>) {
  const response = await request.post('/api/widget-sections', { data: { subTitle: 'Made by a journey', status: true, ...body } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

/** SKUs a shopper can buy: the demo's Best Sellers section holds them. */
async function sellableSkus(request: APIRequestContext): Promise<string[]> {
  const list = (await (await request.get('/api/widget-sections', { params: { search: 'Best Sellers' } })).json()) as { items: { id: number; templateId: number }[] };
  const demo = list.items.find((item) => item.templateId === 5)!;
  const section = (await (await request.get(`/api/widget-sections/${demo.id}`)).json()) as { bestSellers: { skus: string[] }[] };
  return section.bestSellers.flatMap((entry) => entry.skus);
}

test('a banner with its six images: the required images, the 2 MB rule, then a save that returns to the list after 5 seconds', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await openMenuEntry(page, 'Widgets', 'Banner', /\/widgets\/banner$/);
  await page.getByRole('button', { name: 'Add Banner' }).click();
  await expect(page).toHaveURL(/\/widgets\/banner\/add$/);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(formItem(page, 'Name').locator('.ant-form-item-explain')).toHaveText(MESSAGES.required);
  for (const label of ['Desktop Main Image', 'Desktop Secondary Image', 'Desktop Secondary Image 2']) {
    await expect(formItem(page, label).locator('.ant-form-item-explain')).toHaveText(MESSAGES.desktopImageRequired);
  }
  for (const label of ['Mobile Main Image', 'Mobile Secondary Image', 'Mobile Secondary Image 2']) {
    await expect(formItem(page, label).locator('.ant-form-item-explain')).toHaveText(MESSAGES.imageRequired);
  }
  await formItem(page, 'Desktop Main Image').locator('input[type=file]').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2_097_153) });
  await expect(formItem(page, 'Desktop Main Image').locator('.ant-form-item-explain')).toHaveText(MESSAGES.maxFileSize2mb);

  const name = uniqueName('Spring banner ');
  await page.getByLabel('Name').fill(name);
  for (const label of ['Desktop Main Image', 'Mobile Main Image', 'Desktop Secondary Image', 'Mobile Secondary Image', 'Desktop Secondary Image 2', 'Mobile Secondary Image 2']) {
    await uploadImage(page, label);
  }
  // Two quick clicks, then another once saved: one banner all the same.
  const created: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/banners') created.push(request.url());
  });
  await page.getByRole('button', { name: 'Submit' }).dblclick();
  await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
  // The countdown takes the form's place: nothing is left to submit again.
  await expect(page.getByRole('status').filter({ hasText: /Returning to the list in \d seconds?\./ })).toBeVisible();
  await expect(page.getByText(`Banner ${name} saved.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the list now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(page.getByLabel('Name')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('banner-countdown.png') });
  await expect(page).toHaveURL(/\/widgets\/banner$/, { timeout: 9_000 });
  expect(created).toHaveLength(1);
  await page.getByPlaceholder('Search name').fill(name);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
});

test('a best-seller section: unknown and repeated SKUs open the Error dialog, valid ones are saved and previewed', async ({ page }) => {
  // Two saves, a dialog and a preview: more steps than most journeys.
  test.slow();
  await signInApi(page.request);
  const [first, second] = await sellableSkus(page.request);
  await login(page, ADMIN.username, ADMIN.password);
  await openMenuEntry(page, 'Widgets', 'Section', /\/widgets\/section$/);
  await expect(page.getByRole('heading', { name: 'Widgets Section' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Section' }).click();
  await expect(page).toHaveURL(/\/widgets\/section\/add$/);
  await expect(page.getByRole('heading', { name: 'Add Section' })).toBeVisible();

  const name = uniqueName('Best sellers ');
  await page.getByRole('textbox', { name: 'Section Name' }).fill(name);
  await page.getByLabel('Sort Order').fill('3');
  await pickOption(page, 'Select Template', 'Best Seller');
  await expect(page.getByText(MESSAGES.bestSellerCategoryNote)).toBeVisible();
  await pickOption(page, 'Select Category', 'Rings');
  const addItem = page.getByRole('button', { name: 'Add Item' });
  for (const sku of [first!, 'NO-SUCH-SKU', ` ${first!} `]) {
    await addItem.click();
    await page.getByPlaceholder('Child SKU').last().fill(sku);
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Error' });
  await expect(dialog).toContainText(MESSAGES.invalidSkus('NO-SUCH-SKU'));
  await expect(dialog).toContainText(MESSAGES.duplicateSkus(first!));
  await dialog.getByRole('button', { name: 'OK' }).click();
  // The section is reloaded: the SKUs typed are gone, the other fields stay.
  await expect(page.getByPlaceholder('Child SKU')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Section Name' })).toHaveValue(name);
  await pickOption(page, 'Select Category', 'Rings');
  for (const sku of [second!, first!]) {
    await addItem.click();
    await page.getByPlaceholder('Child SKU').last().fill(sku);
  }
  await page.getByRole('button', { name: 'Remove child SKU 2' }).click();
  await addItem.click();
  await page.getByPlaceholder('Child SKU').last().fill(first!);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.sectionAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/widgets\/section$/);

  await page.getByPlaceholder('Search section name or sub title').fill(name);
  // The search is sent after a pause in typing: wait for it, or it would bring the list back over the edit screen.
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Best Seller');
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/widgets\/section\/edit\/\d+$/);
  await page.getByRole('button', { name: /Rings \(2\)/ }).click();
  const preview = page.locator('.ant-collapse');
  await expect(preview).toContainText(second!);
  await expect(preview).toContainText(first!);
  await expect(preview).toContainText('£');
});

test('a two-column section takes two options, then Add Option is gone; an option downloads its QR code', async ({ page }) => {
  test.slow();
  await signInApi(page.request);
  const name = uniqueName('Two columns ');
  const section = await createSection(page.request, { sectionName: name, templateId: 3 });
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto(`/widgets/section/edit/${section.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Section' })).toBeVisible();

  const titles = [uniqueName('Natural '), uniqueName('Lab grown ')];
  for (const [index, title] of titles.entries()) {
    await page.getByRole('button', { name: 'Add Option' }).click();
    await expect(page).toHaveURL(new RegExp(`/widgets/section-option/add/\\?sectionId=${section.id}$`));
    await expect(page.getByRole('heading', { name: 'Add Section Option' })).toBeVisible();
    await formItem(page, 'Title').locator('input').fill(title);
    await pickOption(page, 'Link Type', 'Custom Link');
    if (index === 0) {
      await page.getByRole('textbox', { name: 'Custom Link' }).fill('https://shop.example.com/diamonds');
      await expect(formItem(page, 'Custom Link').locator('.ant-form-item-explain')).toHaveText(MESSAGES.customLinkHasDomain);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(formItem(page, 'Desktop Image').locator('.ant-form-item-explain')).toHaveText(MESSAGES.desktopImageRequired);
    }
    await page.getByRole('textbox', { name: 'Custom Link' }).fill(`diamonds/${index === 0 ? 'natural' : 'lab-grown'}`);
    await uploadImage(page, 'Desktop Image');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(MESSAGES.sectionOptionAdded)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/widgets/section/edit/${section.id}$`));
    await expect(page.getByRole('row').filter({ hasText: title })).toContainText(`diamonds/${index === 0 ? 'natural' : 'lab-grown'}`);
    // The toast gone before the next option's save, so the next 'Section Option added successfully' is its own (CI saw two).
    await expect(page.getByText(MESSAGES.sectionOptionAdded)).toBeHidden();
  }
  await expect(page.getByText('This template holds no more active options.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Option' })).toHaveCount(0);

  // The QR code: a 300×300 PNG named by the option's title.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download QR code of ${titles[0]}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${titles[0]}.png`);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const png = Buffer.concat(chunks);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([300, 300]);

  // Edit opens on the spec's odd route: the option's id, an ampersand, the section's id.
  await page.getByRole('row').filter({ hasText: titles[1]! }).getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/widgets/section-option/edit/\\d+&${section.id}$`));
  await expect(page.getByRole('heading', { name: 'Edit Section Option' })).toBeVisible();
  await expect(formItem(page, 'Title').locator('input')).toHaveValue(titles[1]!);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/widgets/section/edit/${section.id}$`));
});

/** A picture the shop already serves: a demo banner's desktop image (not a journey's 4×4 one), as an absolute http address. */
async function servedPicture(request: APIRequestContext): Promise<string> {
  const list = (await (await request.get('/api/banners', { params: { search: 'Home page' } })).json()) as { items: { id: number; name: string }[] };
  const demo = list.items.find((item) => item.name.startsWith('Home page: '))!;
  const banner = (await (await request.get(`/api/banners/${demo.id}`)).json()) as { desktopMainImage: string };
  return new URL(banner.desktopMainImage, process.env.FACET_BASE_URL).href;
}

/** HTML as this browser reads it, written out again: equal when the browser (and so the editor) sees the same document. */
const asBrowserSeesIt = (page: Page, html: string) =>
  page.evaluate((source) => {
    const template = document.createElement('template');
    template.innerHTML = source;
    return template.innerHTML;
  }, html);

test('a custom HTML section with a font, a table, a picture and a YouTube video: saved, reloaded and all still there', async ({ page }) => {
  test.slow();
  await signInApi(page.request);
  const picture = await servedPicture(page.request);
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/widgets/section/add');
  await expect(page.getByRole('heading', { name: 'Add Section' })).toBeVisible();
  const name = uniqueName('Our promise ');
  await page.getByRole('textbox', { name: 'Section Name' }).fill(name);
  await pickOption(page, 'Select Template', 'Custom HTML');

  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  /** A select of the toolbar, with the choice it shows. */
  const toolbarSelect = (name: string) => toolbar.getByRole('combobox', { name, exact: true }).locator('xpath=ancestor::div[contains(@class, "ant-select")][1]');
  const editor = page.getByRole('textbox').and(page.locator('.rich-text-editor__content'));
  await editor.click();
  await expect(editor).toBeFocused();
  // A heading in Didot: style and font are chosen first, then typed in.
  await selectOption(toolbar.getByRole('combobox', { name: 'Style' }), 'Heading 2');
  await selectOption(toolbar.getByRole('combobox', { name: 'Font', exact: true }), 'Didot');
  // The select hands the focus back to the editor, the font waiting at the cursor (a click would move the cursor and drop it).
  await expect(editor).toBeFocused();
  await page.keyboard.type('Our promise');
  await expect(editor.locator('h2 span')).toHaveAttribute('style', 'font-family: Didot, serif;');
  await page.keyboard.press('Enter');

  // A picture, a video, then a table, each below the one before.
  await toolbar.getByRole('button', { name: 'Picture' }).click();
  await page.getByRole('textbox', { name: 'Image address' }).fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Insert' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.invalidUrl })).toBeVisible();
  await page.getByRole('textbox', { name: 'Image address' }).fill(picture);
  await page.getByRole('textbox', { name: 'Alternative text' }).fill('Our showroom');
  await page.getByRole('button', { name: 'Insert' }).click();
  await expect(editor.locator('img')).toHaveAttribute('src', picture);
  // The picture's box fades out: until it is gone its Insert is a second one on the page (seen on a loaded machine).
  await expect(page.getByRole('textbox', { name: 'Image address' })).toBeHidden();

  await toolbar.getByRole('button', { name: 'Video' }).click();
  // Only YouTube and Vimeo become a player.
  await page.getByRole('textbox', { name: 'Video link' }).fill('https://videos.example.com/ring.mp4');
  await page.getByRole('button', { name: 'Insert' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.videoLinkNotEmbeddable })).toBeVisible();
  await page.getByRole('textbox', { name: 'Video link' }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page.getByRole('button', { name: 'Insert' }).click();
  const player = editor.locator('div[data-youtube-video] iframe');
  await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0');

  // A 3×3 table with a header row, given a fourth row, its first cells filled.
  await expect(editor).toBeFocused();
  await toolbar.getByRole('button', { name: 'Table' }).click();
  await page.getByRole('menuitem', { name: 'Insert table' }).click();
  await expect(editor.locator('table tr')).toHaveCount(3);
  await expect(editor).toBeFocused();
  await page.keyboard.type('Size');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Diameter');
  await toolbar.getByRole('button', { name: 'Table' }).click();
  await page.getByRole('menuitem', { name: 'Add row below' }).click();
  await expect(editor.locator('table tr')).toHaveCount(4);
  await expect(editor.locator('table th').first()).toHaveText('Size');
  // The tool hands the focus back to the editor a frame later, putting back the cursor it had: a
  // click before that would be undone.
  await expect(editor).toBeFocused();
  await page.locator('.ant-form-item').filter({ has: toolbar }).screenshot({ path: test.info().outputPath('custom-html-table.png') });

  await editor.locator('h2').click();
  await expect(toolbarSelect('Style')).toContainText('Heading 2');
  await page.locator('.ant-form-item').filter({ has: toolbar }).screenshot({ path: test.info().outputPath('custom-html-editor.png') });

  // What the editor wrote, as the code view shows it.
  await page.getByRole('button', { name: 'Code view' }).click();
  const written = await page.getByRole('textbox', { name: 'Content HTML' }).inputValue();
  console.log(`custom HTML as the editor wrote it:\n${written}`);
  expect(written).toContain('<h2><span style="font-family: Didot, serif;">Our promise</span></h2>');
  await page.getByRole('button', { name: 'Editor view' }).click();

  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/widget-sections' && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Submit' }).click();
  const section = (await (await saved).json()) as { id: number; content: string };
  await expect(page.getByText(MESSAGES.sectionAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/widgets\/section$/);
  // Stored unchanged: the same document to the browser as the editor's own HTML.
  expect(await asBrowserSeesIt(page, section.content)).toBe(await asBrowserSeesIt(page, written));

  await page.goto(`/widgets/section/edit/${section.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Section' })).toBeVisible();
  await expect(editor.locator('h2 span')).toHaveAttribute('style', 'font-family: Didot, serif;');
  await expect(editor.locator('h2')).toHaveText('Our promise');
  await expect(editor.locator('table tr')).toHaveCount(4);
  await expect(editor.locator('table th').nth(1)).toHaveText('Diameter');
  await expect(editor.locator('img')).toHaveAttribute('src', picture);
  await expect(editor.locator('img')).toHaveAttribute('alt', 'Our showroom');
  await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0');
  await editor.locator('h2').click();
  await expect(toolbarSelect('Style')).toContainText('Heading 2');
  await expect(toolbarSelect('Font')).toContainText('Didot');
  await page.getByRole('button', { name: 'Code view' }).click();
  expect(await asBrowserSeesIt(page, await page.getByRole('textbox', { name: 'Content HTML' }).inputValue())).toBe(await asBrowserSeesIt(page, written));
});

test('/widgets/pages is the spec’s placeholder', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/widgets/pages');
  await expect(page.getByRole('heading', { name: 'pages', exact: true })).toBeVisible();
});
