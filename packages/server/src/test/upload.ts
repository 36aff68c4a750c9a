import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { TestApp } from './test-app.ts';

export interface TestFile {
  fileName: string;
  bytes: Buffer;
  /** What the browser would claim; the server ignores it and reads the bytes. */
  contentType?: string;
}

/** A multipart/form-data body with one `file` part, as a browser sends it. */
export function multipartBody(file: TestFile) {
  const boundary = `----facet${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file.bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/media?purpose=... with one file. */
export function upload(t: TestApp, cookie: string | undefined, purpose: string, file: TestFile): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(file);
  return t.request(cookie, { method: 'POST', url: '/api/media', query: { purpose }, payload, headers });
}

/** A real image of the given type, carrying EXIF (camera owner and a GPS position) to prove it is stripped. */
export function testImage(type: 'png' | 'jpeg' | 'webp', opts: { width?: number; height?: number } = {}): Promise<Buffer> {
  const image = sharp({ create: { width: opts.width ?? 64, height: opts.height ?? 48, channels: 3, background: '#c9a227' } });
  return image[type]()
    .withExif({ IFD0: { Copyright: 'EXIF-SECRET-OWNER', Artist: 'Jane Doe' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();
}

/**
 * A valid PNG of exactly `size` bytes: a real image with a text chunk of filler before its end, so
 * the size limit can be tested at the byte.
 */
export async function pngOfSize(size: number): Promise<Buffer> {
  const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } }).png().toBuffer();
  const iendStart = image.length - 12;
  const fillerLength = size - image.length - 12;
  const type = Buffer.from('tEXt');
  const data = Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(fillerLength - 8, 'x')]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([type, data])));
  const png = Buffer.concat([image.subarray(0, iendStart), length, type, data, crc, image.subarray(iendStart)]);
  if (png.length !== size) throw new Error(`pngOfSize built ${png.length} bytes, not ${size}`);
  return png;
}
