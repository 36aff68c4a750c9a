import { StringDecoder } from 'node:string_decoder';
import { crc32, createInflateRaw } from 'node:zlib';

/**
 * Reads entries of a ZIP archive held in memory (an uploaded .xlsx, at most the upload limit): the
 * central directory gives every entry's place, so the parts of a workbook are read in the order the
 * reader needs them (shared strings before the sheet) whatever order the writer stored them in. An
 * entry is inflated as a stream of text chunks, so a sheet's XML is never held whole and a zip bomb
 * costs time (bounded by the caller's limit), not memory. ZIP64 sizes and offsets are understood.
 * Anything malformed throws; the caller reports the file as invalid.
 */

export interface ZipEntry {
  name: string;
  crc: number;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;

class ZipFormatError extends Error {
  constructor(detail: string) {
    super(`zip: ${detail}`);
  }
}

function readUInt64(bytes: Buffer, at: number): number {
  const value = bytes.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('64-bit value out of range');
  return Number(value);
}

/** The end of central directory record: searched backwards over the comment (at most 64 KB). */
function findEnd(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - MAX_16);
  for (let at = bytes.length - 22; at >= lowest; at--) if (bytes.readUInt32LE(at) === EOCD) return at;
  throw new ZipFormatError('no end of central directory');
}

/** Every entry of the archive, from its central directory. */
export function zipEntries(bytes: Buffer): ZipEntry[] {
  const end = findEnd(bytes);
  let count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  if ((count === MAX_16 || offset === MAX_32) && end >= 20 && bytes.readUInt32LE(end - 20) === ZIP64_LOCATOR) {
    const record = readUInt64(bytes, end - 20 + 8);
    if (bytes.readUInt32LE(record) !== ZIP64_EOCD) throw new ZipFormatError('bad zip64 end record');
    count = readUInt64(bytes, record + 32);
    offset = readUInt64(bytes, record + 48);
  }
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (bytes.readUInt32LE(at) !== CENTRAL) throw new ZipFormatError('bad central directory entry');
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      crc: bytes.readUInt32LE(at + 16),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    };
    // ZIP64: the values that did not fit are in the extra field 0x0001, in this order.
    if (entry.size === MAX_32 || entry.compressedSize === MAX_32 || entry.localOffset === MAX_32) {
      let extra = at + 46 + nameLength;
      const extraEnd = extra + extraLength;
      while (extra + 4 <= extraEnd) {
        const id = bytes.readUInt16LE(extra);
        const length = bytes.readUInt16LE(extra + 2);
        if (id === 0x0001) {
          let field = extra + 4;
          const next = () => {
            const value = readUInt64(bytes, field);
            field += 8;
            return value;
          };
          if (entry.size === MAX_32) entry.size = next();
          if (entry.compressedSize === MAX_32) entry.compressedSize = next();
          if (entry.localOffset === MAX_32) entry.localOffset = next();
          break;
        }
        extra += 4 + length;
      }
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry's stored bytes (still compressed), after its local header. */
function compressedData(bytes: Buffer, entry: ZipEntry): Buffer {
  if (entry.flags & 1) throw new ZipFormatError(`${entry.name} is encrypted`);
  const at = entry.localOffset;
  if (bytes.readUInt32LE(at) !== LOCAL) throw new ZipFormatError(`bad local header of ${entry.name}`);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const stop = start + entry.compressedSize;
  if (stop > bytes.length) throw new ZipFormatError(`${entry.name} runs past the end of the file`);
  return bytes.subarray(start, stop);
}

/** Thrown when an entry inflates to more than its caller allows. */
export class ZipEntryTooLargeError extends Error {
  constructor(name: string, limit: number) {
    super(`${name} inflates to more than ${limit} bytes`);
  }
}

/**
 * The entry's content as UTF-8 text, in chunks (a character split between two inflated pieces is
 * kept whole). Refuses more than `maxBytes` of inflated data with ZipEntryTooLargeError.
 */
export async function* entryText(bytes: Buffer, entry: ZipEntry, maxBytes: number): AsyncGenerator<string> {
  const data = compressedData(bytes, entry);
  if (entry.method !== 0 && entry.method !== 8) throw new ZipFormatError(`${entry.name} uses compression method ${entry.method}`);
  const decoder = new StringDecoder('utf8');
  let crc = 0;
  let inflated = 0;
  const take = (chunk: Buffer) => {
    inflated += chunk.length;
    if (inflated > maxBytes) throw new ZipEntryTooLargeError(entry.name, maxBytes);
    crc = crc32(chunk, crc);
    return decoder.write(chunk);
  };
  if (entry.method === 0) {
    const piece = 1 << 20;
    for (let at = 0; at < data.length; at += piece) yield take(data.subarray(at, at + piece));
  } else {
    const inflater = createInflateRaw({ chunkSize: 1 << 18 });
    inflater.end(data);
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) yield take(chunk);
    } finally {
      inflater.destroy();
    }
  }
  // Read to its end: the content must be what was stored (a damaged file can inflate to other text).
  if (crc >>> 0 !== entry.crc >>> 0) throw new ZipFormatError(`${entry.name} fails its CRC check`);
  const rest = decoder.end();
  if (rest) yield rest;
}
