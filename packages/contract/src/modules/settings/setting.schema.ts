import { z } from 'zod';
import { recordOf } from '../../api.ts';
import { defineResource } from '../../resource.ts';
import { MESSAGES } from '../../messages.ts';
import { requiredText, SETTING_KEY_PATTERN } from '../../rules.ts';

/** Not in the spec: room for descriptive keys (`order_notification_email`). */
export const SETTING_KEY_MAX = 100;

/** A setting option (document 3): a titled key and its value; code reads settings by key. */
export const settingInputSchema = z.object({
  title: requiredText(255),
  key: requiredText(SETTING_KEY_MAX).regex(SETTING_KEY_PATTERN, MESSAGES.settingKey),
  value: requiredText(5000),
  /**
   * A secret (an integration's password or token): stored encrypted, answered masked, never matched
   * by a search. Absent: secret when the key names one (`isSecretSettingKey`). Once secret, a
   * setting stays secret and keeps its key (SETTING_MESSAGES).
   */
  isSecret: z.boolean().optional(),
});
export type SettingInput = z.infer<typeof settingInputSchema>;

export const settingRecordSchema = recordOf(settingInputSchema, {
  /** Always answered: decided on save when the input leaves it out. */
  isSecret: z.boolean(),
});
export type SettingRecord = z.infer<typeof settingRecordSchema>;

/**
 * Keys that name a secret (`smtp.password`, `instagram.client_secret`, `instagram.token`,
 * `klaviyo.api_key`): such a setting is made secret when it is created or renamed to one, whatever
 * the form says. What keeps it secret afterwards is its stored flag, not its key.
 */
/**
 * A key that names a secret ends in password, secret, token, api key or private key. Written once as
 * text so that the server's SQL (`~*`, case-insensitive) reads the same pattern as this test.
 */
export const SECRET_SETTING_KEY_PATTERN = '(^|[._-])(password|secret|token|api[_.-]?key|private[_.-]?key)$';
const secretSettingKey = new RegExp(SECRET_SETTING_KEY_PATTERN, 'i');
export const isSecretSettingKey = (key: string) => secretSettingKey.test(key);
/** What the API answers for a secret's value; saving it back keeps the stored value. */
export const MASKED_SECRET = '********';

/**
 * The address of the analytics report framed at /analytics (document 3 §2.1: "an embedded analytics
 * report in a frame"), a setting so staff can change it; without the setting, ANALYTICS_URL.
 */
export const ANALYTICS_URL_SETTING_KEY = 'analytics_url';
export const ANALYTICS_URL_SETTING_TITLE = 'Analytics Report URL';

/** True for a full https address without credentials in it: what a frame on a staff screen may show. */
export function isHttpsAddress(value: string): boolean {
  if (!URL.canParse(value.trim())) return false;
  const url = new URL(value.trim());
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

/** Not worded by the spec. */
export const SETTING_MESSAGES = {
  secretKeyFixed: 'The key of a secret setting cannot be changed. Add a new setting instead.',
  secretStaysSecret: 'A secret setting cannot be made visible. Delete it and add a new setting instead.',
  analyticsUrl: 'The analytics report address must be a full https:// address (the report’s embed link), without a user name or password in it.',
} as const;

/** Where the /analytics report's address comes from: the setting, else ANALYTICS_URL, else none. */
export const ANALYTICS_SOURCES = ['setting', 'environment'] as const;
export const analyticsReportSchema = z.object({
  url: z.string().nullable(),
  source: z.enum(ANALYTICS_SOURCES).nullable(),
  /** The setting's row, to edit it (staff holding `system`); null when there is none. */
  settingId: z.number().int().nullable(),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;

/**
 * The settings the storefront reads, and so the only ones the storefront's settings cache document
 * publishes (an allow-list: a setting added for the back office, or an integration's option, stays
 * private until it is listed here). A secret is never published, listed or not.
 */
export const STOREFRONT_SETTING_KEYS = [
  'store_name',
  'store_email',
  'store_phone',
  'store_address',
  'vat_rate',
  'ring_size_guide_slug',
  'appointment_slot_minutes',
] as const;

export const settingResource = defineResource({
  name: 'settings',
  entity: 'setting',
  label: 'Setting',
  permission: 'system',
  createInput: settingInputSchema,
  record: settingRecordSchema,
  searchable: ['title', 'key', 'value'],
  sortable: ['title', 'key', 'createdAt'],
  status: null,
  unique: [{ field: 'key', label: 'Key' }],
});
