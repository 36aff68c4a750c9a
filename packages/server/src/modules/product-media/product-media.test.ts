import fs from 'node:fs';
import os from 'node:os';
import { MESSAGES } from '@facet/contract/messages';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '@facet/contract/modules/media/media.schema';
import type { ProductMediaRecord } from '@facet/contract/modules/product-media/product-media.schema';
import { MAX_LIBRARY_FILES } from '@facet/contract/modules/product-media/product-media.schema';
import { and, count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/audit.table.ts';
import { useAdminTestApp } from '../../test/test-app.ts';
import { multipartBody, pngOfSize, testImage, testMp4, testWebm, uploadProductMedia } from '../../test/upload.ts';
import { media } from '../media/media.table.ts';
import { UPLOAD_STAGING_PREFIX } from '../media/media.upload.ts';
import { PRODUCT_MEDIA_USAGES, moveLibrary, urlUsage } from './product-media.service.ts';
import { productMediaLibrary } from './product-media.table.ts';

describe('product media library', () => {
  const fx = useAdminTestApp();

  const storedFiles = () => (fs.existsSync(fx.t.config.mediaDir) ? fs.readdirSync(fx.t.config.mediaDir) : []);
  const rowCounts = async () => ({
    media: (await fx.t.db.select({ n: count() }).from(media))[0]!.n,
    library: (await fx.t.db.select({ n: count() }).from(productMediaLibrary))[0]!.n,
    files: storedFiles().length,
    // Videos are staged in the system's temporary folder while they arrive; a refusal leaves none behind.
    // Only this process's folders count: test files in other workers upload videos at the same time.
    staged: fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(UPLOAD_STAGING_PREFIX)).length,
  });
  const list = async (query: Record<string, string>, cookie = fx.admin) => {
    const response = await fx.t.request(cookie, { method: 'GET', url: '/api/product-media', query });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: ProductMediaRecord[] }).items;
  };
  const uploaded = async (sku: string, kind: 'image' | 'video', fileName: string, bytes: Buffer): Promise<ProductMediaRecord> => {
    const response = await uploadProductMedia(fx.t, fx.admin, { sku, kind }, { fileName, bytes });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  /** A refused upload: its status, its message on the file, and nothing kept (rows, files). */
  async function expectRefused(send: () => Promise<{ statusCode: number; body: string; json(): { error: { message: string; issues?: unknown[] } } }>, status: number, message: string) {
    // Counted before the request starts: a video being staged while it is counted would read as kept.
    const before = await rowCounts();
    const result = await send();
    expect(result.statusCode, result.body).toBe(status);
    expect(result.json().error.message).toBe(message);
    expect(result.json().error.issues).toEqual([{ path: ['file'], message }]);
    expect(await rowCounts()).toEqual(before);
  }

  it('uploads an image for a SKU through the media pipeline (re-encoded) and lists it with its cleaned name', async () => {
    const record = await uploaded('RING-100', 'image', 'C:\\photos\\Ring  Front.JPG', await testImage('jpeg', { width: 90, height: 60 }));
    expect(record).toMatchObject({ sku: 'ring-100', kind: 'image', name: 'Ring Front.JPG', contentType: 'image/jpeg', width: 90, height: 60 });
    expect(record.url).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    const served = await fx.t.app.inject({ method: 'GET', url: record.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes('EXIF-SECRET-OWNER')).toBe(false);
    // The SKU is matched without case.
    expect((await list({ sku: 'ring-100' })).map((item) => item.id)).toEqual([record.id]);
    const [audit] = await fx.t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product-media'), eq(auditLog.entityId, String(record.id))));
    expect(audit).toMatchObject({ action: 'create', actorName: 'admin' });
  });

  it('judges an image by its bytes: a .png name holding JPEG bytes is stored as JPEG', async () => {
    const record = await uploaded('RING-101', 'image', 'front.png', await testImage('jpeg'));
    expect(record.contentType).toBe('image/jpeg');
    expect(record.url).toMatch(/\.jpg$/);
  });

  it('accepts only png and jpeg as product images (document 2 §8): webp, svg and a video are refused with 415', async () => {
    await expectRefused(async () => uploadProductMedia(fx.t, fx.admin, { sku: 'RING-102', kind: 'image' }, { fileName: 'a.webp', bytes: await testImage('webp') }), 415, MESSAGES.fileFormatNotSupported);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
    await expectRefused(async () => uploadProductMedia(fx.t, fx.admin, { sku: 'RING-102', kind: 'image' }, { fileName: 'a.png', bytes: svg }), 415, MESSAGES.fileFormatNotSupported);
    await expectRefused(async () => uploadProductMedia(fx.t, fx.admin, { sku: 'RING-102', kind: 'image' }, { fileName: 'a.png', bytes: testMp4() }), 415, MESSAGES.fileFormatNotSupported);
  });

  it('accepts an image of exactly 2 MB and refuses one byte more with 413 and the spec message', async () => {
    await uploaded('RING-103', 'image', 'big.png', await pngOfSize(MAX_IMAGE_BYTES));
    await expectRefused(async () => uploadProductMedia(fx.t, fx.admin, { sku: 'RING-103', kind: 'image' }, { fileName: 'big.png', bytes: await pngOfSize(MAX_IMAGE_BYTES + 1) }), 413, MESSAGES.maxFileSize2mb);
  });

  it.each([
    ['mp4', testMp4, 'video/mp4'],
    ['webm', testWebm, 'video/webm'],
  ] as const)('stores a %s video as sent, decided from its bytes, and serves it with nosniff', async (extension, build, contentType) => {
    const bytes = build({ size: 300_000 });
    const record = await uploaded('RING-104', 'video', `clip.${extension === 'mp4' ? 'webm' : 'mp4'}`, bytes);
    expect(record).toMatchObject({ kind: 'video', contentType, byteSize: bytes.length, width: null, height: null });
    expect(record.url).toMatch(new RegExp(`\\.${extension}$`));
    const served = await fx.t.app.inject({ method: 'GET', url: record.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(contentType);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('serves a video by byte ranges (seeking; Safari plays nothing without them)', async () => {
    const bytes = testMp4({ size: 10_000 });
    const record = await uploaded('RING-110', 'video', 'clip.mp4', bytes);
    const whole = await fx.t.app.inject({ method: 'GET', url: record.url });
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await fx.t.app.inject({ method: 'GET', url: record.url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/10000');
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['x-content-type-options']).toBe('nosniff');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await fx.t.app.inject({ method: 'GET', url: record.url, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(bytes.subarray(9_990))).toBe(true);
    const past = await fx.t.app.inject({ method: 'GET', url: record.url, headers: { range: 'bytes=20000-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */10000');
  });

  it.each([
    ['a Windows program renamed .mp4', Buffer.concat([Buffer.from('MZ\x90\x00\x03', 'latin1'), Buffer.alloc(5000, 0x41)])],
    ['a Matroska file that is not WebM', testWebm({ docType: 'matroska' })],
    ['a HEIF still image (an ftyp box of an image brand)', testMp4({ brand: 'heic' })],
    ['an ftyp box naming no video brand', testMp4({ brand: 'qt  ' }).fill(0x20, 16, 24)],
    ['an EBML signature and garbage', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(100, 0xff)])],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s as a video with 415, storing nothing', async (_what, bytes) => {
    await expectRefused(async () => uploadProductMedia(fx.t, fx.admin, { sku: 'RING-105', kind: 'video' }, { fileName: 'clip.mp4', bytes }), 415, MESSAGES.fileFormatNotSupported);
  });

  it('refuses a PNG sent as a video with 415', async () => {
    await expectRefused(async () => uploadProductMedia(fx.t, fx.admin, { sku: 'RING-105', kind: 'video' }, { fileName: 'clip.mp4', bytes: await testImage('png') }), 415, MESSAGES.fileFormatNotSupported);
  });

  it('refuses a video past 50 MB with 413 and its limit in words, whole or cut off mid-file, storing nothing', async () => {
    const message = MESSAGES.maxFileSizeMb(50);
    const { payload, headers } = multipartBody({ fileName: 'long.mp4', bytes: testMp4({ size: MAX_VIDEO_BYTES + 1 }) });
    const url = '/api/product-media?sku=RING-106&kind=video';
    await expectRefused(() => fx.t.request(fx.admin, { method: 'POST', url, payload, headers }), 413, message);
    // Truncated: the body stops past the limit, without its closing boundary.
    await expectRefused(() => fx.t.request(fx.admin, { method: 'POST', url, payload: payload.subarray(0, MAX_VIDEO_BYTES + 10_000), headers }), 413, message);
  });

  it('refuses a video cut off under the limit with 400 Invalid file, leaving no temporary file behind', async () => {
    const { payload, headers } = multipartBody({ fileName: 'clip.mp4', bytes: testMp4({ size: 200_000 }) });
    await expectRefused(() => fx.t.request(fx.admin, { method: 'POST', url: '/api/product-media?sku=RING-107&kind=video', payload: payload.subarray(0, 100_000), headers }), 400, MESSAGES.invalidFile);
  });

  it('lists by SKU and kind in upload order; search applies from 2 characters, shorter text is ignored', async () => {
    const front = await uploaded('PENDANT-7', 'image', 'Pendant front.png', await testImage('png'));
    const side = await uploaded('PENDANT-7', 'image', 'pendant side.jpg', await testImage('jpeg'));
    const clip = await uploaded('PENDANT-7', 'video', 'pendant turn.mp4', testMp4());
    await uploaded('PENDANT-8', 'image', 'other front.png', await testImage('png'));
    const ids = (items: ProductMediaRecord[]) => items.map((item) => item.id);
    expect(ids(await list({ sku: 'PENDANT-7' }))).toEqual([front.id, side.id, clip.id]);
    expect(ids(await list({ sku: 'PENDANT-7', kind: 'image' }))).toEqual([front.id, side.id]);
    expect(ids(await list({ sku: 'PENDANT-7', kind: 'video' }))).toEqual([clip.id]);
    expect(ids(await list({ sku: 'PENDANT-7', search: 'FRONT' }))).toEqual([front.id]);
    expect(ids(await list({ sku: 'PENDANT-7', search: 'si' }))).toEqual([side.id]);
    // One character is no search at all: everything is listed.
    expect(ids(await list({ sku: 'PENDANT-7', search: 's' }))).toEqual([front.id, side.id, clip.id]);
    // Like-pattern characters are text.
    expect(await list({ sku: 'PENDANT-7', search: '%_' })).toEqual([]);
    expect(await list({ sku: 'NOTHING-HERE' })).toEqual([]);
  });

  it('refuses a missing or malformed SKU and an unknown kind with 400', async () => {
    for (const query of [{}, { sku: 'RING 1' }, { sku: 'RING-1', kind: 'audio' }] as Record<string, string>[]) {
      const response = await fx.t.request(fx.admin, { method: 'GET', url: '/api/product-media', query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
    const response = await uploadProductMedia(fx.t, fx.admin, { sku: 'RING/1', kind: 'image' }, { fileName: 'a.png', bytes: await testImage('png') });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: ['sku'], message: MESSAGES.lettersDigitsDashes }]);
  });

  it('deletes a file (204): it leaves the list, and its media row is soft deleted', async () => {
    const record = await uploaded('RING-108', 'image', 'gone.png', await testImage('png'));
    const response = await fx.t.request(fx.admin, { method: 'DELETE', url: `/api/product-media/${record.id}` });
    expect(response.statusCode, response.body).toBe(204);
    expect(await list({ sku: 'RING-108' })).toEqual([]);
    const [row] = await fx.t.db.select({ deletedAt: media.deletedAt }).from(media).where(eq(media.url, record.url));
    expect(row!.deletedAt).not.toBeNull();
    expect((await fx.t.request(fx.admin, { method: 'DELETE', url: `/api/product-media/${record.id}` })).statusCode).toBe(404);
  });

  it('removes a deleted file from disk once the delete has committed: its URL answers 404', async () => {
    const record = await uploaded('RING-110', 'image', 'gone-for-good.png', await testImage('png'));
    const name = record.url.replace('/media/', '');
    expect((await fx.t.app.inject({ url: record.url })).statusCode).toBe(200);
    expect((await fx.t.request(fx.admin, { method: 'DELETE', url: `/api/product-media/${record.id}` })).statusCode).toBe(204);
    expect(storedFiles()).not.toContain(name);
    expect((await fx.t.app.inject({ url: record.url })).statusCode).toBe(404);
  });

  describe('a file a saved product uses', () => {
    // The real usages (products) stay; this test adds a stand-in for a product holding the URL.
    const realUsages = [...PRODUCT_MEDIA_USAGES];
    afterEach(() => {
      PRODUCT_MEDIA_USAGES.splice(0, PRODUCT_MEDIA_USAGES.length, ...realUsages);
    });

    it('cannot be deleted (409 naming the user), and stays listed', async () => {
      const record = await uploaded('RING-109', 'image', 'used.png', await testImage('png'));
      const other = await uploaded('RING-109', 'image', 'unused.png', await testImage('png'));
      PRODUCT_MEDIA_USAGES.push(urlUsage('products', async (_db, urls) => urls.filter((url) => url === record.url)));
      const response = await fx.t.request(fx.admin, { method: 'DELETE', url: `/api/product-media/${record.id}` });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(MESSAGES.inUse('This image', 'products'));
      expect((await list({ sku: 'RING-109' })).map((item) => item.id)).toEqual([record.id, other.id]);
      expect((await fx.t.request(fx.admin, { method: 'DELETE', url: `/api/product-media/${other.id}` })).statusCode).toBe(204);
    });
  });

  it('moves a library to a new SKU, after the files already uploaded under it', async () => {
    const a1 = await uploaded('OLD-SKU', 'image', 'a1.png', await testImage('png'));
    const a2 = await uploaded('OLD-SKU', 'video', 'a2.webm', testWebm());
    const b1 = await uploaded('NEW-SKU', 'image', 'b1.png', await testImage('png'));
    const context = { actor: { id: 1, name: 'admin' }, ip: '127.0.0.1', requestId: 'test' };
    const moved = await fx.t.db.transaction((tx) => moveLibrary(tx, 'old-sku', 'NEW-SKU', context));
    expect(moved).toBe(2);
    expect(await list({ sku: 'OLD-SKU' })).toEqual([]);
    const items = await list({ sku: 'new-sku' });
    expect(items.map((item) => item.id)).toEqual([b1.id, a1.id, a2.id]);
    expect(items.every((item) => item.sku === 'new-sku')).toBe(true);
    expect(await fx.t.db.transaction((tx) => moveLibrary(tx, 'NEW-SKU', 'new-sku', context))).toBe(0);
    // Moved inside the caller's transaction: rolled back with it.
    await expect(
      fx.t.db.transaction(async (tx) => {
        await moveLibrary(tx, 'new-sku', 'THIRD', context);
        throw new Error('the product save failed');
      }),
    ).rejects.toThrow('the product save failed');
    expect(await list({ sku: 'THIRD' })).toEqual([]);
    expect(await list({ sku: 'new-sku' })).toHaveLength(3);
  });

  it(`refuses a file past ${MAX_LIBRARY_FILES} in one library with 409, storing nothing`, async () => {
    const first = await uploaded('FULL-1', 'image', 'first.png', await testImage('png'));
    const [row] = await fx.t.db.select().from(media).where(eq(media.url, first.url));
    // The other files of a full library, written directly: media rows under names nothing serves.
    const fillers = await fx.t.db
      .insert(media)
      .values(Array.from({ length: MAX_LIBRARY_FILES - 1 }, (_, i) => ({ ...row!, id: undefined, name: `filler-${i}.png`, url: `/media/filler-${i}.png` })))
      .returning({ id: media.id });
    await fx.t.db.insert(productMediaLibrary).values(fillers.map((filler, i) => ({ sku: 'full-1', mediaId: filler.id, kind: 'image', name: `filler ${i}`, sort: i + 2 })));
    const before = await rowCounts();
    const response = await uploadProductMedia(fx.t, fx.admin, { sku: 'FULL-1', kind: 'image' }, { fileName: 'one-more.png', bytes: await testImage('png') });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.mediaLibraryFull(MAX_LIBRARY_FILES));
    expect(await rowCounts()).toEqual(before);
    // Another library is not affected.
    await uploaded('FULL-2', 'image', 'fine.png', await testImage('png'));
  });

  it('the generic media upload takes a product video too, streamed (POST /api/media?purpose=product-video)', async () => {
    const bytes = testWebm({ size: 100_000 });
    const response = await fx.t.request(fx.admin, { method: 'POST', url: '/api/media', query: { purpose: 'product-video' }, ...multipartBody({ fileName: 'a.webm', bytes }) });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ purpose: 'product-video', contentType: 'video/webm', byteSize: bytes.length });
  });

  it('needs a session (401) and the products permission (403), writing nothing', async () => {
    const image = await testImage('png');
    const before = await rowCounts();
    expect((await fx.t.request(undefined, { method: 'GET', url: '/api/product-media', query: { sku: 'RING-1' } })).statusCode).toBe(401);
    expect((await uploadProductMedia(fx.t, undefined, { sku: 'RING-1', kind: 'image' }, { fileName: 'a.png', bytes: image })).statusCode).toBe(401);
    expect((await fx.t.request(undefined, { method: 'DELETE', url: '/api/product-media/1' })).statusCode).toBe(401);
    const outsider = await fx.t.createUserWith(['categories', 'attribute']);
    expect((await fx.t.request(outsider.cookie, { method: 'GET', url: '/api/product-media', query: { sku: 'RING-1' } })).statusCode).toBe(403);
    expect((await uploadProductMedia(fx.t, outsider.cookie, { sku: 'RING-1', kind: 'image' }, { fileName: 'a.png', bytes: image })).statusCode).toBe(403);
    expect((await fx.t.request(outsider.cookie, { method: 'DELETE', url: '/api/product-media/1' })).statusCode).toBe(403);
    expect(await rowCounts()).toEqual(before);
    const cataloguer = await fx.t.createUserWith(['products']);
    const response = await uploadProductMedia(fx.t, cataloguer.cookie, { sku: 'RING-1', kind: 'image' }, { fileName: 'a.png', bytes: image });
    expect(response.statusCode).toBe(201);
    expect(await list({ sku: 'RING-1' }, cataloguer.cookie)).toHaveLength(1);
  });
});
