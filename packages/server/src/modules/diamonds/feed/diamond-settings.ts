import {
  DIAMOND_MESSAGES,
  EXCHANGE_RATE_PATTERN,
  EXCHANGE_RATE_SETTING_KEYS,
  FEED_SCHEDULE_DEFAULTS,
  FEED_SETTING_KEYS,
  feedEndpointOrigin,
} from '@facet/contract/modules/diamonds/diamond.schema';
import type { ExchangeRateInput, FeedSettings, FeedSettingsInput } from '@facet/contract/modules/diamonds/diamond.schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { writeAudit } from '../../../db/audit.ts';
import type { Db } from '../../../db/client.ts';
import type { ServiceContext } from '../../../http/context.ts';
import { AppError } from '../../../http/errors.ts';
import { decryptSecret, encryptSecret, isEncryptedSecret } from '../../../secret-key.ts';
import { readSettingValues, settingValueSql, writeSettingValues } from '../../settings/index.ts';
import { diamondFeedCredentials } from './diamond-feed-credentials.table.ts';

/**
 * The diamond feed's settings: the USD to GBP rate with its date and the schedule are setting options
 * (read and written by key through settings/index.ts); the Nivoda credentials in their own table
 * (diamond-feed-credentials.table.ts), the password encrypted. Only this module's routes answer
 * them, the password never (passwordIsSet).
 */

/** The one feed whose credentials are stored. */
const FEED = 'nivoda';

const SETTING_TITLES: Record<string, string> = {
  [EXCHANGE_RATE_SETTING_KEYS.rate]: 'USD to GBP exchange rate (diamond feed)',
  [EXCHANGE_RATE_SETTING_KEYS.date]: 'USD to GBP exchange rate date',
  [FEED_SETTING_KEYS.incrementalMinutes]: 'Nivoda incremental sync every (minutes)',
  [FEED_SETTING_KEYS.fullSyncHours]: 'Nivoda full sync every (hours)',
};

/** The USD to GBP rate, or null when unset or not a positive decimal (stones in USD are then not for sale). */
export async function readExchangeRate(db: Db): Promise<{ rate: string | null; date: string | null }> {
  const values = await readSettingValues(db, [EXCHANGE_RATE_SETTING_KEYS.rate, EXCHANGE_RATE_SETTING_KEYS.date]);
  const rate = values.get(EXCHANGE_RATE_SETTING_KEYS.rate)?.trim() ?? null;
  const isValid = rate !== null && EXCHANGE_RATE_PATTERN.test(rate) && Number(rate) > 0;
  return { rate: isValid ? rate : null, date: values.get(EXCHANGE_RATE_SETTING_KEYS.date) ?? null };
}

/** Stores the rate and its date, without an audit row: a seeder's, or a test's own database. */
export async function storeExchangeRate(tx: Db, input: ExchangeRateInput, actorId: number | null) {
  await writeSettingValues(tx, { [EXCHANGE_RATE_SETTING_KEYS.rate]: input.rate, [EXCHANGE_RATE_SETTING_KEYS.date]: input.date }, { titles: SETTING_TITLES, actorId });
}

export async function writeExchangeRate(tx: Db, input: ExchangeRateInput, context: ServiceContext) {
  const before = await readExchangeRate(tx);
  await storeExchangeRate(tx, input, context.actor?.id ?? null);
  await writeAudit(tx, context, { action: 'update', entity: 'exchange_rate', before, after: input });
  return before.rate !== input.rate;
}

const wholeOr = (text: string | null | undefined, fallback: number) => (text && /^\d{1,6}$/.test(text) ? Number(text) : fallback);

/** The feed's schedule as columns of another statement (the Import Services screen reads all it shows in one). */
export const feedScheduleColumns = {
  incrementalMinutes: settingValueSql(FEED_SETTING_KEYS.incrementalMinutes),
  fullSyncHours: settingValueSql(FEED_SETTING_KEYS.fullSyncHours),
};
/** The schedule of those columns' values, as `readFeedSettings` answers it. */
export const feedScheduleOf = (values: { incrementalMinutes: string | null; fullSyncHours: string | null }) => ({
  incrementalMinutes: wholeOr(values.incrementalMinutes, FEED_SCHEDULE_DEFAULTS.incrementalMinutes),
  fullSyncHours: wholeOr(values.fullSyncHours, FEED_SCHEDULE_DEFAULTS.fullSyncHours),
});

