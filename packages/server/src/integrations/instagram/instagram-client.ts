/**
 * Instagram's API with Instagram Login (the Basic Display API it replaced was retired in December
 * 2024): the authorisation page, the code's exchange for a short-lived token, that token's exchange
 * for a long-lived one (60 days), and the long-lived token's refresh.
 *
 * - authorise: https://www.instagram.com/oauth/authorize?client_id&redirect_uri&response_type=code&scope&state
 * - code: POST https://api.instagram.com/oauth/access_token, form client_id, client_secret,
 *   grant_type=authorization_code, redirect_uri, code; answers `{ access_token, user_id, permissions }`
 *   (older answers wrap it in `data: [...]`); errors `{ error_type, code, error_message }`.
 * - long-lived: GET https://graph.instagram.com/access_token?grant_type=ig_exchange_token&client_secret&access_token
 * - refresh: GET https://graph.instagram.com/refresh_access_token?grant_type=ig_refresh_token&access_token
 *   Both answer `{ access_token, token_type, expires_in }` (seconds); errors `{ error: { message, type, code } }`.
 *
 * The three hosts are configuration (INSTAGRAM_*_URL), so tests and journeys use a local fake.
 */

export interface InstagramEndpoints {
  /** The authorisation page's origin (https://www.instagram.com). */
  authorizeUrl: string;
  /** The code exchange's origin (https://api.instagram.com). */
  apiUrl: string;
  /** The Graph API's origin (https://graph.instagram.com). */
  graphUrl: string;
}

export const INSTAGRAM_ENDPOINTS: InstagramEndpoints = {
  authorizeUrl: 'https://www.instagram.com',
  apiUrl: 'https://api.instagram.com',
  graphUrl: 'https://graph.instagram.com',
};

/** What the shop's feed reads: its own profile and media. */
const SCOPES = 'instagram_business_basic';
const TIMEOUT_MS = 15_000;

/** Instagram answered with an error (its message), or could not be reached (`isUnreachable`). */
export class InstagramError extends Error {
  readonly isUnreachable: boolean;
  constructor(message: string, isUnreachable = false) {
    super(message);
    this.name = 'InstagramError';
    this.isUnreachable = isUnreachable;
  }
}

export interface LongLivedToken {
  accessToken: string;
  expiresInSeconds: number;
}

export function createInstagramClient(endpoints: InstagramEndpoints = INSTAGRAM_ENDPOINTS) {
  async function call(url: URL, init: RequestInit = {}): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    } catch (error) {
      throw new InstagramError(error instanceof Error ? error.message : String(error), true);
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || !body) throw new InstagramError(errorMessageOf(body) ?? `HTTP ${response.status}`, response.status >= 500);
    return body;
  }

  function longLivedOf(body: Record<string, unknown>): LongLivedToken {
    const accessToken = body.access_token;
    const expiresIn = Number(body.expires_in);
    if (typeof accessToken !== 'string' || !accessToken || !Number.isFinite(expiresIn) || expiresIn <= 0) throw new InstagramError('the answer held no token');
    return { accessToken, expiresInSeconds: expiresIn };
  }

  return {
    /** The page staff are sent to, to let the shop's app read its Instagram account. */
    authorizationUrl(input: { clientId: string; redirectUri: string; state: string }): string {
      const url = new URL('/oauth/authorize', endpoints.authorizeUrl);
      url.search = new URLSearchParams({ client_id: input.clientId, redirect_uri: input.redirectUri, response_type: 'code', scope: SCOPES, state: input.state }).toString();
      return url.toString();
    },

    /** The code Instagram sent back, for a short-lived token (an hour). */
    async exchangeCode(input: { clientId: string; clientSecret: string; redirectUri: string; code: string }): Promise<string> {
      const body = await call(new URL('/oauth/access_token', endpoints.apiUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: input.clientId, client_secret: input.clientSecret, grant_type: 'authorization_code', redirect_uri: input.redirectUri, code: input.code }),
      });
      const answer = Array.isArray(body.data) ? (body.data[0] as Record<string, unknown> | undefined) : body;
      const token = answer?.access_token;
      if (typeof token !== 'string' || !token) throw new InstagramError('the answer held no token');
      return token;
    },

    /** A short-lived token for a long-lived one (60 days). */
    async longLived(input: { clientSecret: string; shortLivedToken: string }): Promise<LongLivedToken> {
      const url = new URL('/access_token', endpoints.graphUrl);
      url.search = new URLSearchParams({ grant_type: 'ig_exchange_token', client_secret: input.clientSecret, access_token: input.shortLivedToken }).toString();
      return longLivedOf(await call(url));
    },

    /** A long-lived token (at least a day old, not expired) for a new one of 60 days. */
    async refresh(token: string): Promise<LongLivedToken> {
      const url = new URL('/refresh_access_token', endpoints.graphUrl);
      url.search = new URLSearchParams({ grant_type: 'ig_refresh_token', access_token: token }).toString();
      return longLivedOf(await call(url));
    },
  };
}
export type InstagramClient = ReturnType<typeof createInstagramClient>;

/** The message of either error shape Instagram answers. */
function errorMessageOf(body: Record<string, unknown> | null): string | null {
  if (!body) return null;
  if (typeof body.error_message === 'string') return body.error_message;
  const error = body.error as { message?: unknown } | string | undefined;
  if (typeof error === 'string') return typeof body.error_description === 'string' ? body.error_description : error;
  if (error && typeof error.message === 'string') return error.message;
  return null;
}
