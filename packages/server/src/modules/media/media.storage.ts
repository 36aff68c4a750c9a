import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where media files live: local disk under `DATA_DIR/media`, or an S3-compatible bucket
 * (integrations/s3/s3-storage.ts). Either way files are served through /media/<name>, with our headers.
 */
export interface MediaStorage {
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or null when there is no such file. */
  open(name: string): Promise<Readable | null>;
  remove(name: string): Promise<void>;
  /** The address the file is served from, stored in records that use it. */
  urlOf(name: string): string;
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
    async open(name) {
      try {
        const handle = await fs.promises.open(pathOf(name), 'r');
        return handle.createReadStream();
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
