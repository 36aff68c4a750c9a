import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DropboxEndpoints } from './dropbox-client.ts';
import { dropboxContentHash } from './dropbox-client.ts';

/**
 * A local Dropbox for tests and the browser journeys, speaking API v2 as the adapter uses it: the
 * authorisation page (it approves at once and sends the browser back with `code` and `state`), the
 * token endpoint (authorization_code and refresh_token grants), list_folder (recursive, paged by
 * `pageSize`) and list_folder/continue with cursors that remember what the listing saw, and download
 * with its `Dropbox-API-Arg` header (ASCII only, as Dropbox insists). It answers Dropbox's errors: 401
 * expired_access_token, 409 path/not_found, 429 with Retry-After, 400 on a header that is not ASCII.
 * `PUT /__fake/files?path=` (the body the file in base64) lets a browser journey put files in it.
 */
export interface FakeDropbox {
  url: string;
  endpoints: DropboxEndpoints;
  appKey: string;
  appSecret: string;
  /** Puts (or replaces) a file at `path` (e.g. '/Product Images/RING-001.jpg'). */
  putFile(path: string, bytes: Buffer): void;
  deleteFile(path: string): void;
  /** Deletes a folder and everything in it: as Dropbox does, its listing then holds one `deleted` entry, the folder's. */
  deleteFolder(path: string): void;
  /** Access tokens it accepts now. */
  liveAccessTokens(): string[];
  /** Every access token issued so far is answered 401 expired_access_token from now on. */
  expireAccessTokens(): void;
  /** The next `count` RPC or content calls answer 429 with `Retry-After: seconds`. */
  rateLimitNext(count: number, seconds: number): void;
  /** Entries a list_folder page holds at most. */
  pageSize: number;
  /** Seconds of life of the access tokens it issues (4 hours). */
  lifetimeSeconds: number;
  calls: { path: string; arg: string | null; body: string }[];
  close(): Promise<void>;
}

/** The shop's app as the fake knows it (its app key and secret), unless told otherwise. */
export const FAKE_DROPBOX_APP = { appKey: 'fake-dropbox-app-key', appSecret: 'fake-dropbox-app-secret' } as const;

interface StoredFile {
  name: string;
  bytes: Buffer;
  hash: string;
}

