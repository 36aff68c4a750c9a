import { z } from 'zod';
import { recordId } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import type { PermissionKey } from '../../permissions.ts';
import { PERMISSION_NAMES, hasPermission } from '../../permissions.ts';
import { requiredText } from '../../rules.ts';

/**
 * The storefront API's keys (issue 13; beyond the spec). Staff with `system` create and revoke them
 * under System > API Keys; a storefront sends one as `Authorization: Bearer <key>` (or `X-Api-Key`)
 * to `/api/storefront/v1/...`. A key is shown once and stored as its SHA-256 hash.
 */

/** What a key may do: each storefront route names the scope it needs. Later issues add theirs here. */
export const STOREFRONT_SCOPES = ['customers:write', 'orders:write', 'inquiries:write', 'carts:write', 'reviews:write', 'contact:write', 'appointments:write', 'statistics:write', 'ring-requests:write', 'newsletter:write'] as const;
export type StorefrontScope = (typeof STOREFRONT_SCOPES)[number];

/**
 * The staff permissions each scope needs: a key reaches data through its scopes, so it may carry a scope
 * only when its creator holds every permission listed (a master holds them all), and a scope stops
 * working as soon as its creator no longer does (checked on every request, storefront-auth.ts).
 * `customers:write` registers, reads back and changes customers (passwords and emails included) and
 * their addresses: what the Customers screens (permission `customers`) do. `orders:write` places orders
 * and marks them paid, `inquiries:write` and `carts:write` send inquiries and the carts that may become
 * abandoned ones: what staff read under Sales (permission `sales`). `reviews:write` sends shoppers'
 * reviews, which staff moderate under Marketing > Reviews (`marketing`); `contact:write` sends the
 * Contact Us form's entries, which staff read and answer under Contact Us (`contact_form`).
 */
export const STOREFRONT_SCOPE_PERMISSIONS: Record<StorefrontScope, readonly PermissionKey[]> = {
  'customers:write': ['customers'],
  'orders:write': ['sales'],
  'inquiries:write': ['sales'],
  'carts:write': ['sales'],
  'reviews:write': ['marketing'],
  'contact:write': ['contact_form'],
  'appointments:write': ['sales'],
  // What staff read under Report (issue 27): searches, link clicks and product views; ring builder requests.
  'statistics:write': ['report'],
  'ring-requests:write': ['report'],
  // Subscribes shoppers to the newsletter: what staff see under Newsletter > Subscribers List.
  'newsletter:write': ['newsletter'],
};

/** The permissions, of those `scopes` need, that `held` lacks (none for a master). */
export function unheldScopePermissions(held: readonly string[], scopes: readonly string[]): PermissionKey[] {
  const needed = new Set(scopes.flatMap((scope) => STOREFRONT_SCOPE_PERMISSIONS[scope as StorefrontScope] ?? []));
  return [...needed].filter((key) => !hasPermission(held, key));
}

/** The names of permissions as a refusal lists them ('Customers, Sales'). */
export const permissionNamesOf = (keys: readonly PermissionKey[]) => keys.map((key) => PERMISSION_NAMES[key]).join(', ');

/** The scopes' labels on the Create screen. */
export const STOREFRONT_SCOPE_LABELS: Record<StorefrontScope, string> = {
  'customers:write': 'Customers: register and update customers and their addresses',
  'orders:write': 'Orders: place orders and mark them paid',
  'inquiries:write': 'Inquiries: send shoppers’ inquiries (quotes) about pieces and diamonds',
  'carts:write': 'Carts: send shoppers’ carts and their changes (the abandoned carts staff see)',
  'reviews:write': 'Reviews: send shoppers’ product and diamond reviews (moderated under Marketing > Reviews)',
  'contact:write': 'Contact Us: send the contact form’s messages (answered under Contact Us)',
  'appointments:write': 'Appointments: read the active services and book shoppers’ appointments',
  'statistics:write': 'Statistics: send shoppers’ searches, link clicks and product views (Report, Dashboard)',
  'ring-requests:write': 'Ring requests: send virtual ring builder requests',
  'newsletter:write': 'Newsletter: subscribe shoppers’ e-mails to the newsletter',
};

/** Every key starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'facet_sk_';
/** The characters of a key shown in the list: the prefix and the first characters of the secret. */
export const API_KEY_DISPLAY_LENGTH = API_KEY_PREFIX.length + 6;
export const API_KEY_NAME_MAX = 100;

export const apiKeyCreateSchema = z.object({
  name: requiredText(API_KEY_NAME_MAX),
  scopes: z.array(z.enum(STOREFRONT_SCOPES, { error: MESSAGES.invalidScope })).min(1, MESSAGES.selectAtLeastOne).max(STOREFRONT_SCOPES.length),
  /** When the key stops working (ISO 8601 with a zone); null or missing: it works until revoked. Must be in the future. */
  expiresAt: z.iso.datetime({ offset: true, error: MESSAGES.invalidDate }).nullable().optional(),
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
  expiresAt: z.string().nullable(),
  /** False when the key's creator is disabled or deleted: the key is refused (401) until they are back. */
  creatorActive: z.boolean(),
  /** Scopes refused (403) because the creator no longer holds the permissions they need. */
  lapsedScopes: z.array(z.string()),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The answer to Create: the key itself, this once. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
