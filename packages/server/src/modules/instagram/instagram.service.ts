import { INSTAGRAM_MESSAGES, INSTAGRAM_REFRESH_BEFORE_DAYS, INSTAGRAM_SETTING_KEYS as KEYS } from '@facet/contract/modules/instagram/instagram.schema';
import type { InstagramTokenState } from '@facet/contract/modules/instagram/instagram.schema';
import { MASKED_SECRET } from '@facet/contract/modules/settings/setting.schema';
import { sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import type { RequestContext } from '../../http/context.ts';
import { createOAuthState } from '../../http/oauth-state.ts';
import { AppError, invalidField } from '../../http/errors.ts';
import type { InstagramClient } from '../../integrations/instagram/instagram-client.ts';
import { InstagramError } from '../../integrations/instagram/instagram-client.ts';
import { readSettingValues, writeSettingValues } from '../settings/index.ts';

const DAY_MS = 86_400_000;
const TITLES = {
  [KEYS.token]: 'Instagram token',
  [KEYS.expiresAt]: 'Instagram token expires at',
  [KEYS.refreshError]: 'Instagram token refresh error',
};

/**
 * The shop's Instagram token: started from the token page (the authorisation address, with a `state`
 * bound to the staff member's session), finished on Instagram's return (the code for a short-lived
 * token, that for a long-lived one, saved encrypted with its expiry), removed, and refreshed before it
 * expires (`refreshIfDue`, on a timer).
 *
 * The `state` is bound to the session and the return address (http/oauth-state.ts): a return in another
 * session or after 10 minutes is refused, and nothing is saved then.
 */
export function createInstagramService(db: Db, client: InstagramClient, secretKey: () => Buffer) {
  async function read() {
    return readSettingValues(db, Object.values(KEYS), { secretKey: secretKey() });
  }

  async function credentials() {
    const values = await read();
    const clientId = values.get(KEYS.clientId)?.trim() ?? '';
    const clientSecret = values.get(KEYS.clientSecret)?.trim() ?? '';
    if (!clientId || !clientSecret) throw new AppError('CONFLICT', INSTAGRAM_MESSAGES.notConfigured);
    return { clientId, clientSecret };
  }

  const oauthState = createOAuthState('instagram-state', secretKey);

  /** Instagram's refusal or absence as the caller's 4xx: the page shows why, nothing is saved. */
  async function talking<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof InstagramError)) throw error;
      throw new AppError(error.isUnreachable ? 'BAD_GATEWAY' : 'UNPROCESSABLE', error.isUnreachable ? INSTAGRAM_MESSAGES.unreachable : INSTAGRAM_MESSAGES.refused(error.message));
    }
  }

  async function store(tx: Db, token: string, expiresAt: Date | null, actorId: number | null) {
    await writeSettingValues(
      tx,
      { [KEYS.token]: token, [KEYS.expiresAt]: expiresAt?.toISOString() ?? '', [KEYS.refreshError]: '' },
      { titles: TITLES, actorId, secretKey: secretKey() },
    );
  }

  return {
    async state(): Promise<InstagramTokenState> {
      const values = await read();
      const token = values.get(KEYS.token) ?? '';
      return {
        isConfigured: Boolean(values.get(KEYS.clientId)?.trim() && values.get(KEYS.clientSecret)?.trim()),
        hasToken: token !== '',
        maskedToken: token ? `${MASKED_SECRET}${token.slice(-4)}` : null,
        expiresAt: values.get(KEYS.expiresAt) || null,
        refreshError: values.get(KEYS.refreshError) || null,
      };
    },

    /** Where Login & Generate sends the browser: Instagram's page, with this session's `state`. */
    async authorizationUrl(sessionIdHash: string, redirectUri: string): Promise<string> {
      const { clientId } = await credentials();
      return client.authorizationUrl({ clientId, redirectUri, state: oauthState.issue(sessionIdHash, redirectUri) });
    },

    /** Instagram's return: the code for a short-lived token, that for a long-lived one, saved with its expiry. */
    async generate(input: { code: string; state: string }, sessionIdHash: string, redirectUri: string, context: RequestContext): Promise<InstagramTokenState> {
      if (!oauthState.isValid(input.state, sessionIdHash, redirectUri)) throw invalidField('state', INSTAGRAM_MESSAGES.stateMismatch);
      const { clientId, clientSecret } = await credentials();
      const shortLivedToken = await talking(() => client.exchangeCode({ clientId, clientSecret, redirectUri, code: input.code }));
      const long = await talking(() => client.longLived({ clientSecret, shortLivedToken }));
      const expiresAt = new Date(Date.now() + long.expiresInSeconds * 1000);
      await db.transaction(async (tx) => {
        await store(tx, long.accessToken, expiresAt, context.actor.id);
        await writeAudit(tx, context, { action: 'update', entity: 'instagram_token', after: { token: long.accessToken, expiresAt } });
      });
      return this.state();
    },

    /** Remove: the token saved empty (the spec), with its expiry. */
    async remove(context: RequestContext): Promise<InstagramTokenState> {
      await db.transaction(async (tx) => {
        await store(tx, '', null, context.actor.id);
        await writeAudit(tx, context, { action: 'delete', entity: 'instagram_token' });
      });
      return this.state();
    },

    /**
     * The timer's work: a token with less than INSTAGRAM_REFRESH_BEFORE_DAYS left is refreshed; a
     * refusal is kept for the page to warn about (and tried again at the next tick). Answers what it did.
     */
    async refreshIfDue(now = new Date()): Promise<'refreshed' | 'failed' | 'not-due' | 'busy'> {
      // One server refreshes at a time (an instance's timer beside another's): the lock is the
      // transaction's, held across Instagram's answer, once an hour at most.
      return db.transaction(async (tx) => {
        const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('facet.instagram.refresh')) as locked`));
        if (!lock?.locked) return 'busy';
        const values = await readSettingValues(tx, Object.values(KEYS), { secretKey: secretKey() });
        const token = values.get(KEYS.token) ?? '';
        const expiresAt = values.get(KEYS.expiresAt) ? new Date(values.get(KEYS.expiresAt)!) : null;
        if (!token || (expiresAt && expiresAt.getTime() - now.getTime() > INSTAGRAM_REFRESH_BEFORE_DAYS * DAY_MS)) return 'not-due';
        try {
          const refreshed = await client.refresh(token);
          await store(tx, refreshed.accessToken, new Date(now.getTime() + refreshed.expiresInSeconds * 1000), null);
          return 'refreshed';
        } catch (error) {
          if (!(error instanceof InstagramError)) throw error;
          const reason = error.isUnreachable ? INSTAGRAM_MESSAGES.unreachable : error.message;
          await writeSettingValues(tx, { [KEYS.refreshError]: INSTAGRAM_MESSAGES.refreshFailed(reason) }, { titles: TITLES, actorId: null });
          return 'failed';
        }
      });
    },
  };
}