export async function startFakeDropbox(options: { appKey?: string; appSecret?: string } = {}): Promise<FakeDropbox> {
  const appKey = options.appKey ?? FAKE_DROPBOX_APP.appKey;
  const appSecret = options.appSecret ?? FAKE_DROPBOX_APP.appSecret;
  /** By lower-cased path. */
  const files = new Map<string, StoredFile>();
  /** Every change in order: a cursor is a position in this log and the folder it lists. */
  const changes: { pathLower: string; deleted: boolean }[] = [];
  const codes = new Map<string, string>();
  const accessTokens = new Set<string>();
  const expiredTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  let rateLimited = { count: 0, seconds: 0 };
  const calls: FakeDropbox['calls'] = [];
  const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

  const send = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const apiError = (response: http.ServerResponse, status: number, summary: string, error: unknown, headers: Record<string, string> = {}) =>
    send(response, status, { error_summary: summary, error }, headers);

  const inFolder = (pathLower: string, folder: string) => folder === '' || pathLower.startsWith(`${folder}/`);
  const entryOf = (pathLower: string) => {
    const file = files.get(pathLower);
    if (!file) return { '.tag': 'deleted', name: pathLower.split('/').pop(), path_lower: pathLower, path_display: pathLower };
    return { '.tag': 'file', name: file.name, path_lower: pathLower, path_display: pathLower, id: `id:${createHash('md5').update(pathLower).digest('hex')}`, size: file.bytes.length, content_hash: file.hash };
  };
  const cursorOf = (folder: string, position: number, pending: string[]) => Buffer.from(JSON.stringify({ folder, position, pending })).toString('base64url');

  /** A page of `pending` paths, then the cursor for the rest (or for changes after `position`). */
  function page(response: http.ServerResponse, folder: string, position: number, pending: string[]) {
    const taken = pending.slice(0, fake.pageSize);
    const rest = pending.slice(fake.pageSize);
    send(response, 200, { entries: taken.map(entryOf), cursor: cursorOf(folder, position, rest), has_more: rest.length > 0 });
  }

  function readBody(request: http.IncomingMessage): Promise<string> {
    return new Promise((resolve) => {
      let raw = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (raw += chunk));
      request.on('end', () => resolve(raw));
    });
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await readBody(request);
    const argHeader = request.headers['dropbox-api-arg'];
    calls.push({ path: url.pathname, arg: typeof argHeader === 'string' ? argHeader : null, body });

    if (request.method === 'GET' && url.pathname === '/oauth2/authorize') {
      const query = url.searchParams;
      const redirectUri = query.get('redirect_uri');
      if (query.get('client_id') !== appKey || !redirectUri || query.get('response_type') !== 'code') {
        response.writeHead(400, { 'content-type': 'text/plain' });
        return response.end('Invalid client_id or redirect_uri');
      }
      const code = token('code-');
      codes.set(code, redirectUri);
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', query.get('state') ?? '');
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }

    if (request.method === 'POST' && url.pathname === '/oauth2/token') {
      const form = new URLSearchParams(body);
      const oauthError = (error: string, description: string) => send(response, 400, { error, error_description: description });
      if (form.get('client_id') !== appKey || form.get('client_secret') !== appSecret) return oauthError('invalid_client', 'Invalid client_id or client_secret');
      const issue = (refreshToken: string | null) => {
        const accessToken = token('sl.');
        accessTokens.add(accessToken);
        send(response, 200, { access_token: accessToken, token_type: 'bearer', expires_in: fake.lifetimeSeconds, ...(refreshToken ? { refresh_token: refreshToken } : {}), scope: 'files.content.read' });
      };
      if (form.get('grant_type') === 'authorization_code') {
        const code = form.get('code') ?? '';
        const issuedFor = codes.get(code);
        if (!issuedFor) return oauthError('invalid_grant', 'code doesn\'t exist or has expired');
        codes.delete(code);
        if (issuedFor !== form.get('redirect_uri')) return oauthError('invalid_grant', 'redirect_uri mismatch');
        const refreshToken = token('rt-');
        refreshTokens.add(refreshToken);
        return issue(refreshToken);
      }
      if (form.get('grant_type') === 'refresh_token') {
        if (!refreshTokens.has(form.get('refresh_token') ?? '')) return oauthError('invalid_grant', 'refresh token is malformed');
        return issue(null);
      }
      return oauthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
    }

    // The fake's own door (no Dropbox endpoint): a journey in another process puts files here.
    if (request.method === 'PUT' && url.pathname === '/__fake/files') {
      fake.putFile(url.searchParams.get('path') ?? '', Buffer.from(body, 'base64'));
      response.writeHead(204);
      return response.end();
    }
    if (request.method !== 'POST' || !url.pathname.startsWith('/2/')) return apiError(response, 404, 'not_found', 'Unknown endpoint');
    if (rateLimited.count > 0) {
      rateLimited = { ...rateLimited, count: rateLimited.count - 1 };
      return apiError(response, 429, 'too_many_requests/', { reason: { '.tag': 'too_many_requests' }, retry_after: rateLimited.seconds }, { 'retry-after': String(rateLimited.seconds) });
    }
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (expiredTokens.has(bearer)) return apiError(response, 401, 'expired_access_token/', { '.tag': 'expired_access_token' });
    if (!accessTokens.has(bearer)) return apiError(response, 401, 'invalid_access_token/', { '.tag': 'invalid_access_token' });

    if (url.pathname === '/2/files/list_folder') {
      const argument = JSON.parse(body || '{}') as { path?: string; recursive?: boolean };
      const folder = (argument.path ?? '').toLowerCase().replace(/\/$/, '');
      const exists = folder === '' || [...files.keys()].some((path) => inFolder(path, folder));
      if (!exists) return apiError(response, 409, 'path/not_found/', { '.tag': 'path', path: { '.tag': 'not_found' } });
      const paths = [...files.keys()].filter((path) => inFolder(path, folder) && (argument.recursive || !path.slice(folder.length + 1).includes('/'))).sort();
      return page(response, folder, changes.length, paths);
    }
    if (url.pathname === '/2/files/list_folder/continue') {
      const { cursor } = JSON.parse(body || '{}') as { cursor?: string };
      let state: { folder: string; position: number; pending: string[] };
      try {
        state = JSON.parse(Buffer.from(cursor ?? '', 'base64url').toString('utf8')) as typeof state;
      } catch {
        return apiError(response, 409, 'reset/', { '.tag': 'reset' });
      }
      if (state.pending.length) return page(response, state.folder, state.position, state.pending);
      const changed = [...new Set(changes.slice(state.position).map((change) => change.pathLower))].filter((path) => inFolder(path, state.folder)).sort();
      return page(response, state.folder, changes.length, changed);
    }
    if (url.pathname === '/2/files/download') {
      if (typeof argHeader !== 'string' || /[^\u0020-\u007e]/.test(argHeader)) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        return response.end('Error in call to API function "files/download": Bad HTTP "Dropbox-API-Arg" header: must be ASCII, non-ASCII escaped as \\uXXXX');
      }
      const { path } = JSON.parse(argHeader) as { path?: string };
      const file = files.get((path ?? '').toLowerCase());
      if (!file) return apiError(response, 409, 'path/not_found/', { '.tag': 'path', path: { '.tag': 'not_found' } });
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'dropbox-api-result': JSON.stringify(entryOf((path ?? '').toLowerCase())).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) });
      return response.end(file.bytes);
    }
    apiError(response, 404, 'not_found', 'Unknown endpoint');
  }

  const server = http.createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeDropbox = {
    url,
    endpoints: { authorizeUrl: url, apiUrl: url, contentUrl: url },
    appKey,
    appSecret,
    putFile(path, bytes) {
      const pathLower = path.toLowerCase();
      files.set(pathLower, { name: path.split('/').pop() ?? path, bytes, hash: dropboxContentHash(bytes) });
      changes.push({ pathLower, deleted: false });
    },
    deleteFile(path) {
      const pathLower = path.toLowerCase();
      files.delete(pathLower);
      changes.push({ pathLower, deleted: true });
    },
    deleteFolder(path) {
      const folderLower = path.toLowerCase().replace(/\/$/, '');
      for (const pathLower of [...files.keys()]) if (inFolder(pathLower, folderLower)) files.delete(pathLower);
      changes.push({ pathLower: folderLower, deleted: true });
    },
    liveAccessTokens: () => [...accessTokens].filter((accessToken) => !expiredTokens.has(accessToken)),
    expireAccessTokens() {
      for (const accessToken of accessTokens) expiredTokens.add(accessToken);
    },
    rateLimitNext(count, seconds) {
      rateLimited = { count, seconds };
    },
    pageSize: 100,
    lifetimeSeconds: 14_400,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
