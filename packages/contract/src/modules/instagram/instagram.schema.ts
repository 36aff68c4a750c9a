import { z } from 'zod';

/**
 * The Instagram token (document 3 §2.12, §4): the shop's long-lived token for Instagram's API with
 * Instagram Login, kept as setting options (§3: "Instagram options use keys for client id, client
 * secret and token"). The client secret and the token are secrets (their keys name one): stored
 * encrypted, answered masked. The expiry and the last refresh's failure sit beside them.
 */
export const INSTAGRAM_SETTING_KEYS = {
  clientId: 'instagram.client_id',
  clientSecret: 'instagram.client_secret',
  token: 'instagram.token',
  expiresAt: 'instagram.token_expires_at',
  refreshError: 'instagram.token_refresh_error',
} as const;

/**
 * A long-lived token lasts 60 days and can be refreshed once it is a day old: the server refreshes it
 * when less than this is left, so a day or two of Instagram being down costs nothing.
 */
export const INSTAGRAM_REFRESH_BEFORE_DAYS = 10;

export const instagramTokenStateSchema = z.object({
  /** Client id and client secret are set (System > Settings): Login & Generate can start. */
  isConfigured: z.boolean(),
  hasToken: z.boolean(),
  /** The token masked, its last four characters shown so staff can tell two apart. */
  maskedToken: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Why the last refresh failed (the page warns), null when it succeeded or none was needed. */
  refreshError: z.string().nullable(),
});
export type InstagramTokenState = z.infer<typeof instagramTokenStateSchema>;

/** Instagram's return: the code to exchange, and the `state` the authorisation was started with. */
export const instagramCodeInputSchema = z.object({
  code: z.string().trim().min(1).max(2000),
  state: z.string().trim().min(1).max(500),
});
export type InstagramCodeInput = z.infer<typeof instagramCodeInputSchema>;

export const instagramAuthorizationSchema = z.object({ url: z.string() });

/** The spec names "an Instagram token generated message"; the rest are not worded by it. */
export const INSTAGRAM_MESSAGES = {
  generated: 'Instagram token generated',
  removed: 'Instagram token removed',
  removeConfirm: 'Remove the Instagram token?',
  notConfigured: 'Set the Instagram client id (instagram.client_id) and client secret (instagram.client_secret) in System > Settings first.',
  stateMismatch: 'This Instagram sign-in was not started from this session, or it is over 10 minutes old. Start again with Login & Generate.',
  refused: (reason: string) => `Instagram refused the token: ${reason}`,
  unreachable: 'Instagram could not be reached. Try again in a few minutes.',
  refreshFailed: (reason: string) => `The token could not be refreshed: ${reason}. Generate a new one before it expires.`,
} as const;
