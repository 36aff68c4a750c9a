import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@facet/contract/messages';
import { MEDIA_PURPOSES, MEDIA_TYPES, VIDEO_TYPES } from '@facet/contract/modules/media/media.schema';
import type { MediaPurpose, MediaRecord, MediaType } from '@facet/contract/modules/media/media.schema';
import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestContext, ServiceContext } from '../../http/context.ts';
import { AppError, invalidField } from '../../http/errors.ts';
import { writeAudit } from '../../db/audit.ts';
import { runCpuTask } from '../../workers/cpu-pool.ts';
import { media } from './media.table.ts';
import type { ReceivedFile, StagedFile } from './media.upload.ts';
import { fileTooLarge } from './media.upload.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
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
const fileTooComplex = () => invalidField('file', MESSAGES.fileTooComplex);

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);

/** ISO base media brands of MP4 video (ISO/IEC 14496-12 and -14, their registered variants). */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso8', 'iso9', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4', 'MSNV', 'f4v ']);
/** Brands of still images in the same box format (HEIF, AVIF): an `ftyp` box alone does not make a video. */
const IMAGE_BRANDS = new Set(['mif1', 'msf1', 'heic', 'heix', 'avif', 'avis']);

/**
 * MP4: the file opens with an `ftyp` box (4-byte size, 'ftyp', major brand, version, compatible
 * brands) naming an MP4 brand, and no still-image brand as its major brand.
 */
function isMp4(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  const boxSize = bytes.readUInt32BE(0);
  if (boxSize < 16 || boxSize > bytes.length || boxSize % 4 !== 0) return false;
  const major = bytes.toString('latin1', 8, 12);
  if (IMAGE_BRANDS.has(major)) return false;
  const brands = [major];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(bytes.toString('latin1', offset, offset + 4));
  return brands.some((brand) => MP4_BRANDS.has(brand));
}

/** An EBML variable-length integer at `offset`: its value and length, or null when it is no valid one. */
function readVint(bytes: Buffer, offset: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[offset + i]!;
  return { value, length };
}

const EBML_ID = 0x1a45dfa3;
const EBML_DOCTYPE_ID = 0x4282;

/** WebM: an EBML header (1A 45 DF A3) whose DocType element says 'webm' (Matroska's other files say 'matroska'). */
function isWebm(bytes: Buffer): boolean {
  if (bytes.length < 8 || bytes.readUInt32BE(0) !== EBML_ID) return false;
  const headerSize = readVint(bytes, 4, false);
  if (!headerSize) return false;
  const end = Math.min(bytes.length, 4 + headerSize.length + headerSize.value);
  let offset = 4 + headerSize.length;
  while (offset < end) {
    const id = readVint(bytes, offset, true);
    if (!id) return false;
    const size = readVint(bytes, offset + id.length, false);
    if (!size) return false;
    const dataStart = offset + id.length + size.length;
    if (id.value === EBML_DOCTYPE_ID) return bytes.toString('latin1', dataStart, Math.min(end, dataStart + size.value)).replace(/\0+$/, '') === 'webm';
    offset = dataStart + size.value;
  }
  return false;
}

/** The type the bytes say the file is (magic numbers), whatever its name claims; null when none we know. */
function sniffType(bytes: Buffer): MediaType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (isMp4(bytes)) return 'mp4';
  if (isWebm(bytes)) return 'webm';
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
  // sharp (libvips) loads with the first upload: about 3 MB of heap and 20 MB of the server's memory.
  const { default: sharp } = await import('sharp');
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

/**
 * Runs inside the upload's transaction once its media row is written: a module that files uploads
 * (the product media library) adds its own row there, so both are written or neither.
 */
export type AttachUpload<T> = (tx: Db, record: MediaRecord, file: { fileName: string; type: MediaType }) => Promise<T>;

