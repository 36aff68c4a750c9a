/**
 * Dropbox's API v2, as the image sync uses it:
 *
 * - authorise: https://www.dropbox.com/oauth2/authorize?client_id&response_type=code&token_access_type=offline&redirect_uri&state
 * - token: POST https://api.dropboxapi.com/oauth2/token, form grant_type=authorization_code (code,
 *   redirect_uri) or grant_type=refresh_token (refresh_token), with client_id and client_secret;
 *   answers `{ access_token, expires_in, refresh_token? }`; errors `{ error, error_description }`.
 * - RPC: POST https://api.dropboxapi.com/2/files/list_folder `{ path, recursive }` and
 *   /2/files/list_folder/continue `{ cursor }`: `{ entries: [{ .tag, name, path_lower, content_hash, size }], cursor, has_more }`.
 * - content: POST https://content.dropboxapi.com/2/files/download, its argument as JSON in the
 *   `Dropbox-API-Arg` header (non-ASCII escaped as \uXXXX: a header is ASCII), the file as the body.
 *
 * Errors: 401 `expired_access_token` (the access token lives 4 hours): refreshed and the call tried
 * once more; 409 an endpoint's error (`path/not_found/...`); 429 with Retry-After: waited and tried
 * again. The origins are configuration (DROPBOX_*_URL), so tests and journeys use a local fake.
 */
import { createHash } from 'node:crypto';

export interface DropboxEndpoints {
  /** The authorisation page's origin (https://www.dropbox.com). */
  authorizeUrl: string;
  /** The token and RPC endpoints' origin (https://api.dropboxapi.com). */
  apiUrl: string;
  /** The content endpoints' origin (https://content.dropboxapi.com). */
  contentUrl: string;
}

export const DROPBOX_ENDPOINTS: DropboxEndpoints = {
  authorizeUrl: 'https://www.dropbox.com',
  apiUrl: 'https://api.dropboxapi.com',
  contentUrl: 'https://content.dropboxapi.com',
};

const TIMEOUT_MS = 30_000;
/** Rate-limited calls tried again at most this many times, each after the wait Dropbox asks for (capped). */
const MAX_RATE_LIMIT_RETRIES = 5;
const MAX_RETRY_AFTER_SECONDS = 300;

/** Dropbox answered with an error (its summary, e.g. `path/not_found/..`), or could not be reached (`isUnreachable`). */
export class DropboxError extends Error {
  readonly status: number | null;
  readonly isUnreachable: boolean;
  constructor(message: string, status: number | null, isUnreachable = false) {
    super(message);
    this.name = 'DropboxError';
    this.status = status;
    this.isUnreachable = isUnreachable;
  }
  /** A 409 of a path that does not exist (the configured folder, a file gone meanwhile). */
  get isNotFound(): boolean {
    return this.status === 409 && /(^|\/)not_found(\/|$)/.test(this.message);
  }
}

export interface DropboxTokens {
  accessToken: string;
  expiresInSeconds: number;
  /** Answered by the code's exchange (offline access); a refresh keeps the one it was given. */
  refreshToken: string | null;
}

export interface DropboxEntry {
  tag: 'file' | 'folder' | 'deleted';
  name: string;
  pathLower: string;
  /** Files only: Dropbox's content hash (SHA-256 of 4 MB blocks' SHA-256s), which changes with the content. */
  contentHash: string | null;
  size: number | null;
}

/** Dropbox's content hash: the SHA-256 of the concatenated SHA-256s of each 4 MB block (what `content_hash` holds). */
export function dropboxContentHash(bytes: Buffer): string {
  const block = 4 * 1024 * 1024;
  const hashes: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += block) hashes.push(createHash('sha256').update(bytes.subarray(offset, offset + block)).digest());
  return createHash('sha256').update(Buffer.concat(hashes)).digest('hex');
}

export interface DropboxPage {
  entries: DropboxEntry[];
  cursor: string;
  hasMore: boolean;
}

/**
 * The account's tokens for a series of calls: the current access token, and its refresh (which the
 * owner stores) when Dropbox says it expired.
 */
export interface DropboxTokenSource {
  accessToken(): Promise<string>;
  refresh(): Promise<string>;
}

/** JSON for an HTTP header: every character outside ASCII as \uXXXX (as Dropbox requires for `Dropbox-API-Arg`). */
export function headerSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export interface DropboxClientOptions {
  /** How the client waits for a 429's Retry-After (tests record it instead of waiting). */
  wait?: (ms: number) => Promise<void>;
}

