import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { PermissionKey } from '@facet/contract/permissions';
import { SESSION_COOKIE } from '@facet/contract/modules/auth/auth.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { RequestContext } from '../http/context.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { bootstrap } from '../bootstrap/bootstrap.ts';
import { permissions } from '../modules/permissions/permission.table.ts';
import { rolePermissions, roles } from '../modules/roles/role.table.ts';
import { userRoles, users } from '../modules/users/user.table.ts';
import { ADMIN, DEMO_TEMPLATE_BOOTSTRAP, TEMPLATE_BOOTSTRAP, openTestDatabase } from './test-database.ts';

export { ADMIN };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Every line the server logged, for assertions about what logs hold. */
  logs: string[];
  close(): Promise<void>;
  /** Signs in and returns the session cookie header value. */
  login(username?: string, password?: string): Promise<string>;
  /** Creates a user holding exactly these permission keys (through a new role); returns its sign-in. */
  createUserWith(keys: PermissionKey[], opts?: { name?: string }): Promise<{ id: number; name: string; password: string; cookie: string }>;
  /** `app.inject` with the cookie set. */
  request(cookie: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>;
}

let userCounter = 0;

/** Every user `createUserWith` makes signs in with this; its argon2 hash is worked out once per file. */
const TESTER_PASSWORD = 'tester-pass1';
let testerHash: Promise<string> | undefined;
const testerPasswordHash = () => (testerHash ??= hashPassword(TESTER_PASSWORD));

/** Routes a test adds to the app before it starts (a resource defined only for the test, its table created here). */
export type TestRoutes = (app: FastifyInstance, db: Db) => Promise<void>;

export async function createTestApp(overrides: Partial<Config> = {}, { routes }: { routes?: TestRoutes } = {}): Promise<TestApp> {
  const config = { ...loadConfig({}), ...TEMPLATE_BOOTSTRAP, logLevel: 'info', ...overrides };
  // The run's templates hold exactly the bootstrap of TEMPLATE_BOOTSTRAP, and the same with demo data;
  // another one (another admin) starts from the migrated template and is bootstrapped here.
  const matches = (bootstrap: typeof TEMPLATE_BOOTSTRAP) => (Object.keys(bootstrap) as (keyof typeof bootstrap)[]).every((key) => config[key] === bootstrap[key]);
  const contents = matches(TEMPLATE_BOOTSTRAP) ? 'bootstrapped' : matches(DEMO_TEMPLATE_BOOTSTRAP) ? 'demo' : 'migrated';
  const database = await openTestDatabase(inject('databaseTemplate'), contents);
  // Uploads go to a folder of this test file's own, removed on close.
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-media-'));
  config.mediaDir = overrides.mediaDir ?? mediaDir;
  const exportsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-exports-'));
  config.exportsDir = overrides.exportsDir ?? exportsDir;
  if (!database.isBootstrapped) await bootstrap(database.db, config);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({ db: database.db, config, logStream });
  await routes?.(app, database.db);
  await app.ready();

  const testApp: TestApp = {
    app,
    db: database.db,
    config,
    logs,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
      fs.rmSync(exportsDir, { recursive: true, force: true });
    },
    async login(username = ADMIN.username, password = ADMIN.password) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
      if (response.statusCode !== 200) throw new Error(`login as ${username} failed: ${response.statusCode} ${response.body}`);
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
      return `${SESSION_COOKIE}=${cookie!.value}`;
    },
    async createUserWith(keys, opts = {}) {
      const name = opts.name ?? `tester${++userCounter}${randomBytes(2).toString('hex')}`;
      const password = TESTER_PASSWORD;
      const db = database.db;
      const [role] = await db.insert(roles).values({ name: `role for ${name}` }).returning({ id: roles.id });
      if (keys.length) {
        const rows = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.key, keys));
        await db.insert(rolePermissions).values(rows.map((p) => ({ roleId: role!.id, permissionId: p.id })));
      }
      const [user] = await db
        .insert(users)
        .values({ name, email: `${name}@example.com`, passwordHash: await testerPasswordHash() })
        .returning({ id: users.id });
      await db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
      return { id: user!.id, name, password, cookie: await testApp.login(name, password) };
    },
    request(cookie, options) {
      return app.inject({ ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } });
    },
  };
  return testApp;
}

/** Id of the live permission with this key; for building role payloads. */
export async function permissionIdOf(db: Db, key: string): Promise<number> {
  const [row] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.key, key));
  if (!row) throw new Error(`no permission ${key}`);
  return row.id;
}

/**
 * For a describe block of API tests: a fresh app (its own database) before the block's tests, signed
 * in as admin, closed after them. Read `fixture.t` and `fixture.admin` inside the tests.
 */
export function useAdminTestApp(): { t: TestApp; admin: string } {
  const fixture = {} as { t: TestApp; admin: string };
  beforeAll(async () => {
    fixture.t = await createTestApp();
    fixture.admin = await fixture.t.login();
  });
  afterAll(() => fixture.t?.close());
  return fixture;
}

/** What a service sees of the signed-in user behind `cookie`, for tests that call a service directly. */
export async function contextOfSession(t: TestApp, cookie: string): Promise<RequestContext> {
  const { user, permissions } = (await t.request(cookie, { method: 'GET', url: '/api/auth/me' })).json();
  return { actor: { id: user.id, name: user.name, email: user.email, permissions }, ip: '127.0.0.1', requestId: 'test' };
}

/** A job once it has ended (succeeded, failed or cancelled), read through the API as `cookie` sees it. */
export async function jobWhenEnded(t: TestApp, cookie: string, id: number, timeoutMs = 60_000): Promise<JobRecord> {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const job = (await t.request(cookie, { method: 'GET', url: `/api/jobs/${id}` })).json() as JobRecord;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
