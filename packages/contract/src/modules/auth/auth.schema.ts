import { z } from 'zod';
import { safeString } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';

export const loginSchema = z.object({
  username: safeString({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(255),
  password: safeString({ error: MESSAGES.required }).min(1, MESSAGES.required).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const permissionCatalogueEntrySchema = z.object({ id: z.number().int(), key: z.string(), name: z.string() });

/** What login and /api/auth/me return: the user, their permission keys and the whole catalogue. */
export const sessionSchema = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  permissions: z.array(z.string()),
  catalogue: z.array(permissionCatalogueEntrySchema),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

/** Session lifetimes of the foundation issue. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
export const SESSION_COOKIE = 'facet_session';
