import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeS3 } from './fake-s3.ts';
import { startFakeS3 } from './fake-s3.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { testImage, testMp4, upload, uploadProductMedia } from '../../test/upload.ts';
import { media } from '../../modules/media/media.table.ts';
import { removeDeletedMediaFiles } from '../../modules/media/media.service.ts';
import { loadConfig } from '../../config.ts';
import { createS3Storage } from './s3-storage.ts';

describe('media in an S3-compatible bucket', () => {
  let s3: FakeS3;
  let t: TestApp;
  let admin: string;
  const settings = () => ({
    bucket: s3.bucket,
    region: 'eu-west-2',
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    prefix: 'media/',
  });

  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createTestApp({ s3: settings() });
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores an upload in the bucket under the prefix, re-encoded, and serves it back through /media', async () => {
    const response = await upload(t, admin, 'category-image', { fileName: 'ring.png', bytes: await testImage('png') });
    expect(response.statusCode, response.body).toBe(201);
    const { url } = response.json() as { url: string };
    const name = url.replace('/media/', '');
    const stored = s3.objects.get(`media/${name}`);
    expect(stored?.contentType).toBe('image/png');
    expect(stored!.body.includes('EXIF-SECRET-OWNER')).toBe(false);
    // Nothing on local disk when S3 is configured.
    expect(fs.existsSync(t.config.mediaDir) ? fs.readdirSync(t.config.mediaDir) : []).toEqual([]);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(stored!.body)).toBe(true);
  });

  it('streams a product video from its staged file into the bucket, unchanged, and serves it back', async () => {
    const bytes = testMp4({ size: 3_000_000 });
    const response = await uploadProductMedia(t, admin, { sku: 'RING-1', kind: 'video' }, { fileName: 'turn.mp4', bytes });
    expect(response.statusCode, response.body).toBe(201);
    const { url } = response.json() as { url: string };
    const stored = s3.objects.get(`media/${url.replace('/media/', '')}`);
    expect(stored?.contentType).toBe('video/mp4');
    expect(stored!.body.equals(bytes)).toBe(true);
    const served = await t.app.inject({ url });
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const part = await t.app.inject({ url, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);
    expect((await t.app.inject({ url, headers: { range: `bytes=${bytes.length}-` } })).statusCode).toBe(416);
    expect((await t.app.inject({ url: '/media/0123456789abcdef0123456789abcdef.mp4', headers: { range: 'bytes=0-1' } })).statusCode).toBe(404);
  });

  it('removes a deleted library file from the bucket once the delete has committed: its URL answers 404', async () => {
    const response = await uploadProductMedia(t, admin, { sku: 'RING-2', kind: 'image' }, { fileName: 'gone.png', bytes: await testImage('png') });
    const { id, url } = response.json() as { id: number; url: string };
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    expect((await t.request(admin, { method: 'DELETE', url: `/api/product-media/${id}` })).statusCode).toBe(204);
    expect(s3.objects.has(`media/${url.replace('/media/', '')}`)).toBe(false);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('leaves a file the bucket would not remove to the sweep, which removes it later; the delete itself succeeds', async () => {
    const response = await uploadProductMedia(t, admin, { sku: 'RING-3', kind: 'image' }, { fileName: 'stuck.png', bytes: await testImage('png') });
    const { id, url } = response.json() as { id: number; url: string };
    s3.refuseDeletes = true;
    try {
      expect((await t.request(admin, { method: 'DELETE', url: `/api/product-media/${id}` })).statusCode).toBe(204);
    } finally {
      s3.refuseDeletes = false;
    }
    expect(s3.objects.has(`media/${url.replace('/media/', '')}`)).toBe(true);
    expect(await removeDeletedMediaFiles(t.db, createS3Storage(settings()))).toBe(1);
    expect(s3.objects.has(`media/${url.replace('/media/', '')}`)).toBe(false);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    const [row] = await t.db.select({ fileRemovedAt: media.fileRemovedAt }).from(media).where(eq(media.url, url));
    expect(row!.fileRemovedAt).not.toBeNull();
    // Done once: the next sweep finds nothing left.
    expect(await removeDeletedMediaFiles(t.db, createS3Storage(settings()))).toBe(0);
  });

  it('answers 404 for a name the bucket does not hold', async () => {
    expect((await t.app.inject({ url: '/media/0123456789abcdef0123456789abcdef.png' })).statusCode).toBe(404);
  });

  it('signs every request: the bucket refuses a wrong secret, and nothing is stored', async () => {
    const wrong = createS3Storage({ ...settings(), secretAccessKey: 'not-the-secret' });
    const before = s3.objects.size;
    await expect(wrong.put('wrong.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/SignatureDoesNotMatch|403/);
    expect(s3.objects.size).toBe(before);
    const right = createS3Storage(settings());
    await right.put('right.png', Buffer.from('x'), 'image/png');
    await right.remove('right.png');
    expect(s3.objects.has('media/right.png')).toBe(false);
  });

  it('is chosen by S3_BUCKET, which then needs the keys', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID/);
    const config = loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'http://minio:9000' });
    expect(config.s3).toMatchObject({ bucket: 'b', endpoint: 'http://minio:9000', forcePathStyle: true, region: 'eu-west-2', prefix: '' });
  });
});
