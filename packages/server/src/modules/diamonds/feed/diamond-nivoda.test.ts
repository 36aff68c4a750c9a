import type { FeedRunRecord, ImportServiceRecord } from '@facet/contract/modules/diamonds/diamond.schema';
import { DIAMOND_MESSAGES } from '@facet/contract/modules/diamonds/diamond.schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeNivoda } from '../../../integrations/nivoda/fake-server.ts';
import { startFakeNivoda } from '../../../integrations/nivoda/fake-server.ts';
import { decryptSecret, encryptSecret, isEncryptedSecret } from '../../../secret-key.ts';
import { jobWhenEnded, useAdminTestApp } from '../../../test/test-app.ts';
import { TEMPLATE_BOOTSTRAP } from '../../../test/test-database.ts';
import { diamondFeedCredentials } from './diamond-feed-credentials.table.ts';
import { encryptClearFeedPassword } from './diamond-settings.ts';
import { diamonds } from '../diamond.table.ts';

/**
 * The app as a shop runs it: no stand-in feed, so syncs and Pull Diamond read Nivoda with the
 * credentials saved in the feed settings, here pointed at the fake Nivoda (a real GraphQL server).
 */
describe('diamonds from Nivoda, with the credentials in the feed settings', () => {
  const fx = useAdminTestApp();
  let nivoda: FakeNivoda;

  beforeAll(async () => {
    nivoda = await startFakeNivoda({ stones: 400, seed: 12 });
    fx.t.app.stoneFeed = null;
  });
  afterAll(() => nivoda?.close());

  const get = (url: string) => fx.t.request(fx.admin, { method: 'GET', url });
  const post = (url: string, payload?: object) => fx.t.request(fx.admin, { method: 'POST', url, ...(payload && { payload }) });
  const saveSettings = (credentials: { username: string; password: string; endpoint: string }) =>
    fx.t.request(fx.admin, { method: 'PUT', url: '/api/nivoda-settings', payload: { ...credentials, incrementalMinutes: 60, fullSyncHours: 24 } });

  const finished = (id: number) => jobWhenEnded(fx.t, fx.admin, id);

  it('refuses to sync or pull until the credentials are saved', async () => {
    expect((await post('/api/nivoda-services/natural/start', { mode: 'full' })).json().error.message).toMatch(/not configured/);
    expect((await post('/api/diamonds/pull', { certificate: '2000000001' })).statusCode).toBe(409);
  });

  it('syncs every natural stone Nivoda offers, logs the run, and pulls a lab stone by its certificate', async () => {
    const saved = await saveSettings({ username: nivoda.username, password: nivoda.password, endpoint: nivoda.endpoint });
    expect(saved.statusCode, saved.body).toBe(200);

    const started = await post('/api/nivoda-services/natural/start', { mode: 'full' });
    expect(started.statusCode, started.body).toBe(202);
    const job = await finished(started.json().jobId);
    expect(job.status, job.error ?? '').toBe('succeeded');

    const offered = nivoda.inventory.indicesOf('natural').length;
    expect(offered).toBeGreaterThan(100);
    expect(await fx.t.db.$count(diamonds, and(eq(diamonds.source, 'nivoda'), eq(diamonds.isLab, false), eq(diamonds.isGemstone, false)))).toBe(offered);
    const [run] = ((await get('/api/nivoda-logs')).json() as { items: FeedRunRecord[] }).items;
    expect(run).toMatchObject({ kind: 'natural', download: 'done', insertInDatabase: 'done', added: offered, totalCount: offered, errorMessage: null });
    // One login served the whole run: the adapter kept its token.
    expect(nivoda.stats.authentications).toBe(1);

    const labStone = nivoda.inventory.stone(nivoda.inventory.indicesOf('lab')[0]!)!;
    const pulled = await post('/api/diamonds/pull', { certificate: labStone.certNumber });
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(await fx.t.db.$count(diamonds, and(eq(diamonds.source, 'nivoda'), eq(diamonds.certificate, labStone.certNumber), eq(diamonds.isLab, true)))).toBe(1);
  });

  it('syncs gemstones through the Gemstones service (gemstones_by_query), leaving the diamonds as they were', async () => {
    const diamondsBefore = await fx.t.db.$count(diamonds, eq(diamonds.isGemstone, false));
    const started = await post('/api/nivoda-services/gemstone/start', { mode: 'full' });
    expect(started.statusCode, started.body).toBe(202);
    const job = await finished(started.json().jobId);
    expect(job.status, job.error ?? '').toBe('succeeded');

    const offered = nivoda.inventory.indicesOf('gemstone').length;
    expect(offered).toBeGreaterThan(5);
    expect(await fx.t.db.$count(diamonds, and(eq(diamonds.source, 'nivoda'), eq(diamonds.isGemstone, true)))).toBe(offered);
    // A gemstone's full sync sweeps gemstones only: the natural stones and the pulled lab stone stay on offer.
    expect(await fx.t.db.$count(diamonds, and(eq(diamonds.isGemstone, false), eq(diamonds.isUnavailable, false)))).toBe(diamondsBefore);
    const [run] = ((await get('/api/nivoda-logs')).json() as { items: FeedRunRecord[] }).items;
    expect(run).toMatchObject({ kind: 'gemstone', serviceName: 'Gemstones', download: 'done', insertInDatabase: 'done', added: offered, totalCount: offered, errorMessage: null });

    // The service screen counts each kind apart: a gemstone is not counted as a natural or lab diamond.
    const { services } = (await get('/api/nivoda-services')).json() as { services: ImportServiceRecord[] };
    expect(services.map((service) => [service.name, service.label, service.stoneCount])).toEqual([
      ['natural', 'Natural Diamonds', nivoda.inventory.indicesOf('natural').length],
      ['lab', 'Lab Grown Diamonds', 1],
      ['gemstone', 'Gemstones', offered],
    ]);
    expect(services.find((service) => service.name === 'gemstone')).toMatchObject({ isEnabled: true, lastRun: { kind: 'gemstone' } });
    expect(services.find((service) => service.name === 'gemstone')!.lastSuccessAt).not.toBeNull();
  });

  it('logs a run that Nivoda refuses (a wrong password) as failed, with its reason, and keeps the stones', async () => {
    const before = await fx.t.db.$count(diamonds);
    await saveSettings({ username: nivoda.username, password: 'not-the-password', endpoint: nivoda.endpoint });
    const started = await post('/api/nivoda-services/lab/start', { mode: 'full' });
    const job = await finished(started.json().jobId);
    expect(job.status).toBe('failed');
    const [run] = ((await get('/api/nivoda-logs')).json() as { items: FeedRunRecord[] }).items;
    expect(run).toMatchObject({ kind: 'lab', download: 'failed' });
    expect(run!.errorMessage).toBeTruthy();
    expect(await fx.t.db.$count(diamonds)).toBe(before);
  });

  const storedPassword = async () => (await fx.t.db.select({ password: diamondFeedCredentials.password }).from(diamondFeedCredentials))[0]?.password;
  /** How many rows of the whole database hold `text` anywhere, table by table (each row as PostgreSQL writes it out). */
  const rowsHolding = async (text: string) => {
    const tables = (await fx.t.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)) as unknown as { rows: { table_name: string }[] };
    const found: Record<string, number> = {};
    for (const { table_name: name } of tables.rows) {
      const counted = (await fx.t.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)} t where strpos(t::text, ${text}) > 0`)) as unknown as { rows: { n: number }[] };
      if (counted.rows[0]!.n > 0) found[name] = counted.rows[0]!.n;
    }
    return found;
  };

  it('stores the password encrypted with the secret key: no table of the database holds it in clear', async () => {
    const saved = await saveSettings({ username: nivoda.username, password: nivoda.password, endpoint: nivoda.endpoint });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = await storedPassword();
    expect(isEncryptedSecret(stored!)).toBe(true);
    expect(decryptSecret(TEMPLATE_BOOTSTRAP.secretKey, stored!)).toBe(nivoda.password);
    expect(await rowsHolding(nivoda.password)).toEqual({});
    // And the feed still signs in with it.
    const authentications = nivoda.stats.authentications;
    const pulled = await post('/api/diamonds/pull', { certificate: nivoda.inventory.stone(nivoda.inventory.indicesOf('natural')[1]!)!.certNumber });
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(nivoda.stats.authentications).toBe(authentications + 1);
  });

  it('reads a password an older version stored in clear, and encrypts it at start-up', async () => {
    await fx.t.db.update(diamondFeedCredentials).set({ password: nivoda.password });
    const started = await post('/api/nivoda-services/natural/start', { mode: 'incremental' });
    expect(started.statusCode, started.body).toBe(202);
    expect((await finished(started.json().jobId)).status).toBe('succeeded');
    await encryptClearFeedPassword(fx.t.db, TEMPLATE_BOOTSTRAP.secretKey);
    expect(decryptSecret(TEMPLATE_BOOTSTRAP.secretKey, (await storedPassword())!)).toBe(nivoda.password);
    expect(await rowsHolding(nivoda.password)).toEqual({});
  });

  it('answers a password written with another secret key (the key changed) with a 409 that says to enter it again', async () => {
    expect((await saveSettings({ username: nivoda.username, password: nivoda.password, endpoint: nivoda.endpoint })).statusCode).toBe(200);
    const saved = await storedPassword();
    await fx.t.db.update(diamondFeedCredentials).set({ password: encryptSecret(Buffer.alloc(32, 0x11), nivoda.password) });
    const started = await post('/api/nivoda-services/natural/start', { mode: 'incremental' });
    expect(started.statusCode, started.body).toBe(409);
    expect(started.json().error.message).toBe(DIAMOND_MESSAGES.feedPasswordUnreadable);
    await fx.t.db.update(diamondFeedCredentials).set({ password: saved! });
  });

  it('clears the stored password when the endpoint moves to another origin, so no login reaches the new host', async () => {
    const other = await startFakeNivoda({ stones: 20, seed: 5, username: nivoda.username, password: nivoda.password });
    try {
      expect((await saveSettings({ username: nivoda.username, password: nivoda.password, endpoint: nivoda.endpoint })).json().passwordIsSet).toBe(true);
      // Another path on the same origin keeps it.
      const samePlace = `${new URL(nivoda.endpoint).origin}/graphql-v2`;
      expect((await saveSettings({ username: nivoda.username, password: '', endpoint: samePlace })).json().passwordIsSet).toBe(true);
      // Another port is another origin: the password given for the old one is gone.
      const moved = await saveSettings({ username: nivoda.username, password: '', endpoint: other.endpoint });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ endpoint: other.endpoint, passwordIsSet: false });
      expect(await storedPassword()).toBe('');
      const started = await post('/api/nivoda-services/natural/start', { mode: 'incremental' });
      expect(started.statusCode).toBe(409);
      expect(started.json().error.message).toBe(DIAMOND_MESSAGES.feedNotConfigured);
      expect(other.stats.requests).toBe(0);
      // Entered again for the new host, it is used there.
      expect((await saveSettings({ username: nivoda.username, password: nivoda.password, endpoint: other.endpoint })).json().passwordIsSet).toBe(true);
      const pulled = await post('/api/diamonds/pull', { certificate: other.inventory.stone(other.inventory.indicesOf('natural')[0]!)!.certNumber });
      expect(pulled.statusCode, pulled.body).toBe(200);
      expect(other.stats.authentications).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('refuses an http:// endpoint other than this machine, and writes nothing', async () => {
    const before = await fx.t.db.select().from(diamondFeedCredentials);
    for (const endpoint of ['http://integrations.nivoda.net/api/diamonds', 'http://127.0.0.1.example.com/graphql', 'http://10.0.0.8/graphql']) {
      const refused = await saveSettings({ username: nivoda.username, password: nivoda.password, endpoint });
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json().error.issues, endpoint).toEqual([{ path: ['endpoint'], message: DIAMOND_MESSAGES.feedEndpointNotHttps }]);
    }
    expect(await fx.t.db.select().from(diamondFeedCredentials)).toEqual(before);
  });

  it('sends no login to a plain http:// endpoint an older version saved', async () => {
    expect((await saveSettings({ username: nivoda.username, password: nivoda.password, endpoint: nivoda.endpoint })).statusCode).toBe(200);
    await fx.t.db.update(diamondFeedCredentials).set({ endpoint: 'http://feeds.example.com/graphql' });
    for (const [url, payload] of [['/api/nivoda-services/natural/start', { mode: 'incremental' }], ['/api/diamonds/pull', { certificate: '2000000001' }]] as const) {
      const refused = await post(url, payload);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.message).toBe(DIAMOND_MESSAGES.feedEndpointNotHttps);
    }
  });
});
