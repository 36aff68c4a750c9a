import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_DISPLAY_LENGTH, API_KEY_PREFIX, apiKeyCreateSchema, permissionNamesOf, unheldScopePermissions } from '@facet/contract/modules/api-keys/api-key.schema';
import type { ApiKey, ApiKeyCreated, ApiKeyCreateInput } from '@facet/contract/modules/api-keys/api-key.schema';
import { MESSAGES } from '@facet/contract/messages';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../http/context.ts';
import { AppError, invalidField, notFound, parseOrThrow } from '../../http/errors.ts';
import { permissionKeysOfUser } from '../auth/index.ts';
import { users } from '../users/user.table.ts';
import { apiKeys } from './api-key.table.ts';

/**
 * A key is `facet_sk_` and 32 random bytes in base64url (256 bits). It is stored as its SHA-256:
 * a slow password hash (argon2) guards low-entropy secrets people choose against guessing after a
 * leak; 256 random bits cannot be guessed either way, and the key is checked on every storefront
 * request, where argon2's deliberate ~50 ms and memory per request would be the bottleneck and
 * would hand anyone a cheap way to load the server. A plain hash also allows a unique-index lookup.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function newKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdByName: users.name,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  expiresAt: apiKeys.expiresAt,
  creatorActive: sql<boolean>`coalesce(${users.status} and ${users.deletedAt} is null, false)`,
  creatorPermissions: permissionKeysOfUser,
};

interface Row {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  createdByName: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date | null;
  creatorActive: boolean;
  creatorPermissions: string[];
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
/** A key as listed, with what stops it working now (its creator's standing is read each time, as on use). */
const toApi = ({ creatorPermissions, ...row }: Row): ApiKey => ({
  ...row,
  lapsedScopes: row.scopes.filter((scope) => unheldScopePermissions(creatorPermissions, [scope]).length > 0),
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: iso(row.lastUsedAt),
  revokedAt: iso(row.revokedAt),
  expiresAt: iso(row.expiresAt),
});

export function createApiKeyService(db: Db) {
  const read = async (id: number): Promise<ApiKey> => {
    const [row] = await db.select(columns).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.createdBy)).where(eq(apiKeys.id, id));
    if (!row) throw notFound();
    return toApi(row);
  };
  return {
    /** Every key, newest first; a shop holds a handful, so there is no paging. */
    async list(): Promise<{ items: ApiKey[] }> {
      const rows = await db.select(columns).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.createdBy)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return { items: rows.map(toApi) };
    },

    /**
     * Makes a key and answers it this once; the audit log gets its name, prefix, scopes and expiry, never
     * the key. A key carries no more than its creator may do: each scope's permissions must be the
     * creator's own (403 under `scopes`; a master may give any).
     */
    async create(context: RequestContext, input: ApiKeyCreateInput): Promise<ApiKeyCreated> {
      const data = parseOrThrow(apiKeyCreateSchema, input);
      const scopes = [...new Set(data.scopes)].sort();
      const unheld = unheldScopePermissions(context.actor.permissions, scopes);
      if (unheld.length) {
        const message = MESSAGES.apiKeyScopeUnheld(permissionNamesOf(unheld));
        throw new AppError('FORBIDDEN', message, [{ path: ['scopes'], message }]);
      }
      const expiresAt = data.expiresAt ? new Date(data.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) throw invalidField('expiresAt', MESSAGES.apiKeyExpiryPast);
      const key = newKey();
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(apiKeys)
          .values({ name: data.name, scopes, prefix: key.slice(0, API_KEY_DISPLAY_LENGTH), keyHash: hashApiKey(key), createdBy: context.actor.id, expiresAt })
          .returning({ id: apiKeys.id, prefix: apiKeys.prefix });
        await writeAudit(tx, context, { action: 'create', entity: 'api_key', entityId: row!.id, after: { name: data.name, prefix: row!.prefix, scopes, expiresAt: iso(expiresAt) } });
        return row!.id;
      });
      return { ...(await read(id)), key };
    },

    /** Revokes a key at once: its next request is a 401. */
    async revoke(context: RequestContext, id: number): Promise<ApiKey> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(apiKeys)
          .set({ revokedAt: new Date() })
          .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
          .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
        if (!row) {
          const [existing] = await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, id));
          throw existing ? new AppError('CONFLICT', MESSAGES.apiKeyAlreadyRevoked) : notFound();
        }
        await writeAudit(tx, context, { action: 'revoke', entity: 'api_key', entityId: id, after: { name: row.name, prefix: row.prefix } });
      });
      return read(id);
    },
  };
}