export function createDropboxClient(endpoints: DropboxEndpoints = DROPBOX_ENDPOINTS, options: DropboxClientOptions = {}) {
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function send(url: URL, init: RequestInit): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
      } catch (error) {
        throw new DropboxError(error instanceof Error ? error.message : String(error), null, true);
      }
      if (response.status !== 429 || attempt >= MAX_RATE_LIMIT_RETRIES) return response;
      await response.arrayBuffer().catch(() => undefined);
      const seconds = Number(response.headers.get('retry-after'));
      await wait(Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds : 1, MAX_RETRY_AFTER_SECONDS) * 1000);
    }
  }

  async function failure(response: Response): Promise<DropboxError> {
    const text = await response.text().catch(() => '');
    let message = text.trim().slice(0, 300) || `HTTP ${response.status}`;
    try {
      const body = JSON.parse(text) as { error_summary?: unknown; error?: unknown; error_description?: unknown };
      if (typeof body.error_summary === 'string') message = body.error_summary;
      else if (typeof body.error_description === 'string') message = body.error_description;
      else if (typeof body.error === 'string') message = body.error;
    } catch {
      // Not JSON: Dropbox's plain-text errors (a bad argument) are their own message.
    }
    return new DropboxError(message, response.status, response.status >= 500);
  }

  async function token(form: Record<string, string>): Promise<DropboxTokens> {
    const response = await send(new URL('/oauth2/token', endpoints.apiUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    if (!response.ok) throw await failure(response);
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const accessToken = body?.access_token;
    const expiresIn = Number(body?.expires_in);
    if (typeof accessToken !== 'string' || !accessToken || !Number.isFinite(expiresIn) || expiresIn <= 0) throw new DropboxError('the answer held no token', response.status);
    return { accessToken, expiresInSeconds: expiresIn, refreshToken: typeof body?.refresh_token === 'string' ? body.refresh_token : null };
  }

  /** A call with the account's token: an expired token is refreshed and the call tried once more. */
  async function authorised(tokens: DropboxTokenSource, call: (accessToken: string) => Promise<Response>): Promise<Response> {
    let response = await call(await tokens.accessToken());
    if (response.status === 401) {
      const error = await failure(response);
      if (!error.message.startsWith('expired_access_token')) throw error;
      response = await call(await tokens.refresh());
    }
    if (!response.ok) throw await failure(response);
    return response;
  }

  async function rpc(tokens: DropboxTokenSource, path: string, argument: unknown): Promise<Record<string, unknown>> {
    const response = await authorised(tokens, (accessToken) =>
      send(new URL(path, endpoints.apiUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(argument),
      }),
    );
    return (await response.json()) as Record<string, unknown>;
  }

  function pageOf(body: Record<string, unknown>): DropboxPage {
    if (!Array.isArray(body.entries) || typeof body.cursor !== 'string') throw new DropboxError('the answer held no entries', 200);
    const entries = (body.entries as Record<string, unknown>[]).flatMap((entry): DropboxEntry[] => {
      const tag = entry['.tag'];
      if ((tag !== 'file' && tag !== 'folder' && tag !== 'deleted') || typeof entry.path_lower !== 'string') return [];
      return [
        {
          tag,
          name: typeof entry.name === 'string' ? entry.name : '',
          pathLower: entry.path_lower,
          contentHash: typeof entry.content_hash === 'string' ? entry.content_hash : null,
          size: typeof entry.size === 'number' ? entry.size : null,
        },
      ];
    });
    return { entries, cursor: body.cursor, hasMore: body.has_more === true };
  }

  return {
    /** The page staff are sent to, to let the shop's app read its Dropbox (offline: with a refresh token). */
    authorizationUrl(input: { appKey: string; redirectUri: string; state: string }): string {
      const url = new URL('/oauth2/authorize', endpoints.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: input.appKey,
        response_type: 'code',
        token_access_type: 'offline',
        redirect_uri: input.redirectUri,
        state: input.state,
      }).toString();
      return url.toString();
    },

    /** The code Dropbox sent back, for an access token (4 hours) and a refresh token. */
    exchangeCode: (input: { appKey: string; appSecret: string; code: string; redirectUri: string }) =>
      token({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, client_id: input.appKey, client_secret: input.appSecret }),

    /** A new access token from the refresh token. */
    refresh: (input: { appKey: string; appSecret: string; refreshToken: string }) =>
      token({ grant_type: 'refresh_token', refresh_token: input.refreshToken, client_id: input.appKey, client_secret: input.appSecret }),

    /** The first page of a folder's entries, its subfolders' included. */
    async listFolder(tokens: DropboxTokenSource, path: string): Promise<DropboxPage> {
      return pageOf(await rpc(tokens, '/2/files/list_folder', { path, recursive: true }));
    },

    /** The next page after `cursor`: the rest of a listing, or what changed since it ended. */
    async listFolderContinue(tokens: DropboxTokenSource, cursor: string): Promise<DropboxPage> {
      return pageOf(await rpc(tokens, '/2/files/list_folder/continue', { cursor }));
    },

    /** A file's bytes (at most `maxBytes`: a bigger file is not read past the limit and answers null). */
    async download(tokens: DropboxTokenSource, path: string, maxBytes: number): Promise<Buffer | null> {
      const response = await authorised(tokens, (accessToken) =>
        send(new URL('/2/files/download', endpoints.contentUrl), {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'dropbox-api-arg': headerSafeJson({ path }) },
        }),
      );
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body ?? []) {
        size += (chunk as Uint8Array).length;
        if (size > maxBytes) {
          await response.body?.cancel().catch(() => undefined);
          return null;
        }
        chunks.push(Buffer.from(chunk as Uint8Array));
      }
      return Buffer.concat(chunks);
    },
  };
}
export type DropboxClient = ReturnType<typeof createDropboxClient>;
