import { z } from 'zod';
import { recordId } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import { requiredText } from '../../rules.ts';

/**
 * The storefront API's keys (issue 13; beyond the spec). Staff with `system` create and revoke them
 * under System > API Keys; a storefront sends one as `Authorization: Bearer <key>` (or `X-Api-Key`)
 * to `/api/storefront/v1/...`. A key is shown once and stored as its SHA-256 hash.
 */

/** What a key may do: each storefront route names the scope it needs. Later issues add theirs here. */
export const STOREFRONT_SCOPES = ['customers:write'] as const;
export type StorefrontScope = (typeof STOREFRONT_SCOPES)[number];

/** The scopes' labels on the Create screen. */
export const STOREFRONT_SCOPE_LABELS: Record<StorefrontScope, string> = {
  'customers:write': 'Customers: register and update customers and their addresses',
};

/** Every key starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'facet_sk_';
/** The characters of a key shown in the list: the prefix and the first characters of the secret. */
export const API_KEY_DISPLAY_LENGTH = API_KEY_PREFIX.length + 6;
export const API_KEY_NAME_MAX = 100;

export const apiKeyCreateSchema = z.object({
  name: requiredText(API_KEY_NAME_MAX),
  scopes: z.array(z.enum(STOREFRONT_SCOPES, { error: MESSAGES.invalidScope })).min(1, MESSAGES.selectAtLeastOne).max(STOREFRONT_SCOPES.length),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  id: recordId(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart; never the whole key. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The answer to Create: the key itself, this once. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
