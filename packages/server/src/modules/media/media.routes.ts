import { isSafeText } from '@facet/contract/api';
import { MESSAGES } from '@facet/contract/messages';
import { MEDIA_PURPOSES, MEDIA_TYPES, mediaRecordSchema, mediaUploadQuerySchema } from '@facet/contract/modules/media/media.schema';
import { hasPermission } from '@facet/contract/permissions';
import type { PermissionKey } from '@facet/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import { AppError, invalidField } from '../../http/errors.ts';
import type { UploadedFile } from './media.service.ts';
import { createMediaService, fileTooLarge } from './media.service.ts';
import type { MediaStorage } from './media.storage.ts';
import { MEDIA_URL_PREFIX } from './media.storage.ts';

/** Generated names only: 32 hex digits and a known extension. Nothing else can name a file. */
const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|svg)$/;

const CONTENT_TYPE_BY_EXTENSION = Object.fromEntries(
  Object.values(MEDIA_TYPES).map((type) => [type.extensions[0].slice(1), type.contentType]),
) as Record<string, string>;

/**
 * Served files are data, never documents: no script may run even when one is opened directly.
 * SVG may use its own inline styles and nothing more.
 */
function securityHeadersFor(extension: string) {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': extension === 'svg' ? "default-src 'none'; style-src 'unsafe-inline'; sandbox" : "default-src 'none'; sandbox",
    // The storefront, on another host, shows these images.
    'Cross-Origin-Resource-Policy': 'cross-origin',
    // Names are generated per upload and files never change.
    'Cache-Control': 'public, max-age=31536000, immutable',
  };
}

/**
 * The upload's one file, read to the end of the body. A file counts only when its part ended with
 * its closing boundary and within `maxBytes`. A part cut at the limit (busboy marks it truncated,
 * and when the cut falls between two chunks nothing else says so) is a 413, also when the body then
 * ends early; a body that ends before the closing boundary of a file within the limit is a 400.
 */
async function readOneFile(request: FastifyRequest, maxBytes: number): Promise<UploadedFile | undefined> {
  let file: UploadedFile | undefined;
  let reading: { file: { truncated: boolean } } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type !== 'file' || file) continue;
      reading = part;
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw fileTooLarge();
      // A part sent as binary without a file name is still a file to the parser, with no name.
      file = { bytes, fileName: part.filename ?? '' };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Past the limit, however the body then ended (cut off mid-part, broken framing): the size is the answer.
    if (reading?.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    // Broken framing (no boundary, cut short) comes from the parser as a plain error: the client's fault.
    if (!(error as { statusCode?: number }).statusCode) throw invalidField('file', MESSAGES.invalidFile);
    throw error;
  }
  return file;
}

export function mediaRoutes(app: FastifyInstance, db: Db, storage: MediaStorage) {
  const service = createMediaService(db, storage);
  const route = app.withTypeProvider<ZodTypeProvider>();
  // The route lets in anyone who may upload for some purpose; the handler checks the purpose asked for.
  const uploaders = [...new Set(Object.values(MEDIA_PURPOSES).map((rule) => rule.permission as PermissionKey))];

  route.post(
    '/api/media',
    { config: { permission: uploaders }, schema: { tags: ['media'], querystring: mediaUploadQuerySchema, response: { 201: mediaRecordSchema } } },
    async (request, reply) => {
      const { purpose } = request.query;
      const rule = MEDIA_PURPOSES[purpose];
      if (!hasPermission(request.actor!.permissions, rule.permission)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.uploadNotMultipart);
      const file = await readOneFile(request, rule.maxBytes);
      if (!file) throw invalidField('file', MESSAGES.required);
      // The name is kept with the record: the same text rule as every other string (no NUL, no lone surrogate).
      if (!isSafeText(file.fileName)) throw invalidField('file', MESSAGES.unsafeText);
      const record = await service.upload(purpose, file, contextOf(request));
      return reply.status(201).send(record);
    },
  );

  route.get(
    `${MEDIA_URL_PREFIX}:name`,
    { schema: { hide: true, params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      const { name } = request.params;
      const stream = STORED_NAME.test(name) ? await storage.open(name) : null;
      if (!stream) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: MESSAGES.notFound } });
      const extension = name.slice(name.lastIndexOf('.') + 1);
      return reply.headers(securityHeadersFor(extension)).type(CONTENT_TYPE_BY_EXTENSION[extension]!).send(stream);
    },
  );
}
