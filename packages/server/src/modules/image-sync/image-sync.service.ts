import { IMAGE_SYNC_DEFAULT_FOLDER, IMAGE_SYNC_MESSAGES, IMAGE_SYNC_REPORT_LIMIT, IMAGE_SYNC_SETTING_KEYS as KEYS } from '@facet/contract/modules/image-sync/image-sync.schema';
import type { ImageSyncCodeInput, ImageSyncFile, ImageSyncOutcome, ImageSyncState } from '@facet/contract/modules/image-sync/image-sync.schema';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import type { RequestContext } from '../../http/context.ts';
import { AppError, invalidField } from '../../http/errors.ts';
import { createOAuthState } from '../../http/oauth-state.ts';
import type { DropboxClient, DropboxTokenSource } from '../../integrations/dropbox/dropbox-client.ts';
import { DropboxError } from '../../integrations/dropbox/dropbox-client.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';
import { readSettingValues, writeSettingValues } from '../settings/index.ts';
import { noOutcomes, outcomeCounts } from './image-sync.files.ts';
import { imageSyncFiles } from './image-sync.table.ts';

const TITLES: Record<string, string> = {
  [KEYS.appKey]: 'Dropbox app key',
  [KEYS.appSecret]: 'Dropbox app secret',
  [KEYS.folder]: 'Dropbox image folder',
  [KEYS.accessToken]: 'Dropbox access token',
  [KEYS.refreshToken]: 'Dropbox refresh token',
  [KEYS.expiresAt]: 'Dropbox access token expires at',
  [KEYS.cursor]: 'Dropbox image sync cursor',
  [KEYS.cursorFolder]: 'Dropbox image sync cursor folder',
  [KEYS.lastSyncAt]: 'Dropbox image sync last run',
  [KEYS.lastSyncJobId]: 'Dropbox image sync last job',
};
export const IMAGE_SYNC_JOB_KIND = 'image-sync.run';

/** An access token with less than this left is refreshed before a call rather than after Dropbox refuses it. */
const REFRESH_MARGIN_MS = 60_000;

/** Dropbox's refusal or absence as the caller's 4xx: the page shows why, nothing is saved. */
export function dropboxProblem(error: unknown, folder: string): AppError | null {
  if (!(error instanceof DropboxError)) return null;
  if (error.isUnreachable) return new AppError('BAD_GATEWAY', IMAGE_SYNC_MESSAGES.unreachable);
  if (error.isNotFound) return new AppError('UNPROCESSABLE', IMAGE_SYNC_MESSAGES.folderNotFound(folder));
  return new AppError('UNPROCESSABLE', IMAGE_SYNC_MESSAGES.syncFailed(error.message));
}

/**
 * The shop's Dropbox connection: started from /dropboximagesync (Dropbox's authorisation address, with
 * a `state` bound to the staff member's session: http/oauth-state.ts), finished on Dropbox's return
 * (the code for an access token and a refresh token, saved encrypted with the expiry, now + expires_in),
 * and the tokens the sync job calls Dropbox with (refreshed when due or when Dropbox says expired).
 */
