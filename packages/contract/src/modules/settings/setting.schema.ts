import { z } from 'zod';
import { recordMetaSchema } from '../../api.ts';
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
});
export type SettingInput = z.infer<typeof settingInputSchema>;

export const settingRecordSchema = recordMetaSchema.extend({
  title: z.string(),
  key: z.string(),
  value: z.string(),
});
export type SettingRecord = z.infer<typeof settingRecordSchema>;

/**
 * Setting options whose value is a secret (an integration's password, `nivoda.password`): the API
 * answers them masked, and saving the mask back keeps the stored value.
 */
export const isSecretSettingKey = (key: string) => /(^|[._-])password$/i.test(key);
export const MASKED_SECRET = '********';

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
