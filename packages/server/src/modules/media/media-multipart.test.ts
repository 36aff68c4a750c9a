import fs from 'node:fs';
import { Readable } from 'node:stream';
import { MESSAGES } from '@facet/contract/messages';
import { MAX_IMAGE_BYTES } from '@facet/contract/modules/media/media.schema';
import { count } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../test/test-app.ts';
import { multipartBody, testImage } from '../../test/upload.ts';
import { media } from './media.table.ts';

/** Issue 8: uploads whose multipart framing is broken, or whose file name cannot be stored, are the client's 400, not a 500. */
describe('media uploads: hostile multipart', () => {
  const fx = useAdminTestApp();
  const url = '/api/media?purpose=category-image';
  const mediaRows = async () => (await fx.t.db.select({ n: count() }).from(media))[0]!.n;
  const storedFiles = () => (fs.existsSync(fx.t.config.mediaDir) ? fs.readdirSync(fx.t.config.mediaDir).length : 0);

  async function expectFileRefused(options: Pick<InjectOptions, 'payload' | 'headers'>, message: string, status = 400, to = url) {
    const before = { rows: await mediaRows(), files: storedFiles() };
    const response = await fx.t.request(fx.admin, { method: 'POST', url: to, ...options });
    expect(response.statusCode, response.body).toBe(status);
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED';
    expect(response.json().error).toMatchObject({ code, message, issues: [{ path: ['file'], message }] });
    expect({ rows: await mediaRows(), files: storedFiles() }).toEqual(before);
  }

  /** An SVG the icon purpose accepts, padded with spaces to `size` bytes: any cut of it is still an SVG a parser would take. */
  function paddedSvg(size: number) {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
    return { svg, bytes: Buffer.concat([svg, Buffer.alloc(size - svg.length, 0x20)]) };
  }

  it.each([
    ['no boundary in the content type', (body: Buffer) => ({ payload: body, headers: { 'content-type': 'multipart/form-data' } })],
    ['a boundary that the body does not use', (body: Buffer) => ({ payload: body, headers: { 'content-type': 'multipart/form-data; boundary=other' } })],
  ])('refuses %s with 400 Invalid file', async (_what, build) => {
    const { payload } = multipartBody({ fileName: 'ring.png', bytes: await testImage('png') });
    await expectFileRefused(build(payload), MESSAGES.invalidFile);
  });

  it('refuses a body cut off before its closing boundary with 400 Invalid file', async () => {
    const { payload, headers } = multipartBody({ fileName: 'ring.png', bytes: await testImage('png') });
    await expectFileRefused({ payload: payload.subarray(0, payload.length - 30), headers }, MESSAGES.invalidFile);
  });

  it('refuses a file past the limit when the cut at the limit falls between two chunks (413, nothing stored)', async () => {
    // busboy pushes nothing of the chunk that crosses the limit when the limit is its first byte, so
    // the file stream ends with exactly 2 MB and no error; only its `truncated` flag tells.
    const { svg, bytes } = paddedSvg(MAX_IMAGE_BYTES + 5_000);
    const { payload, headers } = multipartBody({ fileName: 'icon.svg', bytes });
    const limitAt = payload.indexOf(svg) + MAX_IMAGE_BYTES;
    const chunks = Readable.from([payload.subarray(0, limitAt), payload.subarray(limitAt)]);
    await expectFileRefused({ payload: chunks, headers }, MESSAGES.maxFileSize2mb, 413, '/api/media?purpose=category-icon');
  });

  it('refuses a body cut off in the middle of a file already past the limit with 413', async () => {
    const { payload, headers } = multipartBody({ fileName: 'icon.svg', bytes: paddedSvg(MAX_IMAGE_BYTES + 100_000).bytes });
    await expectFileRefused({ payload: payload.subarray(0, MAX_IMAGE_BYTES + 50_000), headers }, MESSAGES.maxFileSize2mb, 413, '/api/media?purpose=category-icon');
  });

  it('refuses a body cut off in the middle of a file under the limit with 400 Invalid file, in one chunk or several', async () => {
    const { payload, headers } = multipartBody({ fileName: 'icon.svg', bytes: paddedSvg(300_000).bytes });
    const cut = payload.subarray(0, 200_000);
    await expectFileRefused({ payload: cut, headers }, MESSAGES.invalidFile, 400, '/api/media?purpose=category-icon');
    const chunks = Readable.from([cut.subarray(0, 100_000), cut.subarray(100_000)]);
    await expectFileRefused({ payload: chunks, headers }, MESSAGES.invalidFile, 400, '/api/media?purpose=category-icon');
  });

  it('takes a binary part without a file name as a file with no name', async () => {
    const { payload, headers } = multipartBody({ fileName: 'ring.png', bytes: await testImage('png') });
    const nameless = Buffer.from(payload.toString('latin1').replace('; filename="ring.png"', ''), 'latin1');
    const response = await fx.t.request(fx.admin, { method: 'POST', url, payload: nameless, headers });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses a file name holding NUL, which no text column can store', async () => {
    await expectFileRefused(multipartBody({ fileName: 'ring\u0000.png', bytes: await testImage('png') }), MESSAGES.unsafeText);
  });
});
