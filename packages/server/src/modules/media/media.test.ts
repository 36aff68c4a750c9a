import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@facet/contract/messages';
import { MAX_IMAGE_BYTES } from '@facet/contract/modules/media/media.schema';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp, useAdminTestApp } from '../../test/test-app.ts';
import { pngOfSize, testImage, upload } from '../../test/upload.ts';
import { auditLog } from '../../db/audit.table.ts';
import { media } from './media.table.ts';

const CLEAN_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported by a drawing tool -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24">
  <metadata><rdf>author</rdf></metadata>
  <defs><linearGradient id="gold"><stop offset="0" stop-color="#c9a227"/></linearGradient></defs>
  <style>.ring{fill:url(#gold)}</style>
  <circle class="ring" cx="12" cy="12" r="10"/><use xlink:href="#gold"/>
</svg>`;

const HOSTILE_SVGS: Record<string, string> = {
  'a script element': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><circle r="4"/></svg>',
  'an event handler': '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>',
  'a foreign object': '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="https://evil.example"/></foreignObject></svg>',
  'an external reference': '<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.example/sprite.svg#icon"/></svg>',
  'a javascript: link': '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><circle r="4"/></a></svg>',
  'an external url in a style': '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4" style="fill:url(https://evil.example/track)"/></svg>',
  'an entity declaration': '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
};

describe('media uploads', () => {
  const fx = useAdminTestApp();

  const storedFiles = () => (fs.existsSync(fx.t.config.mediaDir) ? fs.readdirSync(fx.t.config.mediaDir) : []);
  const mediaRows = async () => (await fx.t.db.select({ total: count() }).from(media))[0]!.total;

  /** Runs a refused upload and checks its status, its message on the file and that nothing was kept. */
  async function expectRefused(response: Promise<{ statusCode: number; json(): { error: { message: string; issues?: unknown[] } } }>, status: number, message: string) {
    const filesBefore = storedFiles().length;
    const rowsBefore = await mediaRows();
    const result = await response;
    expect(result.statusCode).toBe(status);
    expect(result.json().error.message).toBe(message);
    expect(result.json().error.issues).toEqual([{ path: ['file'], message }]);
    expect(storedFiles().length).toBe(filesBefore);
    expect(await mediaRows()).toBe(rowsBefore);
  }

  it.each(['png', 'jpeg', 'webp'] as const)('accepts a real %s, re-encodes it without its EXIF metadata and serves it safely', async (type) => {
    const original = await testImage(type, { width: 120, height: 80 });
    expect(original.includes('EXIF-SECRET-OWNER')).toBe(true);
    const response = await upload(fx.t, fx.admin, 'category-image', { fileName: `My Ring Photo.${type}`, bytes: original });
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json();
    expect(record).toMatchObject({ purpose: 'category-image', contentType: `image/${type}`, width: 120, height: 80 });
    expect(record.name).toMatch(/^[0-9a-f]{32}\.(png|jpg|webp)$/);
    expect(record.url).toBe(`/media/${record.name}`);
    expect(storedFiles()).toContain(record.name);

    const served = await fx.t.app.inject({ method: 'GET', url: record.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(`image/${type}`);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const bytes = served.rawPayload;
    expect(bytes.includes('EXIF-SECRET-OWNER')).toBe(false);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.format).toBe(type);
    expect([metadata.width, metadata.height]).toEqual([120, 80]);
  });

  it('decides the type from the bytes, not the name: a JPEG called .png is stored and served as JPEG', async () => {
    const response = await upload(fx.t, fx.admin, 'category-image', { fileName: 'banner.png', bytes: await testImage('jpeg'), contentType: 'image/png' });
    expect(response.statusCode).toBe(201);
    expect(response.json().contentType).toBe('image/jpeg');
    expect(response.json().name).toMatch(/\.jpg$/);
  });

  it('accepts a file of exactly 2097152 bytes and refuses one byte more with 413 and the spec message, storing nothing', async () => {
    const atLimit = await upload(fx.t, fx.admin, 'category-image', { fileName: 'big.png', bytes: await pngOfSize(MAX_IMAGE_BYTES) });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    await expectRefused(upload(fx.t, fx.admin, 'category-image', { fileName: 'big.png', bytes: await pngOfSize(MAX_IMAGE_BYTES + 1) }), 413, MESSAGES.maxFileSize2mb);
  });

  it('refuses an HTML file renamed .png with 415 and the spec message, storing nothing', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    await expectRefused(upload(fx.t, fx.admin, 'category-image', { fileName: 'innocent.png', bytes: html, contentType: 'image/png' }), 415, MESSAGES.fileFormatNotSupported);
  });

  it('refuses a file that starts like a PNG but is not one (400 Invalid file), storing nothing', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really an image')]);
    await expectRefused(upload(fx.t, fx.admin, 'category-image', { fileName: 'broken.png', bytes: fake }), 400, MESSAGES.invalidFile);
  });

  it('refuses an SVG where only png, jpeg and webp are allowed', async () => {
    await expectRefused(upload(fx.t, fx.admin, 'category-image', { fileName: 'ring.svg', bytes: Buffer.from(CLEAN_SVG) }), 415, MESSAGES.fileFormatNotSupported);
  });

  it('refuses a raster image where only svg is allowed (the category icon)', async () => {
    await expectRefused(upload(fx.t, fx.admin, 'category-icon', { fileName: 'icon.png', bytes: await testImage('png') }), 415, MESSAGES.fileFormatNotSupported);
  });

  it.each(Object.entries(HOSTILE_SVGS))('refuses an SVG with %s, storing nothing', async (_name, svg) => {
    await expectRefused(upload(fx.t, fx.admin, 'category-icon', { fileName: 'icon.svg', bytes: Buffer.from(svg) }), 415, MESSAGES.fileFormatNotSupported);
  });

  it('stores a clean SVG rewritten (no comments, no metadata) and serves it with a CSP that allows only its inline style', async () => {
    const response = await upload(fx.t, fx.admin, 'category-icon', { fileName: 'ring.svg', bytes: Buffer.from(CLEAN_SVG) });
    expect(response.statusCode, response.body).toBe(201);
    const served = await fx.t.app.inject({ method: 'GET', url: response.json().url });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toContain('<circle class="ring" cx="12" cy="12" r="10"');
    expect(served.body).toContain('<style>.ring{fill:url(#gold)}</style>');
    expect(served.body).not.toContain('exported by');
    expect(served.body).not.toContain('metadata');
  });

  it('writes an audit row for each stored upload', async () => {
    const response = await upload(fx.t, fx.admin, 'category-image', { fileName: 'audited.webp', bytes: await testImage('webp') });
    const [row] = await fx.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'media'), eq(auditLog.entityId, String(response.json().id))));
    expect(row).toMatchObject({ action: 'create', actorName: 'admin' });
    expect(row!.after).toMatchObject({ originalName: 'audited.webp', purpose: 'category-image' });
  });

  it('refuses an unknown purpose, a request without a file and a body that is not multipart', async () => {
    const image = await testImage('png');
    expect((await upload(fx.t, fx.admin, 'anything', { fileName: 'a.png', bytes: image })).statusCode).toBe(400);
    const noFile = await fx.t.request(fx.admin, {
      method: 'POST',
      url: '/api/media',
      query: { purpose: 'category-image' },
      payload: '--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.issues).toEqual([{ path: ['file'], message: MESSAGES.required }]);
    const json = await fx.t.request(fx.admin, { method: 'POST', url: '/api/media', query: { purpose: 'category-image' }, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe(MESSAGES.uploadNotMultipart);
  });

  it('needs a session (401) and the permission of the screen the purpose belongs to (403)', async () => {
    const image = await testImage('png');
    await expectRefusedStatus(upload(fx.t, undefined, 'category-image', { fileName: 'a.png', bytes: image }), 401);
    const outsider = await fx.t.createUserWith(['content_management', 'blogs', 'products']);
    await expectRefusedStatus(upload(fx.t, outsider.cookie, 'category-image', { fileName: 'a.png', bytes: image }), 403);
    const cataloguer = await fx.t.createUserWith(['categories']);
    expect((await upload(fx.t, cataloguer.cookie, 'category-image', { fileName: 'a.png', bytes: image })).statusCode).toBe(201);

    async function expectRefusedStatus(response: Promise<{ statusCode: number }>, status: number) {
      const rowsBefore = await mediaRows();
      expect((await response).statusCode).toBe(status);
      expect(await mediaRows()).toBe(rowsBefore);
    }
  });

  it('serves only generated names: anything else is 404', async () => {
    for (const url of ['/media/..%2F..%2Fpackage.json', '/media/facet.lock', `/media/${'0'.repeat(32)}.png`]) {
      expect((await fx.t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('files of media deleted before they could be removed', () => {
  it('are removed by the sweep when the server starts, while live files stay', async () => {
    // A row deleted while its file stayed (before files were removed at all, or the process died in
    // between), and a live one, both with their files on disk when the server starts.
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-sweep-'));
    const names = { deleted: `${'a'.repeat(32)}.png`, live: `${'b'.repeat(32)}.png` };
    for (const name of Object.values(names)) fs.writeFileSync(path.join(mediaDir, name), 'png');
    const t = await createTestApp({ mediaDir }, {
      routes: async (_app, db) => {
        const row = (name: string) => ({ name, url: `/media/${name}`, purpose: 'category-image', contentType: 'image/png', byteSize: 3 });
        await db.insert(media).values([{ ...row(names.deleted), deletedAt: new Date() }, row(names.live)]);
      },
    });
    // Closing waits for a sweep under way, so what it did is on disk now.
    await t.close();
    try {
      expect(fs.readdirSync(mediaDir)).toEqual([names.live]);
    } finally {
      fs.rmSync(mediaDir, { recursive: true, force: true });
    }
  });
});
