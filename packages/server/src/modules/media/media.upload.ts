import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSafeText } from '@facet/contract/api';
import { MESSAGES } from '@facet/contract/messages';
import { MEDIA_PURPOSES, isVideoPurpose, tooLargeMessageFor } from '@facet/contract/modules/media/media.schema';
import type { MediaPurpose } from '@facet/contract/modules/media/media.schema';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidField } from '../../http/errors.ts';

/** 413 with the purpose's limit in words, on the file. */
export const fileTooLarge = (purpose: MediaPurpose) => {
  const message = tooLargeMessageFor(purpose);
  return new AppError('PAYLOAD_TOO_LARGE', message, [{ path: ['file'], message }]);
};

/** An upload held in memory: images, at most 2 MB, which are decoded and re-encoded anyway. */
export interface UploadedFile {
  bytes: Buffer;
  fileName: string;
}

/**
 * An upload written to a temporary file as it arrived, never held whole in memory: videos, up to
 * tens of megabytes, stored as sent. `discard` removes the temporary file (always call it).
 */
export interface StagedFile {
  path: string;
  byteSize: number;
  /** The first bytes of the file, for the type check. */
  head: Buffer;
  fileName: string;
  discard(): Promise<void>;
}

export type ReceivedFile = ({ staged: false } & UploadedFile) | ({ staged: true } & StagedFile);

/** Bytes the type checks read: enough for every signature we know (a WebM EBML header is tens of bytes). */
const HEAD_BYTES = 4096;

/**
 * The upload's one file, read to the end of the body: in memory, or (for a video purpose) streamed
 * to a temporary file. A file counts only when its part ended with its closing boundary and within
 * the purpose's limit. A part cut at the limit (busboy marks it truncated, and when the cut falls
 * between two chunks nothing else says so) is a 413, also when the body then ends early; a body
 * that ends before the closing boundary of a file within the limit is a 400. Nothing is kept of a
 * refused upload.
 */
export async function receiveUpload(request: FastifyRequest, purpose: MediaPurpose): Promise<ReceivedFile> {
  return receiveFile(request, { maxBytes: MEDIA_PURPOSES[purpose].maxBytes, toDisk: isVideoPurpose(purpose), tooLarge: () => fileTooLarge(purpose) });
}

/** How `receiveFile` keeps an upload: its size limit (and the 413 past it), in memory or staged on disk. */
export interface ReceiveRule {
  maxBytes: number;
  toDisk: boolean;
  tooLarge(): AppError;
}

/** The upload's one file under `rule` (receiveUpload's rules; spreadsheet imports use it with their own). */
export async function receiveFile(request: FastifyRequest, rule: ReceiveRule): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.uploadNotMultipart);
  const { maxBytes } = rule;
  const keep = rule.toDisk ? stageToDisk : keepInMemory;
  let file: ReceivedFile | undefined;
  let reading: { file: { truncated: boolean } } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type !== 'file' || file) continue;
      reading = part;
      // A part sent as binary without a file name is still a file to the parser, with no name.
      file = await keep(part.file, part.filename ?? '');
      if (part.file.truncated) throw rule.tooLarge();
    }
  } catch (error) {
    if (file?.staged) await file.discard();
    if (error instanceof AppError) throw error;
    // Past the limit, however the body then ended (cut off mid-part, broken framing): the size is the answer.
    if (reading?.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw rule.tooLarge();
    // Broken framing (no boundary, cut short) comes from the parser as a plain error: the client's fault.
    if (!(error as { statusCode?: number }).statusCode) throw invalidField('file', MESSAGES.invalidFile);
    throw error;
  }
  if (!file) throw invalidField('file', MESSAGES.required);
  // The name is kept with the record: the same text rule as every other string (no NUL, no lone surrogate).
  if (!isSafeText(file.fileName)) {
    if (file.staged) await file.discard();
    throw invalidField('file', MESSAGES.unsafeText);
  }
  return file;
}

async function keepInMemory(stream: Readable, fileName: string): Promise<ReceivedFile> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { staged: false, bytes: Buffer.concat(chunks), fileName };
}

/** Where this process stages arriving videos: the system's temporary folder, named by process so one process's leftovers can be told apart. */
export const UPLOAD_STAGING_PREFIX = `facet-upload-${process.pid}-`;

async function stageToDisk(stream: Readable, fileName: string): Promise<ReceivedFile> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), UPLOAD_STAGING_PREFIX));
  const discard = () => fs.promises.rm(folder, { recursive: true, force: true });
  const filePath = path.join(folder, 'upload');
  try {
    await pipeline(stream, fs.createWriteStream(filePath, { flags: 'wx' }));
    const { size } = await fs.promises.stat(filePath);
    const handle = await fs.promises.open(filePath, 'r');
    try {
      const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
      await handle.read(head, 0, head.length, 0);
      return { staged: true, path: filePath, byteSize: size, head, fileName, discard };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await discard();
    throw error;
  }
}
