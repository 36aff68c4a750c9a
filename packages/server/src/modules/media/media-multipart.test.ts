import { MESSAGES } from '@facet/contract/messages';
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

  async function expectFileRefused(options: Pick<InjectOptions, 'payload' | 'headers'>, message: string) {
    const before = await mediaRows();
    const response = await fx.t.request(fx.admin, { method: 'POST', url, ...options });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message, issues: [{ path: ['file'], message }] });
    expect(await mediaRows()).toBe(before);
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
