import { isSecretSettingKey } from '@facet/contract/modules/settings/setting.schema';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emit } from '../../events/emit.ts';
import { decryptSecret, encryptSecret, isEncryptedSecret } from '../../secret-key.ts';
import { settings } from './setting.table.ts';

/**
 * Setting options read and written by key, for the modules whose settings are setting rows (the
 * diamond feed's exchange rate and schedule): they reach the rows only through these, so the settings
 * module alone writes its table and every write tells the storefront cache.
 */

/**
 * The live values of `keys` (any case), by lower-cased key; a key with no live row is absent. A
 * secret's value is its ciphertext unless `secretKey` is given to read it with (secret-key.ts).
 */
export async function readSettingValues(db: Db, keys: readonly string[], options: { secretKey?: Buffer } = {}): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value, isSecret: settings.isSecret })
    .from(settings)
    .where(and(isNull(settings.deletedAt), inArray(sql`lower(${settings.key})`, keys.map((key) => key.toLowerCase()))));
  const plain = (row: (typeof rows)[number]) => (row.isSecret && options.secretKey && isEncryptedSecret(row.value) ? decryptSecret(options.secretKey, row.value) : row.value);
  return new Map(rows.map((row) => [row.key.toLowerCase(), plain(row)]));
}

/** A setting option's value (null when unset), as a column of another statement (a screen that reads all it shows in one). */
export const settingValueSql = (key: string) =>
  sql<string | null>`(select ${settings.value} from ${settings} where ${settings.deletedAt} is null and lower(${settings.key}) = ${key.toLowerCase()} limit 1)`;

/**
 * Writes setting options by key in the caller's transaction: the live row's value updated, or a row
 * added under `titles[key]` (the key itself when none is given). Emits `settings.changed` there, as a
 * save on the Settings screen does. No audit row: the caller writes the one that says what changed.
 */
export async function writeSettingValues(tx: Db, values: Record<string, string>, options: { titles?: Record<string, string>; actorId: number | null; secretKey?: Buffer }) {
  const { titles = {}, actorId } = options;
  for (const [key, plain] of Object.entries(values)) {
    // A key that names a secret is stored as the Settings screen stores one: encrypted and flagged.
    const isSecret = isSecretSettingKey(key);
    if (isSecret && !options.secretKey) throw new Error(`writeSettingValues: ${key} is a secret, and no key was given to encrypt it with`);
    const value = isSecret && plain !== '' ? encryptSecret(options.secretKey!, plain) : plain;
    const updated = await tx
      .update(settings)
      .set({ value, ...(isSecret ? { isSecret } : {}), version: sql`${settings.version} + 1`, updatedAt: new Date(), updatedBy: actorId })
      .where(and(isNull(settings.deletedAt), eq(sql`lower(${settings.key})`, key.toLowerCase())))
      .returning({ id: settings.id });
    if (!updated.length) await tx.insert(settings).values({ key, value, isSecret, title: titles[key] ?? key, createdBy: actorId, updatedBy: actorId });
  }
  if (Object.keys(values).length) await emit(tx, 'settings.changed', {});
}
