import { z } from 'zod';

/**
 * Dropbox image sync (document 3 §2.18, §7 "Image sync"): its rows are setting options. The app
 * secret and both tokens are secrets (their keys name one): stored encrypted, never answered. The
 * access token's expiry is stored as now + expires_in (§7), the list cursor and the last run beside them.
 */
export const IMAGE_SYNC_SETTING_KEYS = {
  appKey: 'dropbox.app_key',
  appSecret: 'dropbox.app_secret',
  folder: 'dropbox.folder',
  accessToken: 'dropbox.access_token',
  refreshToken: 'dropbox.refresh_token',
  expiresAt: 'dropbox.token_expires_at',
  cursor: 'dropbox.cursor',
  /** The folder the cursor lists: a cursor of another folder is not continued. */
  cursorFolder: 'dropbox.cursor_folder',
  lastSyncAt: 'dropbox.last_sync_at',
  lastSyncJobId: 'dropbox.last_sync_job_id',
} as const;

export const IMAGE_SYNC_DEFAULT_FOLDER = '/Product Images';

/**
 * The naming convention: the file name (without its extension) is the SKU of a product or variant,
 * optionally followed by `_<n>` for more pictures: RING-001.jpg, RING-001_2.jpg.
 */
export function skuOfFileName(fileName: string): string {
  const base = fileName.replace(/\.[^./]*$/, '');
  return base.replace(/_\d+$/, '').trim();
}

/**
 * What became of a file: matched (attached to its SKU's library), unmatched (no such SKU), rejected
 * (the media pipeline refused it); for a file deleted in Dropbox, removed (the image the sync had
 * attached from it went from the library) or kept (a product still shows that image).
 */
export const IMAGE_SYNC_OUTCOMES = ['matched', 'unmatched', 'rejected', 'removed', 'kept'] as const;
export type ImageSyncOutcome = (typeof IMAGE_SYNC_OUTCOMES)[number];

export const imageSyncFileSchema = z.object({
  path: z.string(),
  name: z.string(),
  sku: z.string(),
  outcome: z.enum(IMAGE_SYNC_OUTCOMES),
  reason: z.string().nullable(),
  syncedAt: z.string(),
});
export type ImageSyncFile = z.infer<typeof imageSyncFileSchema>;

/** Files of one outcome the report lists at most (the counts are whole). */
export const IMAGE_SYNC_REPORT_LIMIT = 200;

export const imageSyncStateSchema = z.object({
  /** App key and app secret are set (System > Settings): connecting can start. */
  isConfigured: z.boolean(),
  isConnected: z.boolean(),
  folder: z.string(),
  /** The access token's expiry (it is refreshed with the refresh token when due). */
  expiresAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  /** The last sync run's job, or the one running now (its progress shows in the page and the Job Centre). */
  jobId: z.number().int().nullable(),
  report: z.object({
    counts: z.object({ matched: z.number().int(), unmatched: z.number().int(), rejected: z.number().int(), removed: z.number().int(), kept: z.number().int() }),
    files: z.array(imageSyncFileSchema),
  }),
});
export type ImageSyncState = z.infer<typeof imageSyncStateSchema>;

/** Dropbox's return: the code to exchange, and the `state` the authorisation was started with. */
export const imageSyncCodeInputSchema = z.object({
  code: z.string().trim().min(1).max(2000),
  state: z.string().trim().min(1).max(500),
});
export type ImageSyncCodeInput = z.infer<typeof imageSyncCodeInputSchema>;

export const imageSyncAuthorizationSchema = z.object({ url: z.string() });
export const imageSyncStartedSchema = z.object({ jobId: z.number().int() });
export const imageSyncJobParamsSchema = z.object({}).strict();

/** The spec words none of these. */
export const IMAGE_SYNC_MESSAGES = {
  connected: 'Dropbox connected',
  disconnected: 'Dropbox disconnected',
  disconnectConfirm: 'Disconnect Dropbox?',
  syncStarted: 'Image sync started',
  notConfigured: 'Set the Dropbox app key (dropbox.app_key) and app secret (dropbox.app_secret) in System > Settings first.',
  notConnected: 'Dropbox is not connected. Connect it first.',
  stateMismatch: 'This Dropbox sign-in was not started from this session, or it is over 10 minutes old. Connect again.',
  refused: (reason: string) => `Dropbox refused the connection: ${reason}`,
  unreachable: 'Dropbox could not be reached. Try again in a few minutes.',
  folderNotFound: (folder: string) => `The Dropbox folder ${folder} does not exist. Create it, or set another folder (dropbox.folder) in System > Settings.`,
  syncFailed: (reason: string) => `Dropbox answered: ${reason}`,
  unmatched: (sku: string) => `No product or variant has the SKU ${sku}.`,
  notAnImageName: 'The file name holds no SKU.',
  removed: 'Deleted in Dropbox: its image was removed from the media library.',
  keptInUse: 'Deleted in Dropbox, but a product still shows its image: it stays in the media library until it is taken off the product and deleted there.',
} as const;