/** The file to store, its type decided from its bytes: re-encoded (rasters, SVG) or as sent (videos, from the staged file). */
async function prepareFile(purpose: MediaPurpose, file: ReceivedFile): Promise<{ type: MediaType; processed: ProcessedFile | StagedFile }> {
  const rule = MEDIA_PURPOSES[purpose];
  const byteSize = file.staged ? file.byteSize : file.bytes.length;
  if (byteSize > rule.maxBytes) throw fileTooLarge(purpose);
  const type = sniffType(file.staged ? file.head : file.bytes);
  if (!type || !(rule.types as readonly MediaType[]).includes(type)) throw formatNotSupported();
  if (VIDEO_TYPES.includes(type)) {
    // Videos are never decoded here: only a staged file (the route streams video purposes to disk) is stored.
    if (!file.staged) throw formatNotSupported();
    return { type, processed: file };
  }
  if (file.staged) throw formatNotSupported();
  return { type, processed: type === 'svg' ? await processSvg(file.bytes) : await reencodeRaster(file.bytes, type) };
}

export function createMediaService(db: Db, storage: MediaStorage) {
  /**
   * Checks, cleans and stores one upload, and runs `attach` in the same transaction; nothing is
   * stored when any check fails. A staged file is left for the caller to discard.
   */
  async function store<T>(purpose: MediaPurpose, file: ReceivedFile, context: ServiceContext, attach: AttachUpload<T>): Promise<T> {
    const { type, processed } = await prepareFile(purpose, file);
    const name = `${randomBytes(16).toString('hex')}${MEDIA_TYPES[type].extensions[0]}`;
    const contentType = MEDIA_TYPES[type].contentType;
    const isStaged = 'path' in processed;

    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(media)
        .values({
          name,
          url: storage.urlOf(name),
          purpose,
          contentType,
          byteSize: isStaged ? processed.byteSize : processed.body.length,
          width: isStaged ? null : processed.width,
          height: isStaged ? null : processed.height,
          originalName: file.fileName.slice(0, 255),
          createdBy: context.actor?.id ?? null,
          updatedBy: context.actor?.id ?? null,
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
      const attached = await attach(tx, record, { fileName: file.fileName, type });
      // Stored last inside the transaction: if the write fails, the rows are rolled back with it.
      if (isStaged) await storage.putFile(name, processed.path, contentType);
      else await storage.put(name, processed.body, contentType);
      return attached;
    });
  }

  return {
    store,
    /** Stores one upload that no module files further (POST /api/media): its record. */
    upload: (purpose: MediaPurpose, file: ReceivedFile, context: RequestContext) => store(purpose, file, context, async (_tx, record) => record),
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

/** Rows a sweep takes at a time. */
const REMOVE_BATCH = 200;

/**
 * Removes the stored files (local disk or S3) of deleted media rows, so a deleted file's URL answers
 * 404 rather than staying public. Call it after the delete's transaction has committed, never inside
 * it: a rolled-back delete would leave a live row without its file. Each removed file is marked
 * (`file_removed_at`); one whose removal failed, or never ran (the process died after the commit),
 * is left for the next sweep (`mediaRoutes`). Removing a file twice is harmless, so sweeps may overlap.
 * `ids` limits it to those rows. Answers how many files were removed; throws the first failure.
 */
export async function removeDeletedMediaFiles(db: Db, storage: MediaStorage, ids?: number[]): Promise<number> {
  let removed = 0;
  for (let afterId = 0; ; ) {
    const rows = await db
      .select({ id: media.id, name: media.name })
      .from(media)
      .where(and(isNotNull(media.deletedAt), isNull(media.fileRemovedAt), sql`${media.id} > ${afterId}`, ids && inArray(media.id, ids)))
      .orderBy(media.id)
      .limit(REMOVE_BATCH);
    if (!rows.length) return removed;
    for (const row of rows) await storage.remove(row.name);
    await db.update(media).set({ fileRemovedAt: new Date() }).where(inArray(media.id, rows.map((row) => row.id)));
    removed += rows.length;
    afterId = rows.at(-1)!.id;
  }
}
