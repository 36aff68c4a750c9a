import { MESSAGES } from '@facet/contract/messages';
import { BANNER_IMAGE_FIELDS, bannerResource } from '@facet/contract/modules/banners/banner.schema';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import type { TestApp } from '../../test/test-app.ts';
import { useAdminTestApp } from '../../test/test-app.ts';
import { pngOfSize, testImage, upload } from '../../test/upload.ts';
import { banners } from './banner.table.ts';

/** One stored banner image per test app (every slot may hold the same upload). */
const imageOf = new WeakMap<TestApp, Promise<string>>();
function bannerImage(t: TestApp): Promise<string> {
  let url = imageOf.get(t);
  if (!url) {
    url = (async () => {
      const admin = await t.login();
      const response = await upload(t, admin, 'banner-image', { fileName: 'banner.webp', bytes: await testImage('webp') });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { url: string }).url;
    })();
    imageOf.set(t, url);
  }
  return url;
}

async function validBanner(n: number, t: TestApp) {
  const url = await bannerImage(t);
  return { name: `Home page banner ${n}`, status: true, ...Object.fromEntries(BANNER_IMAGE_FIELDS.map(({ field }) => [field, url])) };
}

describeCrudResource({
  resource: bannerResource,
  validInput: validBanner,
  updateChange: (n) => ({ name: `Renamed banner ${n}` }),
  invalid: [
    { name: 'a missing name', input: ({ name: _n, ...v }) => v, field: 'name', message: MESSAGES.required },
    { name: 'a name over 255 characters', input: (v) => ({ ...v, name: 'n'.repeat(256) }), field: 'name', message: MESSAGES.maxLength(255) },
    { name: 'a missing desktop main image', input: ({ desktopMainImage: _d, ...v }) => v, field: 'desktopMainImage', message: MESSAGES.desktopImageRequired },
    { name: 'an empty desktop secondary image', input: (v) => ({ ...v, desktopSecondaryImage: '' }), field: 'desktopSecondaryImage', message: MESSAGES.desktopImageRequired },
    { name: 'an empty desktop secondary image 2', input: (v) => ({ ...v, desktopSecondaryImage2: ' ' }), field: 'desktopSecondaryImage2', message: MESSAGES.desktopImageRequired },
    { name: 'an empty mobile main image', input: (v) => ({ ...v, mobileMainImage: '' }), field: 'mobileMainImage', message: MESSAGES.imageRequired },
    { name: 'a missing mobile secondary image 2', input: ({ mobileSecondaryImage2: _m, ...v }) => v, field: 'mobileSecondaryImage2', message: MESSAGES.imageRequired },
  ],
});

describe('banners: images through the media pipeline', () => {
  const app = useAdminTestApp();

  it('refuses an image that is no banner upload (another purpose, or no upload at all) and writes nothing', async () => {
    const valid = await validBanner(1, app.t);
    const other = (await upload(app.t, app.admin, 'category-image', { fileName: 'c.png', bytes: await testImage('png') })).json() as { url: string };
    const [before] = await app.t.db.select({ n: count() }).from(banners);
    for (const desktopMainImage of [other.url, '/media/not-an-upload.png']) {
      const response = await app.t.request(app.admin, { method: 'POST', url: '/api/banners', payload: { ...valid, desktopMainImage } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues).toEqual([{ path: ['desktopMainImage'], message: MESSAGES.invalidFile }]);
    }
    const [after] = await app.t.db.select({ n: count() }).from(banners);
    expect(after!.n).toBe(before!.n);
  });

  it("refuses a banner image over 2 MB with 'Maximum file size should be 2MB.' and a gif as not supported", async () => {
    const big = await upload(app.t, app.admin, 'banner-image', { fileName: 'big.png', bytes: await pngOfSize(2_097_153) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(MESSAGES.maxFileSize2mb);
    const gif = await upload(app.t, app.admin, 'banner-image', { fileName: 'a.gif', bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1') });
    expect(gif.statusCode).toBe(415);
    expect(gif.json().error.message).toBe(MESSAGES.fileFormatNotSupported);
    const exact = await upload(app.t, app.admin, 'banner-image', { fileName: 'edge.png', bytes: await pngOfSize(2_097_152) });
    expect(exact.statusCode, exact.body).toBe(201);
  });

  it('lets only holders of Widgets upload banner images and save banners (401, 403)', async () => {
    const valid = await validBanner(2, app.t);
    expect((await app.t.request(undefined, { method: 'POST', url: '/api/banners', payload: valid })).statusCode).toBe(401);
    const other = await app.t.createUserWith(['section']);
    expect((await app.t.request(other.cookie, { method: 'POST', url: '/api/banners', payload: valid })).statusCode).toBe(403);
    expect((await upload(app.t, other.cookie, 'banner-image', { fileName: 'b.png', bytes: await testImage('png') })).statusCode).toBe(403);
    const widgets = await app.t.createUserWith(['widgets']);
    expect((await app.t.request(widgets.cookie, { method: 'POST', url: '/api/banners', payload: valid })).statusCode).toBe(201);
  });
});
