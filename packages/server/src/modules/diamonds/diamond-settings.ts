import {
  EXCHANGE_RATE_PATTERN,
  EXCHANGE_RATE_SETTING_KEYS,
  FEED_SCHEDULE_DEFAULTS,
  FEED_SETTING_KEYS,
} from '@facet/contract/modules/diamonds/diamond.schema';
import type { ExchangeRateInput, FeedSettings, FeedSettingsInput } from '@facet/contract/modules/diamonds/diamond.schema';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../http/context.ts';
import { settings } from '../settings/setting.table.ts';

/**
 * The diamond feed's settings live in the settings module's table (setting options read by key):
 * the USD to GBP rate with its date, the Nivoda credentials and the schedule. Only this module's
 * routes answer them, the password never (passwordIsSet).
 */

const SETTING_TITLES: Record<string, string> = {
  [EXCHANGE_RATE_SETTING_KEYS.rate]: 'USD to GBP exchange rate (diamond feed)',
  [EXCHANGE_RATE_SETTING_KEYS.date]: 'USD to GBP exchange rate date',
  [FEED_SETTING_KEYS.username]: 'Nivoda username',
  [FEED_SETTING_KEYS.password]: 'Nivoda password',
  [FEED_SETTING_KEYS.endpoint]: 'Nivoda endpoint',
  [FEED_SETTING_KEYS.incrementalMinutes]: 'Nivoda incremental sync every (minutes)',
  [FEED_SETTING_KEYS.fullSyncHours]: 'Nivoda full sync every (hours)',
};

async function readSettings(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(isNull(settings.deletedAt), inArray(sql`lower(${settings.key})`, keys.map((key) => key.toLowerCase()))));
  return new Map(rows.map((row) => [row.key.toLowerCase(), row.value]));
}

/** Writes setting options by key (insert or update the live row), in the caller's transaction. */
async function writeSettings(tx: Db, values: Record<string, string>, actorId: number | null) {
  for (const [key, value] of Object.entries(values)) {
    const updated = await tx
      .update(settings)
      .set({ value, version: sql`${settings.version} + 1`, updatedAt: new Date(), updatedBy: actorId })
      .where(and(isNull(settings.deletedAt), eq(sql`lower(${settings.key})`, key.toLowerCase())))
      .returning({ id: settings.id });
    if (!updated.length) await tx.insert(settings).values({ key, value, title: SETTING_TITLES[key] ?? key, createdBy: actorId, updatedBy: actorId });
  }
}

/** The USD to GBP rate, or null when unset or not a positive decimal (stones in USD are then not for sale). */
export async function readExchangeRate(db: Db): Promise<{ rate: string | null; date: string | null }> {
  const values = await readSettings(db, [EXCHANGE_RATE_SETTING_KEYS.rate, EXCHANGE_RATE_SETTING_KEYS.date]);
  const rate = values.get(EXCHANGE_RATE_SETTING_KEYS.rate)?.trim() ?? null;
  const isValid = rate !== null && EXCHANGE_RATE_PATTERN.test(rate) && Number(rate) > 0;
  return { rate: isValid ? rate : null, date: values.get(EXCHANGE_RATE_SETTING_KEYS.date) ?? null };
}

export async function writeExchangeRate(tx: Db, input: ExchangeRateInput, context: ServiceContext) {
  const before = await readExchangeRate(tx);
  await writeSettings(tx, { [EXCHANGE_RATE_SETTING_KEYS.rate]: input.rate, [EXCHANGE_RATE_SETTING_KEYS.date]: input.date }, context.actor?.id ?? null);
  await writeAudit(tx, context, { action: 'update', entity: 'exchange_rate', before, after: input });
  return before.rate !== input.rate;
}

const wholeOr = (text: string | undefined, fallback: number) => (text && /^\d{1,6}$/.test(text) ? Number(text) : fallback);

/** The feed's credentials and schedule; `password` only for the adapter, never for an answer. */
export async function readFeedSettings(db: Db): Promise<FeedSettings & { password: string }> {
  const values = await readSettings(db, Object.values(FEED_SETTING_KEYS));
  const password = values.get(FEED_SETTING_KEYS.password) ?? '';
  return {
    username: values.get(FEED_SETTING_KEYS.username) ?? '',
    password,
    passwordIsSet: password !== '',
    endpoint: values.get(FEED_SETTING_KEYS.endpoint) ?? '',
    incrementalMinutes: wholeOr(values.get(FEED_SETTING_KEYS.incrementalMinutes), FEED_SCHEDULE_DEFAULTS.incrementalMinutes),
    fullSyncHours: wholeOr(values.get(FEED_SETTING_KEYS.fullSyncHours), FEED_SCHEDULE_DEFAULTS.fullSyncHours),
  };
}

/** What the API answers: the settings without the password. */
export const withoutPassword = ({ password: _password, ...shown }: FeedSettings & { password: string }): FeedSettings => shown;

export async function writeFeedSettings(db: Db, input: FeedSettingsInput, context: ServiceContext): Promise<FeedSettings> {
  return db.transaction(async (tx) => {
    const before = await readFeedSettings(tx);
    const values: Record<string, string> = {
      [FEED_SETTING_KEYS.username]: input.username,
      [FEED_SETTING_KEYS.endpoint]: input.endpoint,
      [FEED_SETTING_KEYS.incrementalMinutes]: String(input.incrementalMinutes),
      [FEED_SETTING_KEYS.fullSyncHours]: String(input.fullSyncHours),
    };
    if (input.password) values[FEED_SETTING_KEYS.password] = input.password;
    await writeSettings(tx, values, context.actor?.id ?? null);
    // writeAudit masks the password field: the log says it changed, never what to.
    await writeAudit(tx, context, { action: 'update', entity: 'nivoda_settings', before, after: { ...before, ...input, password: input.password || before.password } });
    return withoutPassword(await readFeedSettings(tx));
  });
}
