import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@facet/contract/messages';
import { MEDIA_PURPOSES, MEDIA_TYPES } from '@facet/contract/modules/media/media.schema';
import type { MediaPurpose, MediaRecord, MediaType } from '@facet/contract/modules/media/media.schema';
import { and, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../http/context.ts';
import { AppError, invalidField } from '../../http/errors.ts';
import { writeAudit } from '../../db/audit.ts';
import { runCpuTask } from '../../workers/cpu-pool.ts';
import { media } from './media.table.ts';
import type { MediaStorage } from './media.storage.ts';
import { isLive } from '../../db/columns.ts';

/** A decoded image bigger than this (in pixels) is refused: a small file can inflate to gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;
/**
 * libvips works on its own threads, not the event loop's; this bounds how long one image may hold
 * them. An image within the pixel limit is re-encoded in well under this.
 */
const RASTER_TIME_LIMIT_SECONDS = 10;

const formatNotSupported = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.fileFormatNotSupported, [{ path: ['file'], message: MESSAGES.fileFormatNotSupported }]);
export const fileTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', MESSAGES.maxFileSize2mb, [{ path: ['file'], message: MESSAGES.maxFileSize2mb }]);
const fileTooComplex = () => invalidField('file', MESSAGES.fileTooComplex);

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);

/** The type the bytes say the file is (magic numbers), whatever its name claims; null when none we know. */
function sniffType(bytes: Buffer): MediaType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  const head = bytes.subarray(0, 512).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml|<!--|<svg[\s>])/i.test(head) && /<svg[\s>]/i.test(bytes.toString('utf8'))) return 'svg';
  return null;
}

interface ProcessedFile {
  body: Buffer;
  width: number | null;
  height: number | null;
}

/**
 * Decodes and encodes a raster image again: only pixels survive, so EXIF (camera, GPS), comments
 * and anything appended to the file are gone. The orientation is applied first so photos stay upright.
 */
async function reencodeRaster(bytes: Buffer, type: MediaType): Promise<ProcessedFile> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient().timeout({ seconds: RASTER_TIME_LIMIT_SECONDS });
    const encoded =
      type === 'png' ? image.png({ compressionLevel: 9 }) : type === 'jpeg' ? image.jpeg({ quality: 85, mozjpeg: true }) : image.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { body: data, width: info.width, height: info.height };
  } catch (error) {
    if (/timeout/i.test((error as Error).message)) throw fileTooComplex();
    throw invalidField('file', MESSAGES.invalidFile);
  }
}

/**
 * Cleans an SVG in the CPU pool: its parser's time grows faster than the file, so a hostile one is
 * stopped by the element and depth limits, or failing those by the pool's time limit, while the
 * API keeps answering. Both are 400 'too complex'; anything active in it stays a 415.
 */
async function processSvg(bytes: Buffer): Promise<ProcessedFile> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw formatNotSupported();
  }
  const result = await runCpuTask('sanitizeSvg', text, fileTooComplex);
  if (!result.ok) throw result.reason === 'too-complex' ? fileTooComplex() : formatNotSupported();
  return { body: Buffer.from(result.svg, 'utf8'), width: null, height: null };
}

export interface UploadedFile {
  bytes: Buffer;
  fileName: string;
}

export function createMediaService(db: Db, storage: MediaStorage) {
  return {
    /** Checks, cleans and stores one upload; nothing is stored when any check fails. */
    async upload(purpose: MediaPurpose, file: UploadedFile, context: RequestContext): Promise<MediaRecord> {
      const rule = MEDIA_PURPOSES[purpose];
      if (file.bytes.length > rule.maxBytes) throw fileTooLarge();
      const type = sniffType(file.bytes);
      if (!type || !(rule.types as readonly MediaType[]).includes(type)) throw formatNotSupported();
      const processed = type === 'svg' ? await processSvg(file.bytes) : await reencodeRaster(file.bytes, type);
      const name = `${randomBytes(16).toString('hex')}${MEDIA_TYPES[type].extensions[0]}`;
      const contentType = MEDIA_TYPES[type].contentType;

      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(media)
          .values({
            name,
            url: storage.urlOf(name),
            purpose,
            contentType,
            byteSize: processed.body.length,
            width: processed.width,
            height: processed.height,
            originalName: file.fileName.slice(0, 255),
            createdBy: context.actor.id,
            updatedBy: context.actor.id,
          })
          .returning();
        const record: MediaRecord = {
          id: row!.id,
          url: row!.url,
          name: row!.name,
          purpose,
          contentType,
          byteSize: row!.byteSize,
          width: row!.width,
          height: row!.height,
        };
        await writeAudit(tx, context, { action: 'create', entity: 'media', entityId: record.id, after: { ...record, originalName: row!.originalName } });
        // Stored last inside the transaction: if the write fails, the row is rolled back with it.
        await storage.put(name, processed.body, contentType);
        return record;
      });
    },
  };
}

/**
 * For records with image fields: every non-empty value must be the url of a live upload made for
 * one of `purposes`; otherwise a 400 'Invalid file' on that field. Run it inside the record's transaction.
 */
export async function assertMediaUrls(tx: Db, fields: Record<string, string | null | undefined>, purposes: readonly MediaPurpose[]) {
  const used = Object.entries(fields).filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (!used.length) return;
  const rows = await tx
    .select({ url: media.url, purpose: media.purpose })
    .from(media)
    .where(and(inArray(media.url, used.map(([, url]) => url)), isLive(media)));
  const valid = new Set(rows.filter((row) => (purposes as readonly string[]).includes(row.purpose)).map((row) => row.url));
  for (const [field, url] of used) {
    if (!valid.has(url)) throw invalidField(field, MESSAGES.invalidFile);
  }
}
