import {
  ANALYTICS_URL_SETTING_KEY,
  analyticsReportSchema,
  isHttpsAddress,
  isSecretSettingKey,
  MASKED_SECRET,
  SECRET_SETTING_KEY_PATTERN,
  SETTING_MESSAGES,
  settingResource,
} from '@facet/contract/modules/settings/setting.schema';
import type { SettingInput } from '@facet/contract/modules/settings/setting.schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { arrayParam } from '../../db/array-param.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { invalidField } from '../../http/errors.ts';
import { encryptSecret, isEncryptedSecret, secretKeyOf } from '../../secret-key.ts';
import { emit } from '../../events/emit.ts';
import { analyticsReport } from './analytics-report.ts';
import { settings } from './setting.table.ts';

/** A setting whose value Facet uses as an address checks it on save: the analytics report's must be https. */
function checkValue(input: SettingInput) {
  if (input.key.trim().toLowerCase() === ANALYTICS_URL_SETTING_KEY && !isHttpsAddress(input.value)) throw invalidField('value', SETTING_MESSAGES.analyticsUrl);
}

/**
 * Setting options have no rule beyond their schema, the unique key and the analytics report's https
 * address (checkValue), except secrets (an integration's password or token): stored encrypted,
 * answered masked (the mask saved back keeps the stored value), never matched by a search, and fixed
 * once made: a secret keeps its key and stays secret, since a renamed or unflagged row would answer
 * its value in clear. The storefront reads its settings from the cache: a saved option makes that
 * document stale.
 */
export function settingRoutes(app: FastifyInstance, db: Db, config: Pick<Config, 'secretKey' | 'dataDir' | 'analyticsUrl'>) {
  const secretKey = () => secretKeyOf(config);
  const service = createCrudService(db, settingResource, settings, {
    // What the generic service reads as a setting's value (list, search, record, audit): nothing of a
    // secret, so neither its ciphertext nor a search on it can tell anything (loadRelations masks it).
    derivedFields: { value: sql<string>`case when ${settings.isSecret} then '' else ${settings.value} end` },
    async loadRelations(source, ids) {
      const rows = await source.select({ id: settings.id }).from(settings).where(and(inArray(settings.id, ids), eq(settings.isSecret, true)));
      return new Map(rows.map((row) => [row.id, { value: MASKED_SECRET }]));
    },
    // The storefront's settings document (the cache subscribes).
    afterWrite: (tx) => emit(tx, 'settings.changed', {}),
    async beforeCreate(_tx, { input }) {
      checkValue(input);
    },
    async beforeUpdate(_tx, { input, existing }) {
      checkValue(input);
      if (!existing.isSecret) return;
      if (input.key !== existing.key) throw invalidField('key', SETTING_MESSAGES.secretKeyFixed);
      if (input.isSecret === false) throw invalidField('isSecret', SETTING_MESSAGES.secretStaysSecret);
    },
    toValues: (input: SettingInput, { existing }) => {
      const isSecret = existing?.isSecret || input.isSecret === true || isSecretSettingKey(input.key);
      const values = { title: input.title, key: input.key, isSecret };
      // The mask saved back on a secret keeps the stored value: the value is left out of the update.
      if (existing?.isSecret && input.value === MASKED_SECRET) return values;
      return { ...values, value: isSecret ? encryptSecret(secretKey(), input.value) : input.value };
    },
  });
  crudRoutes(app, settingResource, service);
  // Any signed-in user: the top bar's Analytics link is everyone's (document 3 §2.3).
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/analytics', { config: { authenticated: true }, schema: { tags: [settingResource.name], response: { 200: analyticsReportSchema } } }, () =>
      analyticsReport(db, config.analyticsUrl),
    );
  // Secrets written in clear by older versions (the mask then only hid them in answers) are
  // encrypted once the app is ready; until then they are read as they are.
  app.addHook('onReady', () => encryptClearSecrets(db, secretKey()));
}

/**
 * Makes good what older versions left, at start-up: a setting whose audit history shows it once had
 * a secret's key (an older version let a secret be renamed to a plain key, the real value riding
 * along) is flagged secret again; every secret still stored in clear is encrypted, deleted rows
 * included (they hold old values); and the secrets' values in their audit rows are masked (older
 * versions wrote them there). Idempotent: the second run finds nothing to do.
 */
export async function encryptClearSecrets(db: Db, key: Buffer) {
  await db.transaction(async (tx) => {
    // The contract's own pattern: the key names a secret exactly as isSecretSettingKey says.
    await tx.execute(sql`
      update settings set is_secret = true
      where not is_secret and id::text in (
        select entity_id from audit_log
        where entity = ${settingResource.entity}
          and (before ->> 'key' ~* ${SECRET_SETTING_KEY_PATTERN} or after ->> 'key' ~* ${SECRET_SETTING_KEY_PATTERN}))`);
    // A handful of rows: read them all and let secret-key.ts tell clear text from its own output.
    const rows = await tx.select({ id: settings.id, value: settings.value }).from(settings).where(eq(settings.isSecret, true)).for('update');
    for (const row of rows) {
      if (!isEncryptedSecret(row.value)) await tx.update(settings).set({ value: encryptSecret(key, row.value) }).where(eq(settings.id, row.id));
    }
    if (rows.length === 0) return;
    const secretIds = rows.map((row) => String(row.id));
    // Served by audit_log_entity (entity, entity_id): only the secrets' own rows are read.
    for (const side of ['before', 'after'] as const) {
      const column = sql.identifier(side);
      await tx.execute(sql`
        update audit_log set ${column} = ${column} || jsonb_build_object('value', ${MASKED_SECRET}::text)
        where entity = ${settingResource.entity} and entity_id = any(${arrayParam(secretIds, 'text')})
          and ${column} ->> 'value' not in ('', ${MASKED_SECRET})`);
    }
  });
}
