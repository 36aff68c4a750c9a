import { once } from 'node:events';
import type { TransformOptions, Writable } from 'node:stream';
import type { ZlibOptions } from 'node:zlib';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming ZIP writer: each entry is deflated as it is produced and written straight to `out`,
 * with its CRC and sizes in a data descriptor after the data (so nothing is buffered whole). Enough
 * for an .xlsx package; no ZIP64, so an entry or the archive over 4 GB is refused rather than corrupt.
 */
export class ZipStream {
  private offset = 0;
  private readonly entries: { name: Buffer; crc: number; compressed: number; size: number; offset: number }[] = [];

  private readonly out: Writable;
  private readonly level: number;
  constructor(out: Writable, level: number = constants.Z_BEST_SPEED) {
    this.out = out;
    this.level = level;
  }

  /** Adds one file; `chunks` may be a string or anything that yields strings or buffers. */
  async add(name: string, chunks: string | Iterable<string | Buffer> | AsyncIterable<string | Buffer>) {
    const nameBytes = Buffer.from(name, 'utf8');
    const entry = { name: nameBytes, crc: 0, compressed: 0, size: 0, offset: this.offset };
    await this.write(localHeader(nameBytes));

    // Deflating runs on libuv's thread pool. With the default 16 KB buffer every chunk of sheet XML
    // waited for the one before it to be compressed, so the XML and the compression took turns on
    // one core; up to DEFLATE_BUFFER waiting to be compressed lets the next chunk be written meanwhile.
    // (zlib passes its options on to the Transform stream it is, so the stream's own option applies.)
    const options: ZlibOptions & TransformOptions = { level: this.level, writableHighWaterMark: DEFLATE_BUFFER };
    const deflate = createDeflateRaw(options);
    const drained = (async () => {
      for await (const piece of deflate as AsyncIterable<Buffer>) {
        entry.compressed += piece.length;
        await this.write(piece);
      }
    })();
    try {
      for await (const chunk of typeof chunks === 'string' ? [chunks] : chunks) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        if (!deflate.write(bytes)) await Promise.race([once(deflate, 'drain'), drained]);
      }
      deflate.end();
      await drained;
    } catch (error) {
      // The reader of the deflated side stops with a premature close: the source's error is the one to tell.
      drained.catch(() => undefined);
      deflate.destroy();
      throw error;
    }
    if (entry.size > MAX_32 || entry.compressed > MAX_32) throw new Error(`zip entry ${name} is over 4 GB`);
    await this.write(dataDescriptor(entry));
    this.entries.push(entry);
  }

  /** Writes the central directory; the caller ends `out`. */
  async finish() {
    const start = this.offset;
    for (const entry of this.entries) await this.write(centralHeader(entry));
    if (this.offset > MAX_32) throw new Error('zip archive is over 4 GB');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
  }

  private async write(bytes: Buffer) {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }
}

const MAX_32 = 0xffffffff;
/** Bytes an entry may hold waiting for the deflater before its writer waits (memory stays flat). */
const DEFLATE_BUFFER = 1 << 20;
/** Bit 3: sizes and CRC follow the data; bit 11: names are UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
/** 1 January 2000, 00:00 in MS-DOS date/time: entries carry no meaningful time. */
const DOS_TIME = 0;
const DOS_DATE = ((2000 - 1980) << 9) | (1 << 5) | 1;

function localHeader(name: Buffer) {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(DOS_TIME, 10);
  header.writeUInt16LE(DOS_DATE, 12);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor(entry: { crc: number; compressed: number; size: number }) {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc >>> 0, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralHeader(entry: { name: Buffer; crc: number; compressed: number; size: number; offset: number }) {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(DEFLATE, 10);
  header.writeUInt16LE(DOS_TIME, 12);
  header.writeUInt16LE(DOS_DATE, 14);
  header.writeUInt32LE(entry.crc >>> 0, 16);
  header.writeUInt32LE(entry.compressed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}
