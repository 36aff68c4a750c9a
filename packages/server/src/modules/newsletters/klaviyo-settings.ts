import { KLAVIYO_SETTING_KEYS, NEWSLETTER_MESSAGES } from '@facet/contract/modules/newsletters/newsletter.schema';
import type { KlaviyoSettings, KlaviyoSettingsInput } from '@facet/contract/modules/newsletters/newsletter.schema';
import type { Config } from '../../config.ts';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import type { KlaviyoClient } from '../../integrations/klaviyo/klaviyo-client.ts';
import { createKlaviyoClient, KlaviyoError } from '../../integrations/klaviyo/klaviyo-client.ts';
import { decryptSecret, isEncryptedSecret, secretKeyOf } from '../../secret-key.ts';
import { readSettingValues, writeSettingValues } from '../settings/index.ts';

/**
 * Klaviyo's settings are setting options (settings/index.ts): the private key a secret (encrypted,
 * flagged secret, so the Settings screen masks it; never answered), the subscribers' list id plain.
 * The API's address is the app's configuration (KLAVIYO_BASE_URL), so no setting can send the key to
 * another host.
 */

const TITLES = { [KLAVIYO_SETTING_KEYS.apiKey]: 'Klaviyo private API key', [KLAVIYO_SETTING_KEYS.listId]: 'Klaviyo subscribers list id' };

export type KlaviyoDeps = { db: Db; config: Pick<Config, 'secretKey' | 'dataDir' | 'klaviyoBaseUrl'> };

export async function readKlaviyoSettings(db: Db): Promise<KlaviyoSettings> {
  const values = await readSettingValues(db, Object.values(KLAVIYO_SETTING_KEYS));
  return { apiKeyIsSet: Boolean(values.get(KLAVIYO_SETTING_KEYS.apiKey)), listId: values.get(KLAVIYO_SETTING_KEYS.listId) ?? '' };
}

export async function writeKlaviyoSettings({ db, config }: KlaviyoDeps, input: Required<KlaviyoSettingsInput>, context: ServiceContext): Promise<KlaviyoSettings> {
  return db.transaction(async (tx) => {
    const before = await readKlaviyoSettings(tx);
    const values: Record<string, string> = { [KLAVIYO_SETTING_KEYS.listId]: input.listId };
    if (input.apiKey) values[KLAVIYO_SETTING_KEYS.apiKey] = input.apiKey;
    // Its key names a secret: stored encrypted and flagged, as the Settings screen stores one.
    await writeSettingValues(tx, values, { titles: TITLES, actorId: context.actor?.id ?? null, secretKey: secretKeyOf(config) });
    const after = await readKlaviyoSettings(tx);
    await writeAudit(tx, context, { action: 'update', entity: 'klaviyo_settings', before, after: { ...after, apiKeyChanged: Boolean(input.apiKey) } });
    return after;
  });
}

/** The adapter and the list, or null when Klaviyo is not configured (the demo). */
export async function klaviyoOf({ db, config }: KlaviyoDeps, options: { maxAttempts?: number } = {}): Promise<{ client: KlaviyoClient; listId: string } | null> {
  const values = await readSettingValues(db, Object.values(KLAVIYO_SETTING_KEYS));
  const stored = values.get(KLAVIYO_SETTING_KEYS.apiKey) ?? '';
  const listId = values.get(KLAVIYO_SETTING_KEYS.listId) ?? '';
  if (!stored || !listId) return null;
  let apiKey: string;
  try {
    apiKey = isEncryptedSecret(stored) ? decryptSecret(secretKeyOf(config), stored) : stored;
  } catch {
    throw new AppError('CONFLICT', 'The Klaviyo private key was stored with another secret key: enter it again under Newsletter > Klaviyo Settings.');
  }
  return { client: createKlaviyoClient({ apiKey, baseUrl: config.klaviyoBaseUrl, ...options }), listId };
}

/** Klaviyo, or a 422 saying it is not configured (a staff action that needs it). */
export async function requireKlaviyo(deps: KlaviyoDeps) {
  const klaviyo = await klaviyoOf(deps);
  if (!klaviyo) throw new AppError('UNPROCESSABLE', NEWSLETTER_MESSAGES.klaviyoNotConfigured);
  return klaviyo;
}

/**
 * A Klaviyo failure as the answer to staff, with Klaviyo's words, never a 500 or our own 401: a key
 * Klaviyo refuses, or a request it refuses, is a 422 staff can act on (Klaviyo Settings); Klaviyo
 * down (5xx, 429s, no answer) is a 502.
 */
export function asGatewayError(error: unknown): never {
  if (error instanceof KlaviyoError) throw new AppError(error.failure === 'unavailable' ? 'BAD_GATEWAY' : 'UNPROCESSABLE', error.message);
  throw error;
}
