import { IMAGE_SYNC_DEFAULT_FOLDER, IMAGE_SYNC_SETTING_KEYS as KEYS } from '@facet/contract/modules/image-sync/image-sync.schema';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import type { DropboxEntry } from '../../integrations/dropbox/dropbox-client.ts';
import { createDropboxClient, dropboxContentHash } from '../../integrations/dropbox/dropbox-client.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';
import { createProductMediaService } from '../product-media/index.ts';
import { products } from '../products/product.table.ts';
import { createFileHandler } from './image-sync.files.ts';
import { runResult } from './image-sync.job.ts';
import { createImageSyncService, IMAGE_SYNC_JOB_KIND } from './image-sync.service.ts';
import { imageSyncFiles } from './image-sync.table.ts';

const HOUR_MS = 3_600_000;

/** A studio shot of a ring as the shop's photographer would drop it in Dropbox: a band on a soft backdrop, in `tone`. */
async function photograph(tone: [string, string], format: 'jpeg' | 'png'): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <defs><radialGradient id="b" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e9e4dc"/></radialGradient>
    <linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tone[0]}"/><stop offset="1" stop-color="${tone[1]}"/></linearGradient></defs>
    <rect width="800" height="800" fill="url(#b)"/>
    <ellipse cx="400" cy="440" rx="210" ry="190" fill="none" stroke="url(#m)" stroke-width="46"/>
    <circle cx="400" cy="238" r="44" fill="#f4f9ff" stroke="${tone[1]}" stroke-width="8"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return await (format === 'png' ? image.png() : image.jpeg({ quality: 85 })).toBuffer();
}

/** A file in the demo's Dropbox: its listing entry (as Dropbox lists it) and its bytes. */
function dropboxFile(path: string, bytes: Buffer, size = bytes.length): DropboxEntry & { bytes: Buffer } {
  return { tag: 'file', name: path.split('/').pop()!, pathLower: path.toLowerCase(), contentHash: dropboxContentHash(bytes), size, bytes };
}
const deletedEntry = (path: string): DropboxEntry => ({ tag: 'deleted', name: path.split('/').pop()!, pathLower: path.toLowerCase(), contentHash: null, size: null });

/**
 * The demo's Dropbox connection and its last two syncs (issue 27, demo data), so `npm start` shows
 * /dropboximagesync connected with a report. The connection is stored as a connect stores one (the
 * shop's app, both tokens encrypted, the expiry); its tokens are the demo's own, which no Dropbox
 * knows: Sync now on the demo ends with Dropbox's refusal, until staff connect the shop's account.
 *
 * No Dropbox is called at start-up. Each run is written as a finished run writes it: its job row,
 * then its files through the sync's own handler (image-sync.files.ts: the SKU read from the name,
 * the media pipeline into the library, a deleted file's image removed), handed the demo's bytes in
 * place of a download, then the run's result and the connection's last sync. Two days ago a first
 * sync attached three photographs; an hour ago the last one attached two more, reported an unknown
 * SKU, a photograph over 2 MB and a file that is no image, and removed the picture deleted in
 * Dropbox meanwhile. Not without a media store or the secret key (the tests' templates).
 */
