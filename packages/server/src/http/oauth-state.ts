import { randomBytes, timingSafeEqual } from 'node:crypto';
import { keyedHash } from '../secret-key.ts';

/** How long an authorisation may take, from the click to the provider's return. */
const STATE_LIFETIME_MS = 10 * 60_000;

/**
 * The OAuth `state` of an authorisation started by a staff member (Instagram's Login & Generate,
 * Dropbox's connect): `<issued at>.<nonce>.<HMAC of purpose, session, issued at, nonce, return address>`,
 * keyed with the server's secret key. Nothing is stored for it: a return in another session (a link
 * an attacker sends with their own code: "login CSRF"), for another purpose or return address, or
 * after 10 minutes is refused, and the caller then stores nothing.
 */
export function createOAuthState(purpose: string, secretKey: () => Buffer) {
  const signatureOf = (sessionIdHash: string, issuedAt: string, nonce: string, redirectUri: string) =>
    keyedHash(secretKey(), [purpose, sessionIdHash, issuedAt, nonce, redirectUri].join('\n'));

  return {
    /** A new state for this session and return address. */
    issue(sessionIdHash: string, redirectUri: string, now = Date.now()): string {
      const issuedAt = String(now);
      const nonce = randomBytes(16).toString('base64url');
      return `${issuedAt}.${nonce}.${signatureOf(sessionIdHash, issuedAt, nonce, redirectUri)}`;
    },
    /** Whether `state` was issued by `issue` for this session and return address, less than 10 minutes ago. */
    isValid(state: string, sessionIdHash: string, redirectUri: string, now = Date.now()): boolean {
      const [issuedAt = '', nonce = '', signature = ''] = state.split('.');
      const issued = Number(issuedAt);
      if (!/^\d{13}$/.test(issuedAt) || !nonce || now - issued > STATE_LIFETIME_MS || issued > now + 60_000) return false;
      const expected = Buffer.from(signatureOf(sessionIdHash, issuedAt, nonce, redirectUri));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