export function createImageSyncService(db: Db, client: DropboxClient, secretKey: () => Buffer) {
  const oauthState = createOAuthState('dropbox-state', secretKey);

  const read = () => readSettingValues(db, Object.values(KEYS), { secretKey: secretKey() });
  /** Writes the sync's setting options in `tx`, under the titles the Settings screen lists them by (the secrets encrypted). */
  const save = (tx: Db, values: Record<string, string>, actorId: number | null) => writeSettingValues(tx, values, { titles: TITLES, actorId, secretKey: secretKey() });
  const folderOf = (values: Map<string, string>) => values.get(KEYS.folder)?.trim() || IMAGE_SYNC_DEFAULT_FOLDER;

  function appOf(values: Map<string, string>) {
    const appKey = values.get(KEYS.appKey)?.trim() ?? '';
    const appSecret = values.get(KEYS.appSecret)?.trim() ?? '';
    if (!appKey || !appSecret) throw new AppError('CONFLICT', IMAGE_SYNC_MESSAGES.notConfigured);
    return { appKey, appSecret };
  }

  async function talking<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof DropboxError)) throw error;
      throw new AppError(error.isUnreachable ? 'BAD_GATEWAY' : 'UNPROCESSABLE', error.isUnreachable ? IMAGE_SYNC_MESSAGES.unreachable : IMAGE_SYNC_MESSAGES.refused(error.message));
    }
  }

  async function report(jobRunId: number | null): Promise<ImageSyncState['report']> {
    if (jobRunId === null) return { counts: noOutcomes(), files: [] };
    const counts = await outcomeCounts(db, jobRunId);
    const rows = rowsOf<{ path: string; name: string; sku: string; outcome: ImageSyncOutcome; reason: string | null; synced_at: Date | string }>(
      await db.execute(sql`
        select path, name, sku, outcome, reason, synced_at from (
          select *, row_number() over (partition by outcome order by path) as n from ${imageSyncFiles} where job_run_id = ${jobRunId}
        ) ranked where n <= ${IMAGE_SYNC_REPORT_LIMIT} order by outcome, path`),
    );
    const files: ImageSyncFile[] = rows.map((row) => ({
      path: row.path,
      name: row.name,
      sku: row.sku,
      outcome: row.outcome,
      reason: row.reason,
      syncedAt: new Date(row.synced_at).toISOString(),
    }));
    return { counts, files };
  }

  return {
    async state(): Promise<ImageSyncState> {
      const values = await read();
      const jobId = Number(values.get(KEYS.lastSyncJobId)) || null;
      return {
        isConfigured: Boolean(values.get(KEYS.appKey)?.trim() && values.get(KEYS.appSecret)?.trim()),
        isConnected: Boolean(values.get(KEYS.refreshToken)),
        folder: folderOf(values),
        expiresAt: values.get(KEYS.expiresAt) || null,
        lastSyncAt: values.get(KEYS.lastSyncAt) || null,
        jobId,
        report: await report(jobId),
      };
    },

    /** Where the page sends the browser: Dropbox's authorisation page, offline access, with this session's `state`. */
    async authorizationUrl(sessionIdHash: string, redirectUri: string): Promise<string> {
      const { appKey } = appOf(await read());
      return client.authorizationUrl({ appKey, redirectUri, state: oauthState.issue(sessionIdHash, redirectUri) });
    },

    /** Dropbox's return: the code for an access token and a refresh token, saved with the expiry. */
    async connect(input: ImageSyncCodeInput, sessionIdHash: string, redirectUri: string, context: RequestContext): Promise<ImageSyncState> {
      if (!oauthState.isValid(input.state, sessionIdHash, redirectUri)) throw invalidField('state', IMAGE_SYNC_MESSAGES.stateMismatch);
      const app = appOf(await read());
      const tokens = await talking(() => client.exchangeCode({ ...app, code: input.code, redirectUri }));
      if (!tokens.refreshToken) throw new AppError('UNPROCESSABLE', IMAGE_SYNC_MESSAGES.refused('no refresh token (offline access) was granted'));
      const expiresAt = new Date(Date.now() + tokens.expiresInSeconds * 1000);
      await db.transaction(async (tx) => {
        // A new account (or app) lists from the start: the old cursor is not its.
        await save(
          tx,
          { [KEYS.accessToken]: tokens.accessToken, [KEYS.refreshToken]: tokens.refreshToken!, [KEYS.expiresAt]: expiresAt.toISOString(), [KEYS.cursor]: '', [KEYS.cursorFolder]: '' },
          context.actor.id,
        );
        await writeAudit(tx, context, { action: 'update', entity: 'dropbox_connection', after: { expiresAt } });
      });
      return this.state();
    },

    /** Forgets the tokens (saved empty) and the cursor; the synced files' record stays, so a reconnect re-downloads nothing unchanged. */
    async disconnect(context: RequestContext): Promise<ImageSyncState> {
      await db.transaction(async (tx) => {
        await save(tx, { [KEYS.accessToken]: '', [KEYS.refreshToken]: '', [KEYS.expiresAt]: '', [KEYS.cursor]: '', [KEYS.cursorFolder]: '' }, context.actor.id);
        await writeAudit(tx, context, { action: 'delete', entity: 'dropbox_connection' });
      });
      return this.state();
    },

    /**
     * Starts a sync unless one is queued or running, and answers its job (the one there was, or the
     * new one, which the page then follows). The check and the queueing (`submit`, in the same
     * transaction) happen under a lock of their own: two Sync now clicks at the same moment (two
     * staff, a double click, a Retry from the Job Centre) queue one run, and the second is answered
     * the first's job.
     */
    async startSync(actorId: number, submit: (tx: Db) => Promise<number>): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${IMAGE_SYNC_JOB_KIND}))`);
        const [active] = await tx
          .select({ id: jobRuns.id })
          .from(jobRuns)
          .where(and(eq(jobRuns.kind, IMAGE_SYNC_JOB_KIND), inArray(jobRuns.status, ['queued', 'running'])))
          .orderBy(desc(jobRuns.id))
          .limit(1);
        if (active) return active.id;
        const jobId = await submit(tx);
        await save(tx, { [KEYS.lastSyncJobId]: String(jobId) }, actorId);
        return jobId;
      });
    },

    async assertConnected(): Promise<void> {
      const values = await read();
      appOf(values);
      if (!values.get(KEYS.refreshToken)) throw new AppError('CONFLICT', IMAGE_SYNC_MESSAGES.notConnected);
    },

    /** What the sync job needs: the folder, the saved cursor (when it lists that folder), and a token source that refreshes and stores. */
    async session() {
      const values = await read();
      const app = appOf(values);
      const refreshToken = values.get(KEYS.refreshToken) ?? '';
      if (!refreshToken) throw new AppError('CONFLICT', IMAGE_SYNC_MESSAGES.notConnected);
      const folder = folderOf(values);
      let accessToken = values.get(KEYS.accessToken) ?? '';
      let expiresAt = values.get(KEYS.expiresAt) ? new Date(values.get(KEYS.expiresAt)!).getTime() : 0;
      const tokens: DropboxTokenSource = {
        async accessToken() {
          if (!accessToken || expiresAt - Date.now() < REFRESH_MARGIN_MS) return tokens.refresh();
          return accessToken;
        },
        async refresh() {
          const fresh = await client.refresh({ ...app, refreshToken });
          accessToken = fresh.accessToken;
          expiresAt = Date.now() + fresh.expiresInSeconds * 1000;
          await db.transaction((tx) => save(tx, { [KEYS.accessToken]: accessToken, [KEYS.expiresAt]: new Date(expiresAt).toISOString() }, null));
          return accessToken;
        },
      };
      const cursor = values.get(KEYS.cursorFolder) === folder.toLowerCase() ? values.get(KEYS.cursor) || null : null;
      return { folder, cursor, tokens };
    },

    /** The end of a sync, in its final transaction: the cursor to continue from next time, and when it ran (now; the demo's runs, then). */
    async finish(tx: Db, folder: string, cursor: string, jobRunId: number, at = new Date()): Promise<void> {
      await save(tx, { [KEYS.cursor]: cursor, [KEYS.cursorFolder]: folder.toLowerCase(), [KEYS.lastSyncAt]: at.toISOString(), [KEYS.lastSyncJobId]: String(jobRunId) }, null);
    },

    /** The connection's setting options as a connect leaves them, and the shop's app: the demo's (image-sync.demo.ts). */
    save,

    /** Paths already handled with this content (the killed run's work is not redone). */
    async handled(paths: { path: string; contentHash: string }[]): Promise<Set<string>> {
      if (!paths.length) return new Set();
      const rows = await db
        .select({ path: imageSyncFiles.path, contentHash: imageSyncFiles.contentHash })
        .from(imageSyncFiles)
        .where(inArray(imageSyncFiles.path, paths.map((entry) => entry.path)))
        .orderBy(asc(imageSyncFiles.path));
      const wanted = new Map(paths.map((entry) => [entry.path, entry.contentHash]));
      return new Set(rows.filter((row) => wanted.get(row.path) === row.contentHash).map((row) => row.path));
    },
  };
}
export type ImageSyncService = ReturnType<typeof createImageSyncService>;
