import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where media files live: local disk under `DATA_DIR/media`, or an S3-compatible bucket
 * (integrations/s3/s3-storage.ts). Either way files are served through /media/<name>, with our headers.
 */
export interface MediaStorage {
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores the file at `sourcePath` (a staged upload), streamed: never read whole into memory. */
  putFile(name: string, sourcePath: string, contentType: string): Promise<void>;
  /**
   * The file's bytes as a stream (only those of `range` when the header asks for one it can
   * serve), or null when there is no such file.
   */
  open(name: string, rangeHeader?: string): Promise<OpenedFile | null>;
  remove(name: string): Promise<void>;
  /** The address the file is served from, stored in records that use it. */
  urlOf(name: string): string;
}

/** Bytes `start` to `end` of a file, both included (HTTP's reading). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface OpenedFile {
  /** The whole file, or the range's bytes; none when the range cannot be served. */
  stream: Readable | null;
  size: number;
  /** The range served; null for the whole file; 'unsatisfiable' when it starts past the end (416). */
  range: ByteRange | null | 'unsatisfiable';
}

/**
 * The one byte range a `Range` header asks for (RFC 9110 §14.1.2: `bytes=0-99`, `bytes=100-`,
 * `bytes=-100`), so that videos can be played from any point and Safari plays them at all. Several
 * ranges or an unreadable header are ignored (the whole file is served), as the RFC allows.
 */
export function resolveRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = header === undefined ? null : /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(match[1]);
  const last = match[2] === '' ? Infinity : Number(match[2]);
  // A last byte before the first is no valid range: the header is ignored.
  if (last < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
}

/** Public path of local media: served by the media routes. */
export const MEDIA_URL_PREFIX = '/media/';

export function createLocalStorage(dir: string): MediaStorage {
  const pathOf = (name: string) => path.join(dir, path.basename(name));
  return {
    async put(name, body) {
      await fs.promises.mkdir(dir, { recursive: true });
      // Written beside and renamed, so a reader never sees half a file.
      const temporary = `${pathOf(name)}.partial`;
      await fs.promises.writeFile(temporary, body, { flag: 'wx' });
      await fs.promises.rename(temporary, pathOf(name));
    },
    async putFile(name, sourcePath) {
      await fs.promises.mkdir(dir, { recursive: true });
      const temporary = `${pathOf(name)}.partial`;
      await fs.promises.copyFile(sourcePath, temporary, fs.constants.COPYFILE_EXCL);
      await fs.promises.rename(temporary, pathOf(name));
    },
    async open(name, rangeHeader) {
      try {
        const handle = await fs.promises.open(pathOf(name), 'r');
        const { size } = await handle.stat();
        const range = resolveRange(rangeHeader, size);
        if (range === 'unsatisfiable') {
          await handle.close();
          return { stream: null, size, range };
        }
        return { stream: handle.createReadStream(range ?? {}), size, range };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(name) {
      await fs.promises.rm(pathOf(name), { force: true });
    },
    urlOf: (name) => `${MEDIA_URL_PREFIX}${name}`,
  };
}
