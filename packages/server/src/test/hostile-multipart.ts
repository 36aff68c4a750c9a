import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

/**
 * Hostile multipart bodies for upload routes (POST /api/media): broken framing, odd file names (NUL,
 * bytes that are no UTF-8, a lone surrogate's CESU bytes, 10,000 characters), extra and missing
 * parts, files whose bytes are not what they claim, and hostile query values.
 */

export interface MultipartCase {
  what: string;
  /** The query string, without `?`. */
  query: string;
  request: Pick<InjectOptions, 'payload' | 'headers'>;
}

const BOUNDARY = '----facetwalk7MA4YWxkTrZu0gW';
const CRLF = '\r\n';

interface Part {
  name?: string;
  /** Raw bytes of the file name as they go into the header (may be anything). */
  fileName?: Buffer;
  contentType?: string;
  body: Buffer;
  /** The whole header block, replacing the generated one. */
  rawHeaders?: string;
}

/** A multipart body from parts, with control over every byte. */
function multipart(parts: Part[], opts: { boundary?: string; headerBoundary?: string; close?: boolean } = {}): MultipartCase['request'] {
  const boundary = opts.boundary ?? BOUNDARY;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}${CRLF}`));
    if (part.rawHeaders !== undefined) {
      chunks.push(Buffer.from(part.rawHeaders));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name ?? 'file'}"`));
      if (part.fileName) chunks.push(Buffer.from('; filename="'), part.fileName, Buffer.from('"'));
      chunks.push(Buffer.from(`${CRLF}Content-Type: ${part.contentType ?? 'application/octet-stream'}${CRLF}`));
    }
    chunks.push(Buffer.from(CRLF), part.body, Buffer.from(CRLF));
  }
  if (opts.close !== false) chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${opts.headerBoundary ?? boundary}` } };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A real 1x1 PNG: uploads of it pass every check on the bytes, so hostile names and purposes reach the store. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWM4uUgdAAPKAZO+ViqJAAAAAElFTkSuQmCC', 'base64');
const name = (text: string) => Buffer.from(text, 'utf8');
const file = (body: Buffer, fileName: Buffer = name('image.png')): Part => ({ fileName, body });
const nested = (depth: number) => `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(depth)}${'</g>'.repeat(depth)}</svg>`;

/** Files whose bytes lie about what they are, or are built to hurt a parser. */
const HOSTILE_FILES: { what: string; bytes: Buffer }[] = [
  { what: 'empty file', bytes: Buffer.alloc(0) },
  { what: 'PNG signature and garbage', bytes: Buffer.concat([PNG_SIGNATURE, Buffer.alloc(2000, 0xff)]) },
  { what: 'JPEG magic only', bytes: Buffer.from([0xff, 0xd8, 0xff]) },
  { what: 'RIFF WEBP header and nothing', bytes: Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1') },
  { what: 'SVG holding NUL', bytes: name('<svg xmlns="http://www.w3.org/2000/svg"><text>\u0000</text></svg>') },
  { what: 'SVG as invalid UTF-8', bytes: Buffer.concat([name('<svg xmlns="http://www.w3.org/2000/svg"><text>'), Buffer.from([0xed, 0xa0, 0x80, 0xff]), name('</text></svg>')]) },
  { what: 'SVG nested 10,000 deep', bytes: name(nested(10_000)) },
  {
    what: 'SVG entity expansion',
    bytes: name('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>'),
  },
  { what: '2 MB + 1 of PNG-looking bytes', bytes: Buffer.concat([PNG_SIGNATURE, Buffer.alloc(2_097_152 - 7, 0)]) },
  { what: 'an ftyp box and garbage', bytes: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), name('ftypisom'), Buffer.alloc(2000, 0xff)]) },
  { what: 'an ftyp box claiming 4 GB', bytes: Buffer.concat([Buffer.from([0xff, 0xff, 0xff, 0xfc]), name('ftypisom\0\0\0\0mp41')]) },
  { what: 'an EBML header claiming 2^56 bytes', bytes: Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d]) },
  { what: 'an EBML DocType with a zero-length size', bytes: Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x82, 0x00, 0x00]) },
];

/** File names as raw header bytes. */
const HOSTILE_FILE_NAMES: { what: string; bytes: Buffer }[] = [
  { what: 'NUL in the name', bytes: name('a\u0000b.png') },
  { what: 'a lone surrogate as CESU-8 bytes', bytes: Buffer.concat([name('a'), Buffer.from([0xed, 0xa0, 0x80]), name('.png')]) },
  { what: 'bytes that are no UTF-8', bytes: Buffer.from([0xff, 0xfe, 0x2e, 0x70, 0x6e, 0x67]) },
  { what: 'a 10,000-character name', bytes: name(`${'n'.repeat(10_000)}.png`) },
  { what: 'an emoji across the 255th character', bytes: name(`${'n'.repeat(254)}\u{1F48E}.png`) },
  { what: 'a path', bytes: name('../../../etc/passwd.png') },
  { what: 'an empty name', bytes: name('') },
  { what: 'quotes and a CR', bytes: name('a".png\rX-Evil: 1') },
];

/** The valid query strings of each upload route: the cases reach its handler with each. */
export const UPLOAD_ROUTE_QUERIES: Record<string, readonly [string, ...string[]]> = {
  'POST /api/media': ['purpose=category-image', 'purpose=category-icon', 'purpose=attribute-option-image', 'purpose=product-video'],
  'POST /api/product-media': ['sku=RING-1&kind=image', 'sku=RING-1&kind=video'],
  'POST /api/product-prices': [''],
  'POST /api/products/import/check': [''],
};

export function hostileMultipartCases(queries: readonly [string, ...string[]]): MultipartCase[] {
  const png = file(TINY_PNG);
  const cases: MultipartCase[] = [
    { what: 'JSON instead of a file', query: queries[0]!, request: { payload: '{"file":"x"}', headers: { 'content-type': 'application/json' } } },
    { what: 'multipart without a boundary', query: queries[0]!, request: { payload: 'x', headers: { 'content-type': 'multipart/form-data' } } },
    { what: 'boundary mismatch', query: queries[0]!, request: multipart([png], { headerBoundary: 'other' }) },
    { what: 'no closing boundary', query: queries[0]!, request: multipart([png], { close: false }) },
    { what: 'no parts at all', query: queries[0]!, request: multipart([]) },
    { what: 'a field and no file', query: queries[0]!, request: multipart([{ name: 'note', body: name('\u0000') }]) },
    { what: 'two files', query: queries[0]!, request: multipart([png, png]) },
    { what: 'eleven fields', query: queries[0]!, request: multipart(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, body: name('x') }))) },
    { what: 'a 100 kB field', query: queries[0]!, request: multipart([{ name: 'note', body: Buffer.alloc(100_000, 0x61) }, png]) },
    { what: 'no Content-Disposition', query: queries[0]!, request: multipart([{ rawHeaders: `Content-Type: image/png${CRLF}`, body: png.body }]) },
    { what: 'a 100 kB header line', query: queries[0]!, request: multipart([{ rawHeaders: `Content-Disposition: form-data; name="file"; filename="${'h'.repeat(100_000)}.png"${CRLF}`, body: png.body }]) },
    { what: 'RFC 5987 name with NUL', query: queries[0]!, request: multipart([{ rawHeaders: `Content-Disposition: form-data; name="file"; filename*=UTF-8''a%00b.png${CRLF}`, body: png.body }]) },
    { what: 'the file under another field name', query: queries[0]!, request: multipart([{ ...png, name: 'upload' }]) },
    { what: 'no query', query: '', request: multipart([png]) },
    { what: 'the query twice', query: `${queries[0]}&${queries.at(-1)}`, request: multipart([png]) },
    { what: 'a query value ending in NUL', query: `${queries[0]}%00`, request: multipart([png]) },
    { what: 'purpose __proto__', query: 'purpose=__proto__', request: multipart([png]) },
    { what: 'sku __proto__', query: 'sku=__proto__&kind=image&kind=__proto__', request: multipart([png]) },
  ];
  for (const hostile of HOSTILE_FILES) {
    for (const query of queries) cases.push({ what: `${hostile.what} (${query})`, query, request: multipart([file(hostile.bytes, name('x.svg'))]) });
  }
  for (const hostile of HOSTILE_FILE_NAMES) cases.push({ what: `file name: ${hostile.what}`, query: queries[0]!, request: multipart([{ ...png, fileName: hostile.bytes }]) });
  return cases;
}

/** Random file names and bytes, with or without a PNG, SVG, MP4 or WebM start. */
export const randomMultipartCase = (queries: readonly [string, ...string[]]): fc.Arbitrary<MultipartCase> =>
  fc
  .record({
    fileName: fc.uint8Array({ maxLength: 60 }),
    head: fc.constantFrom(Buffer.alloc(0), PNG_SIGNATURE, TINY_PNG, name('<svg xmlns="http://www.w3.org/2000/svg">'), Buffer.concat([Buffer.from([0, 0, 0, 0x10]), name('ftypmp42\0\0\0\0')]), Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d])),
    rest: fc.oneof(fc.constant(new Uint8Array(0)), fc.uint8Array({ maxLength: 4000 })),
    query: fc.constantFrom(...queries),
  })
  .map(({ fileName, head, rest, query }) => ({
    what: `random file (${head.length ? 'with a signature' : 'no signature'}, ${rest.length} bytes, name bytes ${Buffer.from(fileName).toString('hex').slice(0, 40)})`,
    query,
    request: multipart([file(Buffer.concat([head, Buffer.from(rest)]), Buffer.from(fileName))]),
  }));
