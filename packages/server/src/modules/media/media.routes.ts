import { MESSAGES } from '@facet/contract/messages';
import { MEDIA_PURPOSES, MEDIA_TYPES, mediaRecordSchema, mediaUploadQuerySchema } from '@facet/contract/modules/media/media.schema';
import { hasPermission } from '@facet/contract/permissions';
import type { PermissionKey } from '@facet/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { createMediaService, removeDeletedMediaFiles } from './media.service.ts';
import { receiveUpload } from './media.upload.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { MEDIA_URL_PREFIX } from '../../storage/media-storage.ts';

/** Generated names only: 32 hex digits and a known extension. Nothing else can name a file. */
const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|svg|mp4|webm)$/;

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

/** How often the files of deleted media rows that are still stored are looked for. */
const REMOVAL_SWEEP_MS = 10 * 60_000;

export function mediaRoutes(app: FastifyInstance, db: Db, storage: MediaStorage) {
  const service = createMediaService(db, storage);

  // Files of deleted rows go right after the delete commits (its module calls removeDeletedMediaFiles);
  // this sweep takes what that missed: a failed removal, a process killed in between, rows deleted
  // before files were removed at all.
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () =>
    (sweeping = removeDeletedMediaFiles(db, storage).catch((error: unknown) => app.log.error({ err: error }, 'removing the files of deleted media failed; the next sweep tries again')));
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), REMOVAL_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await sweeping;
  });

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
      const file = await receiveUpload(request, purpose);
      // The staged copy of a video goes before the answer, so nothing of the request outlives it.
      const record = await service.upload(purpose, file, contextOf(request)).finally(() => (file.staged ? file.discard() : undefined));
      return reply.status(201).send(record);
    },
  );

  route.get(
    `${MEDIA_URL_PREFIX}:name`,
    // Product images are shown on the storefront to anyone.
    { config: { public: true }, schema: { hide: true, params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      const { name } = request.params;
      const file = STORED_NAME.test(name) ? await storage.open(name, request.headers.range) : null;
      if (!file) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: MESSAGES.notFound } });
      const extension = name.slice(name.lastIndexOf('.') + 1);
      reply.headers({ ...securityHeadersFor(extension), 'Accept-Ranges': 'bytes' });
      if (file.range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${file.size}`).send();
      reply.type(CONTENT_TYPE_BY_EXTENSION[extension]!);
      if (!file.range) return reply.send(file.stream);
      const { start, end } = file.range;
      return reply
        .status(206)
        .headers({ 'Content-Range': `bytes ${start}-${end}/${file.size}`, 'Content-Length': String(end - start + 1) })
        .send(file.stream);
    },
  );
}