async function readCredentialsRow(db: Db, { lock = false } = {}) {
  const query = db.select().from(diamondFeedCredentials).where(and(eq(diamondFeedCredentials.feed, FEED), isNull(diamondFeedCredentials.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The feed's credentials and schedule as answered: no password, only whether one is stored. */
export async function readFeedSettings(db: Db): Promise<FeedSettings> {
  // One after the other: `db` may be a transaction's one connection (node-postgres would queue the second).
  const values = await readSettingValues(db, Object.values(FEED_SETTING_KEYS));
  const credentials = await readCredentialsRow(db);
  return {
    username: credentials?.username ?? '',
    passwordIsSet: Boolean(credentials?.password),
    endpoint: credentials?.endpoint ?? '',
    ...feedScheduleOf({ incrementalMinutes: values.get(FEED_SETTING_KEYS.incrementalMinutes) ?? null, fullSyncHours: values.get(FEED_SETTING_KEYS.fullSyncHours) ?? null }),
  };
}

/** The credentials for the feed's adapter, the password decrypted; never for an answer. */
export async function readFeedCredentials(db: Db, key: Buffer): Promise<{ endpoint: string; username: string; password: string }> {
  const row = await readCredentialsRow(db);
  if (!row) return { endpoint: '', username: '', password: '' };
  // A password moved here in clear from an older database (migration secret_settings) is read as it is until
  // encryptClearFeedPassword, at start-up, has encrypted it.
  return { endpoint: row.endpoint, username: row.username, password: row.password && isEncryptedSecret(row.password) ? decryptWith(key, row.password) : row.password };
}

/** A password written with another secret key (FACET_SECRET_KEY changed or lost) is a 409 to act on, not a 500. */
function decryptWith(key: Buffer, stored: string): string {
  try {
    return decryptSecret(key, stored);
  } catch {
    throw new AppError('CONFLICT', DIAMOND_MESSAGES.feedPasswordUnreadable);
  }
}

/** Encrypts a feed password stored in clear (an older database's, moved by migration secret_settings). */
export async function encryptClearFeedPassword(db: Db, key: Buffer) {
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: diamondFeedCredentials.id, password: diamondFeedCredentials.password }).from(diamondFeedCredentials).for('update');
    for (const row of rows) {
      if (row.password && !isEncryptedSecret(row.password)) {
        await tx.update(diamondFeedCredentials).set({ password: encryptSecret(key, row.password) }).where(eq(diamondFeedCredentials.id, row.id));
      }
    }
  });
}

/**
 * Saves the credentials and schedule. A blank password keeps the stored one, unless the endpoint's
 * origin changes: a password is given for one host, and the next scheduled login would otherwise
 * post it to whichever host the endpoint now names, so the move clears it.
 */
export async function writeFeedSettings(db: Db, key: Buffer, input: FeedSettingsInput, context: ServiceContext): Promise<FeedSettings> {
  return db.transaction(async (tx) => {
    // Locked first: two saves at once each compare the endpoint with what the other wrote.
    const stored = await readCredentialsRow(tx, { lock: true });
    const before = await readFeedSettings(tx);
    const hasMoved = feedEndpointOrigin(input.endpoint) !== feedEndpointOrigin(stored?.endpoint ?? '');
    const password = input.password ? encryptSecret(key, input.password) : hasMoved ? '' : (stored?.password ?? '');
    const actorId = context.actor?.id ?? null;
    const credentials = { endpoint: input.endpoint, username: input.username, password };
    await tx
      .insert(diamondFeedCredentials)
      .values({ feed: FEED, ...credentials, createdBy: actorId, updatedBy: actorId })
      .onConflictDoUpdate({
        target: diamondFeedCredentials.feed,
        set: { ...credentials, version: sql`${diamondFeedCredentials.version} + 1`, updatedAt: new Date(), updatedBy: actorId },
      });
    await writeSettingValues(
      tx,
      { [FEED_SETTING_KEYS.incrementalMinutes]: String(input.incrementalMinutes), [FEED_SETTING_KEYS.fullSyncHours]: String(input.fullSyncHours) },
      { titles: SETTING_TITLES, actorId },
    );
    const after = await readFeedSettings(tx);
    // No password in either side: the log says whether one is stored (passwordIsSet, masked when true).
    await writeAudit(tx, context, { action: 'update', entity: 'nivoda_settings', before, after });
    return after;
  });
}
