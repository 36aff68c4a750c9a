import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emit } from '../../events/emit.ts';
import { settings } from './setting.table.ts';

/**
 * Setting options read and written by key, for the modules whose settings are setting rows (the
 * diamond feed's exchange rate and schedule): they reach the rows only through these, so the settings
 * module alone writes its table and every write tells the storefront cache.
 */

/** The live values of `keys` (any case), by lower-cased key; a key with no live row is absent. */
export async function readSettingValues(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(isNull(settings.deletedAt), inArray(sql`lower(${settings.key})`, keys.map((key) => key.toLowerCase()))));
  return new Map(rows.map((row) => [row.key.toLowerCase(), row.value]));
}

/** A setting option's value (null when unset), as a column of another statement (a screen that reads all it shows in one). */
export const settingValueSql = (key: string) =>
  sql<string | null>`(select ${settings.value} from ${settings} where ${settings.deletedAt} is null and lower(${settings.key}) = ${key.toLowerCase()} limit 1)`;

/**
 * Writes setting options by key in the caller's transaction: the live row's value updated, or a row
 * added under `titles[key]` (the key itself when none is given). Emits `settings.changed` there, as a
 * save on the Settings screen does. No audit row: the caller writes the one that says what changed.
 */
export async function writeSettingValues(tx: Db, values: Record<string, string>, options: { titles?: Record<string, string>; actorId: number | null; secretKeys?: readonly string[] }) {
  const { titles = {}, actorId, secretKeys = [] } = options;
  for (const [key, value] of Object.entries(values)) {
    // A secret's value comes encrypted (secret-key.ts) and its row is flagged secret: the Settings screen masks it.
    const isSecret = secretKeys.includes(key) ? { isSecret: true } : {};
    const updated = await tx
      .update(settings)
      .set({ value, ...isSecret, version: sql`${settings.version} + 1`, updatedAt: new Date(), updatedBy: actorId })
      .where(and(isNull(settings.deletedAt), eq(sql`lower(${settings.key})`, key.toLowerCase())))
      .returning({ id: settings.id });
    if (!updated.length) await tx.insert(settings).values({ key, value, ...isSecret, title: titles[key] ?? key, createdBy: actorId, updatedBy: actorId });
  }
  if (Object.keys(values).length) await emit(tx, 'settings.changed', {});
}