export async function seedDemoImageSync(tx: Db, { adminId, adminName, mediaStorage, secretKey }: SeedContext) {
  if (!mediaStorage || !secretKey) return;
  const [first, second, third] = await tx
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(isNull(products.deletedAt), isNull(products.parentProductId), eq(products.status, true)))
    .orderBy(asc(products.id))
    .limit(3);
  const [variant] = await tx
    .select({ sku: products.sku })
    .from(products)
    .where(and(isNull(products.deletedAt), isNotNull(products.parentProductId)))
    .orderBy(asc(products.id))
    .limit(1);
  if (!first || !second || !third || !variant) return;

  const service = createImageSyncService(tx, createDropboxClient(), () => secretKey);
  const now = Date.now();
  const connectedAt = new Date(now - 50 * HOUR_MS);
  await service.save(
    tx,
    {
      [KEYS.appKey]: 'demo-dropbox-app-key',
      [KEYS.appSecret]: 'demo-dropbox-app-secret',
      [KEYS.accessToken]: 'sl.demo-access-token',
      [KEYS.refreshToken]: 'demo-refresh-token',
      // A connect's now + expires_in (4 hours): long expired, so a sync would first refresh it.
      [KEYS.expiresAt]: new Date(connectedAt.getTime() + 4 * HOUR_MS).toISOString(),
    },
    adminId,
  );

  const folder = IMAGE_SYNC_DEFAULT_FOLDER;
  const gold: [string, string] = ['#f7dc8a', '#a87d22'];
  const white: [string, string] = ['#ffffff', '#9fa4ae'];
  const rose: [string, string] = ['#ffd9c9', '#a9644f'];
  const sideView = dropboxFile(`${folder}/${first.sku}_2.jpg`, await photograph(white, 'jpeg'));
  const runs: { at: Date; entries: (DropboxEntry & { bytes?: Buffer })[] }[] = [
    {
      at: new Date(now - 48 * HOUR_MS),
      entries: [dropboxFile(`${folder}/${first.sku}.jpg`, await photograph(gold, 'jpeg')), sideView, dropboxFile(`${folder}/${second.sku}.png`, await photograph(rose, 'png'))],
    },
    {
      at: new Date(now - HOUR_MS),
      entries: [
        deletedEntry(sideView.pathLower),
        dropboxFile(`${folder}/Rings/${third.sku}.jpg`, await photograph(gold, 'jpeg')),
        dropboxFile(`${folder}/Rings/${variant.sku}.jpg`, await photograph(white, 'jpeg')),
        dropboxFile(`${folder}/Archive/OLD-RING-0042.jpg`, await photograph(rose, 'jpeg')),
        // Dropbox lists its size: over 2 MB, it is refused without being downloaded.
        dropboxFile(`${folder}/${second.sku}_2.jpg`, await photograph(rose, 'jpeg'), 3_400_000),
        dropboxFile(`${folder}/${third.sku}_2.jpg`, Buffer.from('%PDF-1.7 a spec sheet saved under a picture name')),
      ],
    },
  ];

  const media = createProductMediaService(tx, mediaStorage);
  const actor = { id: adminId, name: adminName ?? 'admin' };
  for (const run of runs) {
    const [job] = await tx
      .insert(jobRuns)
      .values({ kind: IMAGE_SYNC_JOB_KIND, actorId: adminId, actorName: actor.name, status: 'running', params: {}, createdAt: run.at, startedAt: run.at })
      .returning({ id: jobRuns.id });
    const runId = job!.id;
    const bytesOf = new Map(run.entries.map((entry) => [entry.pathLower, entry.bytes ?? null]));
    const files = createFileHandler({ db: tx, media, runId, context: { actor, ip: 'system', requestId: `job-${runId}` }, download: async (entry) => bytesOf.get(entry.pathLower) ?? null });
    for (const entry of run.entries) {
      if (entry.tag === 'deleted') await files.handleDeleted(entry);
      else await files.handle(entry);
    }
    const finishedAt = new Date(run.at.getTime() + 40_000);
    // The run's files as handled then, not at seeding.
    await tx.update(imageSyncFiles).set({ syncedAt: new Date(run.at.getTime() + 20_000) }).where(eq(imageSyncFiles.jobRunId, runId));
    // Where the next sync would continue from, as Dropbox hands out cursors (opaque; the demo's, which no Dropbox knows).
    await service.finish(tx, folder, `AAE${randomBytes(30).toString('base64url')}`, runId, finishedAt);
    const result = { ...(await runResult(tx, runId)), unchanged: 0 };
    await tx
      .update(jobRuns)
      .set({ status: 'succeeded', result, progressDone: run.entries.length, progressTotal: run.entries.length, finishedAt, heartbeatAt: finishedAt })
      .where(eq(jobRuns.id, runId));
  }
}
