import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InstagramEndpoints } from './instagram-client.ts';

/**
 * A local Instagram that speaks the three calls of instagram-client.ts on one origin: the
 * authorisation page (which approves at once and sends the browser back to `redirect_uri` with a
 * one-time `code` and the `state` it was given), the code exchange (form body; the client, its secret
 * and the same `redirect_uri` must match, and a code works once), the long-lived exchange (the
 * client secret and a short-lived token it issued) and the refresh (a long-lived token it issued;
 * the old one stops working). Errors come in Instagram's shapes: `{ error_type, code, error_message }`
 * from the code exchange, `{ error: { message, type, code } }` from the Graph calls.
 */
export interface FakeInstagram {
  url: string;
  endpoints: InstagramEndpoints;
  clientId: string;
  clientSecret: string;
  /** Long-lived tokens it has issued and not replaced by a refresh. */
  liveTokens(): string[];
  /** The next refresh answers this error instead (Instagram refuses, e.g. an expired token). */
  failNextRefresh(message: string): void;
  /** Seconds of life of the long-lived tokens it issues (60 days). */
  lifetimeSeconds: number;
  calls: { method: string; path: string }[];
  close(): Promise<void>;
}

const SIXTY_DAYS = 60 * 24 * 3600;
/** The shop's app as the fake knows it (its client id and secret), unless told otherwise. */
export const FAKE_INSTAGRAM_APP = { clientId: '1234567890', clientSecret: 'fake-instagram-secret' } as const;

export async function startFakeInstagram(options: { clientId?: string; clientSecret?: string } = {}): Promise<FakeInstagram> {
  const clientId = options.clientId ?? FAKE_INSTAGRAM_APP.clientId;
  const clientSecret = options.clientSecret ?? FAKE_INSTAGRAM_APP.clientSecret;
  /** code → the redirect_uri it was issued for. */
  const codes = new Map<string, string>();
  const shortLived = new Set<string>();
  const longLived = new Set<string>();
  let refreshFailure: string | null = null;
  const calls: FakeInstagram['calls'] = [];
  const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

  const send = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const oauthError = (response: http.ServerResponse, message: string) => send(response, 400, { error_type: 'OAuthException', code: 400, error_message: message });
  const graphError = (response: http.ServerResponse, message: string) => send(response, 400, { error: { message, type: 'OAuthException', code: 190, fbtrace_id: 'fake' } });

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    calls.push({ method: request.method ?? 'GET', path: url.pathname });
    const query = url.searchParams;
    if (request.method === 'GET' && url.pathname === '/oauth/authorize') {
      const redirectUri = query.get('redirect_uri');
      if (query.get('client_id') !== clientId || !redirectUri || query.get('response_type') !== 'code') return oauthError(response, 'Invalid platform app');
      const code = token('AQ');
      codes.set(code, redirectUri);
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', query.get('state') ?? '');
      // Instagram appends this fragment to the return address.
      response.writeHead(302, { location: `${back.toString()}#_` });
      return response.end();
    }
    if (request.method === 'POST' && url.pathname === '/oauth/access_token') {
      let raw = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (raw += chunk));
      request.on('end', () => {
        const form = new URLSearchParams(raw);
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return oauthError(response, 'Error validating client secret.');
        if (form.get('grant_type') !== 'authorization_code') return oauthError(response, 'Unsupported grant_type');
        const code = form.get('code') ?? '';
        const issuedFor = codes.get(code);
        if (!issuedFor) return oauthError(response, 'This authorization code has been used.');
        codes.delete(code);
        if (issuedFor !== form.get('redirect_uri')) return oauthError(response, 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request');
        const issued = token('IGQ');
        shortLived.add(issued);
        send(response, 200, { data: [{ access_token: issued, user_id: '17841400000000000', permissions: 'instagram_business_basic' }] });
      });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/access_token') {
      if (query.get('grant_type') !== 'ig_exchange_token') return graphError(response, 'Unsupported grant type');
      if (query.get('client_secret') !== clientSecret) return graphError(response, 'Error validating client secret.');
      const short = query.get('access_token') ?? '';
      if (!shortLived.delete(short)) return graphError(response, 'Invalid OAuth access token - Cannot parse access token');
      const issued = token('IGAA');
      longLived.add(issued);
      return send(response, 200, { access_token: issued, token_type: 'bearer', expires_in: fake.lifetimeSeconds });
    }
    if (request.method === 'GET' && url.pathname === '/refresh_access_token') {
      if (query.get('grant_type') !== 'ig_refresh_token') return graphError(response, 'Unsupported grant type');
      if (refreshFailure !== null) {
        const message = refreshFailure;
        refreshFailure = null;
        return graphError(response, message);
      }
      const old = query.get('access_token') ?? '';
      if (!longLived.delete(old)) return graphError(response, 'Error validating access token: Session has expired.');
      const issued = token('IGAA');
      longLived.add(issued);
      return send(response, 200, { access_token: issued, token_type: 'bearer', expires_in: fake.lifetimeSeconds });
    }
    send(response, 404, { error: { message: 'Unknown path components', type: 'IGApiException', code: 2500 } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeInstagram = {
    url,
    endpoints: { authorizeUrl: url, apiUrl: url, graphUrl: url },
    clientId,
    clientSecret,
    liveTokens: () => [...longLived],
    failNextRefresh(message) {
      refreshFailure = message;
    },
    lifetimeSeconds: SIXTY_DAYS,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
