import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../db/client.ts';
import { openPglite, openPostgres } from '../db/client.ts';
import { addDemoData, bootstrap } from '../bootstrap/bootstrap.ts';

/** The admin every test database is bootstrapped with. */
export const ADMIN = { username: 'admin', password: 'admin-pass1' };
/** One secret key for the whole run: the templates' secrets are written with it, every test app reads them with it. */
const TEST_SECRET_KEY = Buffer.alloc(32, 0x7e);
export const TEMPLATE_BOOTSTRAP = { adminUsername: ADMIN.username, adminPassword: ADMIN.password, demoData: false, secretKey: TEST_SECRET_KEY };
/** The bootstrap of the demo template: the same, with the demo data (the access matrix, hostile input). */
export const DEMO_TEMPLATE_BOOTSTRAP = { ...TEMPLATE_BOOTSTRAP, demoData: true };

/**
 * Where the migrated, bootstrapped template of this test run lives: a PGlite dump file, or a
 * PostgreSQL database name on TEST_DATABASE_URL. Built once per run (vitest globalSetup) so a test
 * file copies it instead of migrating and bootstrapping its own database (1.1 s saved per app on PGlite).
 */
export interface DatabaseTemplate {
  kind: 'pglite' | 'postgres';
  location: string;
  /** The same bootstrapped with the demo data (DEMO_TEMPLATE_BOOTSTRAP). */
  demoLocation: string;
  /**
   * Migrated and empty, before the bootstrap: for a database bootstrapped otherwise (another admin)
   * or written to directly. PGlite migrates an empty database in 3 to 10 s of WASM; a copy loads in 1 to 2.
   */
  migratedLocation: string;
  /**
   * A PGlite dump of the migrated database in a run on either: the tests of PGlite's own folder and of
   * the bootstrap use PGlite on a PostgreSQL run too.
   */
  migratedPgliteDump: string;
}

/** Which of the run's templates a test database copies. */
type TemplateContents = 'migrated' | 'bootstrapped' | 'demo';

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Writes the PGlite database's data folder to `file` as a dump that `loadDataDir` takes. */
async function dumpPglite(database: Database, file: string): Promise<string> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  return file;
}

/** Builds the PostgreSQL templates on TEST_DATABASE_URL's server: migrated, bootstrapped, with demo data. */
async function createPostgresTemplates(serverUrl: string) {
  const name = `facet_template_${randomBytes(6).toString('hex')}`;
  const migratedName = `${name}_migrated`;
  await runOnServer(serverUrl, `create database ${migratedName}`);
  await (await openPostgres(databaseUrl(serverUrl, migratedName), { poolSize: 2 })).close();
  await runOnServer(serverUrl, `create database ${name} template ${migratedName}`);
  const database = await openPostgres(databaseUrl(serverUrl, name), { poolSize: 2 });
  await bootstrap(database.db, TEMPLATE_BOOTSTRAP);
  await database.close();
  const demoName = `${name}_demo`;
  await runOnServer(serverUrl, `create database ${demoName} template ${name}`);
  const demo = await openPostgres(databaseUrl(serverUrl, demoName), { poolSize: 2 });
  await addDemoData(demo.db, ADMIN.username);
  await demo.close();
  return { location: name, demoLocation: demoName, migratedLocation: migratedName };
}

/** Builds the run's template; returns it and the teardown that removes it. */
export async function createDatabaseTemplate(): Promise<{ template: DatabaseTemplate; remove: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-template-'));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    // PGlite's own tests (its folder lock, the bootstrap) run on PGlite in this run too: their migrated
    // dump is made while the server builds its templates.
    const [migratedPgliteDump, locations] = await Promise.all([
      (async () => {
        const database = await openPglite(undefined);
        const file = await dumpPglite(database, path.join(dir, 'migrated-template.tar'));
        await database.close();
        return file;
      })(),
      createPostgresTemplates(serverUrl),
    ]);
    return {
      template: { kind: 'postgres', ...locations, migratedPgliteDump },
      remove: async () => {
        for (const db of Object.values(locations)) await runOnServer(serverUrl, `drop database if exists ${db} with (force)`);
        removeDir();
      },
    };
  }
  const database = await openPglite(undefined);
  const migratedLocation = await dumpPglite(database, path.join(dir, 'migrated-template.tar'));
  await bootstrap(database.db, TEMPLATE_BOOTSTRAP);
  const location = await dumpPglite(database, path.join(dir, 'template.tar'));
  await addDemoData(database.db, ADMIN.username);
  const demoLocation = await dumpPglite(database, path.join(dir, 'demo-template.tar'));
  await database.close();
  return { template: { kind: 'pglite', location, demoLocation, migratedLocation, migratedPgliteDump: migratedLocation }, remove: async () => removeDir() };
}

const LOCATIONS = { migrated: 'migratedLocation', bootstrapped: 'location', demo: 'demoLocation' } as const;

/**
 * A database of its own for one test app or test file: a copy of one of the run's templates (a
 * PGlite loaded from the dump, or `create database ... template` on PostgreSQL). A copy of the
 * migrated one is for the caller to bootstrap or fill. On PostgreSQL the database is dropped on close.
 */
export async function openTestDatabase(template: DatabaseTemplate, contents: TemplateContents): Promise<Database & { isBootstrapped: boolean }> {
  const location = template[LOCATIONS[contents]];
  const isBootstrapped = contents !== 'migrated';
  if (template.kind === 'pglite') return { ...(await openPglite(undefined, { loadDataDir: new Blob([fs.readFileSync(location)]) })), isBootstrapped };
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `facet_test_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${name} template ${location}`);
  const database = await openPostgres(databaseUrl(serverUrl, name), { poolSize: 5 });
  return {
    ...database,
    isBootstrapped,
    close: async () => {
      await database.close();
      await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * An embedded database, migrated and empty, in `dataDir` or in memory, for the tests of PGlite itself
 * and of the bootstrap: loaded from the run's migrated PGlite dump.
 */
export async function openMigratedPglite(dataDir?: string): Promise<Database> {
  return openPglite(dataDir, { loadDataDir: new Blob([fs.readFileSync(inject('databaseTemplate').migratedPgliteDump)]) });
}
