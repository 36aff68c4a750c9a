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

/** POST /api/product-media?sku=...&kind=... with one file. */
export function uploadProductMedia(t: TestApp, cookie: string | undefined, query: { sku: string; kind: string }, file: TestFile): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(file);
  return t.request(cookie, { method: 'POST', url: '/api/product-media', query, payload, headers });
}

/** The start of an MP4 file: an `ftyp` box (major brand `brand`), then an `mdat` box of filler. */
export function testMp4(opts: { brand?: string; size?: number } = {}): Buffer {
  const brand = opts.brand ?? 'isom';
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from(`${brand}mp41`, 'latin1')]);
  const filler = Math.max((opts.size ?? 4096) - ftyp.length - 8, 0);
  const mdatHead = Buffer.alloc(8);
  mdatHead.writeUInt32BE(filler + 8);
  mdatHead.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdatHead, randomBytes(filler)]);
}

/** The start of a WebM file (or, with another doctype, of another Matroska file): its EBML header, then a Segment of filler. */
export function testWebm(opts: { docType?: string; size?: number } = {}): Buffer {
  const docType = Buffer.from(opts.docType ?? 'webm', 'latin1');
  const element = (id: number[], data: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);
  const body = Buffer.concat([
    element([0x42, 0x86], Buffer.from([1])),
    element([0x42, 0xf7], Buffer.from([1])),
    element([0x42, 0xf2], Buffer.from([4])),
    element([0x42, 0xf3], Buffer.from([8])),
    element([0x42, 0x82], docType),
    element([0x42, 0x87], Buffer.from([4])),
    element([0x42, 0x85], Buffer.from([2])),
  ]);
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body]);
  const segmentHead = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  return Buffer.concat([header, segmentHead, randomBytes(Math.max((opts.size ?? 4096) - header.length - segmentHead.length, 0))]);
}
