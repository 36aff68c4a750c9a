import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { encryptClearSecrets } from '../../settings/setting.routes.ts';
import { settings } from '../../settings/setting.table.ts';
import { decryptSecret } from '../../../secret-key.ts';
import { openMigratedPglite, TEMPLATE_BOOTSTRAP } from '../../../test/test-database.ts';
import { diamondFeedCredentials } from './diamond-feed-credentials.table.ts';
import { encryptClearFeedPassword, readFeedCredentials } from './diamond-settings.ts';

const MIGRATIONS = new URL('../../../../drizzle/', import.meta.url);

/**
 * The data step of the migration that moved the feed credentials out of the setting options (its
 * hand-written statements, after drizzle-kit's schema ones), run on rows as an older version left them.
 */
function secretSettingsDataStep(): string[] {
  const file = fs.readdirSync(MIGRATIONS).find((name) => name.endsWith('_secret_settings.sql'));
  const text = fs.readFileSync(new URL(file!, MIGRATIONS), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => /^(UPDATE|INSERT|DELETE)/.test(statement));
}

describe('an older database: feed credentials and secrets stored in clear among the settings', () => {
  it('moves the Nivoda credentials out of the settings, flags secret keys, and the start-up encrypts them', async () => {
    const database = await openMigratedPglite();
    try {
      const { db } = database;
      const row = (key: string, value: string, deletedAt: Date | null = null) => ({ title: key, key, value, deletedAt });
      await db.insert(settings).values([
        row('nivoda.endpoint', 'https://integrations.nivoda.net/api/diamonds'),
        row('nivoda.username', 'shop@example.com'),
        row('nivoda.password', 'old-clear-password'),
        row('nivoda.password', 'older-deleted-password', new Date()),
        row('instagram.client_secret', 'ig-clear-secret'),
        row('store_name', 'Facet Jewellers'),
      ]);
      for (const statement of secretSettingsDataStep()) await db.execute(sql.raw(statement));

      const left = await db.select({ key: settings.key, isSecret: settings.isSecret }).from(settings);
      expect(left.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
        { key: 'instagram.client_secret', isSecret: true },
        { key: 'store_name', isSecret: false },
      ]);
      const key = TEMPLATE_BOOTSTRAP.secretKey;
      // Read as they are before the start-up's encryption...
      expect(await readFeedCredentials(db, key)).toEqual({ endpoint: 'https://integrations.nivoda.net/api/diamonds', username: 'shop@example.com', password: 'old-clear-password' });
      await encryptClearFeedPassword(db, key);
      await encryptClearSecrets(db, key);
      // ...and the same after it, with nothing left in clear.
      expect(await readFeedCredentials(db, key)).toEqual({ endpoint: 'https://integrations.nivoda.net/api/diamonds', username: 'shop@example.com', password: 'old-clear-password' });
      const [stored] = await db.select().from(diamondFeedCredentials);
      expect(stored!.password).not.toContain('old-clear');
      const [secret] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'instagram.client_secret'));
      expect(decryptSecret(key, secret!.value)).toBe('ig-clear-secret');
    } finally {
      await database.close();
    }
  });
});
