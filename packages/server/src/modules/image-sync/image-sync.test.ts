import { IMAGE_SYNC_MESSAGES, IMAGE_SYNC_SETTING_KEYS as KEYS } from '@facet/contract/modules/image-sync/image-sync.schema';
import type { ImageSyncState } from '@facet/contract/modules/image-sync/image-sync.schema';
import { MESSAGES } from '@facet/contract/messages';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDropbox } from '../../integrations/dropbox/fake-dropbox.ts';
import { startFakeDropbox } from '../../integrations/dropbox/fake-dropbox.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp, jobWhenEnded } from '../../test/test-app.ts';
import { testImage, uploadProductMedia } from '../../test/upload.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';
import { products } from '../products/product.table.ts';
import { settings } from '../settings/setting.table.ts';
import { IMAGE_SYNC_JOB_KIND } from './image-sync.service.ts';
import { imageSyncFiles } from './image-sync.table.ts';

/** A test app of its own talking to a local Dropbox of its own, and the admin's session. */
function useLocalDropbox() {
  const fixture = {} as { fake: FakeDropbox; t: TestApp; admin: string };
  beforeAll(async () => {
    fixture.fake = await startFakeDropbox();
    fixture.t = await createTestApp({ dropbox: fixture.fake.endpoints });
    fixture.admin = await fixture.t.login();
  });
  afterAll(async () => {
    await fixture.t?.close();
    await fixture.fake?.close();
  });
  return fixture;
}

/** The shop's app (the local Dropbox's key and secret), set as staff set it in Settings. */
async function saveDropboxApp({ t, admin, fake }: ReturnType<typeof useLocalDropbox>) {
  for (const [key, value] of [
    [KEYS.appKey, fake.appKey],
    [KEYS.appSecret, fake.appSecret],
  ] as const) {
    const saved = await t.request(admin, { method: 'POST', url: '/api/settings', payload: { title: key, key, value } });
    expect(saved.statusCode, saved.body).toBe(201);
  }
}

/** Connect started as `cookie`: Dropbox's authorisation page (the local one approves at once) and where it sends the browser back. */
async function authoriseAs(t: TestApp, cookie: string) {
  const started = await t.request(cookie, { method: 'POST', url: '/api/image-sync/authorization' });
  expect(started.statusCode, started.body).toBe(200);
  const page = await fetch(started.json().url as string, { redirect: 'manual' });
  expect(page.status).toBe(302);
  const back = new URL(page.headers.get('location')!);
  return { authorizeUrl: new URL(started.json().url as string), back, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

/** Dropbox image sync (/dropboximagesync, issue 27 items 9-10) against a local Dropbox. */
describe('Dropbox image sync against a local Dropbox', () => {
  const fx = useLocalDropbox();
  let fake: FakeDropbox;
  let t: TestApp;
  let admin: string;
  beforeAll(() => ({ fake, t, admin } = fx));

  const state = async (cookie = admin) => (await t.request(cookie, { method: 'GET', url: '/api/image-sync' })).json() as ImageSyncState;
  const storedRow = async (key: string) => (await t.db.select().from(settings).where(eq(settings.key, key)))[0];
  const authorise = (cookie = admin) => authoriseAs(t, cookie);
  const connect = (body: { code: string; state: string }, cookie = admin) => t.request(cookie, { method: 'POST', url: '/api/image-sync/connection', payload: body });
  async function sync(): Promise<JobRecord> {
    const started = await t.request(admin, { method: 'POST', url: '/api/image-sync/sync' });
    expect(started.statusCode, started.body).toBe(202);
    return jobWhenEnded(t, admin, started.json().jobId as number);
  }
  const library = async (sku: string) =>
    ((await t.request(admin, { method: 'GET', url: '/api/product-media', query: { sku, kind: 'image' } })).json() as { items: { name: string; contentType: string; url: string }[] }).items;
  const downloads = () => fake.calls.filter((call) => call.path === '/2/files/download').length;

  it('refuses to connect until the app key and secret are set, and says where to set them', async () => {
    const response = await t.request(admin, { method: 'POST', url: '/api/image-sync/authorization' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(IMAGE_SYNC_MESSAGES.notConfigured);
    expect((await t.request(admin, { method: 'POST', url: '/api/image-sync/sync' })).statusCode).toBe(409);
    expect(await state()).toMatchObject({ isConfigured: false, isConnected: false, folder: '/Product Images', lastSyncAt: null, jobId: null });
  });

  it('sends staff to Dropbox (offline access, state) and stores both tokens encrypted with the expiry', async () => {
    await saveDropboxApp(fx);
    const { authorizeUrl, back, code, state: oauthState } = await authorise();
    expect(authorizeUrl.pathname).toBe('/oauth2/authorize');
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({ client_id: fake.appKey, response_type: 'code', token_access_type: 'offline', redirect_uri: 'http://localhost:80/dropboximagesync' });
    expect(back.pathname).toBe('/dropboximagesync');
    expect(authorizeUrl.toString()).not.toContain(fake.appSecret);

    const before = Date.now();
    const response = await connect({ code, state: oauthState });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(IMAGE_SYNC_MESSAGES.connected);
    const connected = response.json().state as ImageSyncState;
    expect(connected).toMatchObject({ isConfigured: true, isConnected: true });
    // now + expires_in (4 hours), document 3 §7.
    expect(new Date(connected.expiresAt!).getTime()).toBeGreaterThanOrEqual(before + 14_400_000 - 1000);
    expect(new Date(connected.expiresAt!).getTime()).toBeLessThanOrEqual(Date.now() + 14_400_000);

    const [live] = fake.liveAccessTokens();
    for (const key of [KEYS.accessToken, KEYS.refreshToken, KEYS.appSecret]) {
      const row = await storedRow(key);
      expect(row, key).toMatchObject({ isSecret: true });
      expect(row!.value).not.toBe('');
    }
    expect((await storedRow(KEYS.accessToken))!.value).not.toContain(live!);
    const listed = JSON.stringify((await t.request(admin, { method: 'GET', url: '/api/settings', query: { search: 'dropbox' } })).json());
    expect(listed).not.toContain(live!);
    expect(listed).not.toContain(fake.appSecret);
    expect(JSON.stringify(connected)).not.toContain(live!);
  });

  it("refuses a return whose state is another session's or tampered, and stores nothing", async () => {
    const tokenBefore = (await storedRow(KEYS.accessToken))!.value;
    const refreshBefore = (await storedRow(KEYS.refreshToken))!.value;
    const other = await t.createUserWith(['products']);
    const theirs = await authorise(other.cookie);
    const refused = await connect({ code: theirs.code, state: theirs.state });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([{ path: ['state'], message: IMAGE_SYNC_MESSAGES.stateMismatch }]);
    const mine = await authorise();
    const [issuedAt, nonce, signature] = mine.state.split('.');
    expect((await connect({ code: mine.code, state: `${issuedAt}.${nonce}.${signature!.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))}` })).statusCode).toBe(400);
    expect((await storedRow(KEYS.accessToken))!.value).toBe(tokenBefore);
    expect((await storedRow(KEYS.refreshToken))!.value).toBe(refreshBefore);
    // A code Dropbox refuses is a 422 with its words, nothing stored.
    const bad = await connect({ code: 'used-code', state: mine.state });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.message).toBe(IMAGE_SYNC_MESSAGES.refused("code doesn't exist or has expired"));
    expect((await storedRow(KEYS.accessToken))!.value).toBe(tokenBefore);
  });

  it('syncs two images onto a product, reports an unmatched name and a rejected file, and continues from the cursor', async () => {
    const set = await t.request(admin, { method: 'POST', url: '/api/attribute-sets', payload: { name: 'Sync rings', status: true, groups: [{ name: 'General', isDefault: true, attributeIds: [] }] } });
    const setId = set.json().id as number;
    const [ring] = await t.db.insert(products).values({ attributeSetId: setId, name: 'Sync ring', sku: 'SYNC-RING', modelNumber: 'SYNC-RING', isConfigured: true }).returning({ id: products.id });
    await t.db.insert(products).values({ attributeSetId: setId, name: 'Sync ring', sku: 'SYNC-RING-AB12', modelNumber: 'SR-GOLD', optionKey: 'o1', parentProductId: ring!.id });

    fake.putFile('/Product Images/SYNC-RING.jpg', await testImage('jpeg'));
    fake.putFile('/Product Images/rings/SYNC-RING_2.png', await testImage('png'));
    fake.putFile('/Product Images/NO-SUCH-SKU.jpg', await testImage('jpeg'));
    fake.putFile('/Product Images/SYNC-RING_3.jpg', Buffer.from('not an image at all'));
    fake.putFile('/Other Folder/SYNC-RING_9.jpg', await testImage('jpeg'));

    const job = await sync();
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(job.result).toMatchObject({ matched: 2, unmatched: 1, rejected: 1 });
    const images = await library('SYNC-RING');
    expect(images.map((image) => image.name).sort()).toEqual(['SYNC-RING.jpg', 'SYNC-RING_2.png']);
    // Through the pipeline: re-encoded, typed by its bytes.
    expect(images.map((image) => image.contentType).sort()).toEqual(['image/jpeg', 'image/png']);

    const after = await state();
    expect(after.lastSyncAt).not.toBeNull();
    expect(after.jobId).toBe(job.id);
    expect(after.report.counts).toEqual({ matched: 2, unmatched: 1, rejected: 1, removed: 0, kept: 0 });
    expect(after.report.files.find((file) => file.outcome === 'unmatched')).toMatchObject({ name: 'NO-SUCH-SKU.jpg', sku: 'NO-SUCH-SKU', reason: IMAGE_SYNC_MESSAGES.unmatched('NO-SUCH-SKU') });
    expect(after.report.files.find((file) => file.outcome === 'rejected')).toMatchObject({ name: 'SYNC-RING_3.jpg', reason: MESSAGES.fileFormatNotSupported });
    expect((await storedRow(KEYS.cursor))!.value).not.toBe('');

    // The next sync continues from the saved cursor: only the new file (a variant's model number) is read.
    fake.putFile('/Product Images/SR-GOLD.png', await testImage('png'));
    const listsBefore = fake.calls.filter((call) => call.path === '/2/files/list_folder').length;
    const downloadsBefore = downloads();
    const next = await sync();
    expect(next.status).toBe('succeeded');
    expect(fake.calls.filter((call) => call.path === '/2/files/list_folder').length).toBe(listsBefore);
    expect(downloads()).toBe(downloadsBefore + 1);
    expect((await library('SYNC-RING-AB12')).map((image) => image.name)).toEqual(['SR-GOLD.png']);
    expect((await state()).report.counts).toEqual({ matched: 1, unmatched: 0, rejected: 0, removed: 0, kept: 0 });
  });

  it('redoes nothing already synced when the cursor was lost (a killed run), and refreshes an expired token', async () => {
    await t.db.update(settings).set({ value: '' }).where(eq(settings.key, KEYS.cursor));
    fake.expireAccessTokens();
    const downloadsBefore = downloads();
    const job = await sync();
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(downloads()).toBe(downloadsBefore);
    expect(job.result).toMatchObject({ matched: 0, unchanged: 5 });
    expect((await library('SYNC-RING')).length).toBe(2);
    expect(fake.liveAccessTokens().length).toBeGreaterThan(0);
  });

  it('takes out of the library the images of files deleted in Dropbox, never staff uploads, and keeps one a product shows', async () => {
    // Staff's own upload to the same library, and a variant showing its synced picture.
    const uploaded = await uploadProductMedia(t, admin, { sku: 'SYNC-RING', kind: 'image' }, { fileName: 'staff-photo.png', bytes: await testImage('png') });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [shown] = await library('SYNC-RING-AB12');
    await t.db.update(products).set({ baseImage: shown!.url }).where(eq(products.sku, 'SYNC-RING-AB12'));
    const removedUrl = (await library('SYNC-RING')).find((image) => image.name === 'SYNC-RING_2.png')!.url;

    fake.deleteFile('/Product Images/rings/SYNC-RING_2.png');
    fake.deleteFile('/Product Images/SR-GOLD.png');
    fake.deleteFile('/Product Images/NO-SUCH-SKU.jpg');
    const job = await sync();
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(job.result).toMatchObject({ matched: 0, removed: 1, kept: 1 });
    expect((await library('SYNC-RING')).map((image) => image.name).sort()).toEqual(['SYNC-RING.jpg', 'staff-photo.png']);
    expect((await library('SYNC-RING-AB12')).map((image) => image.name)).toEqual(['SR-GOLD.png']);
    // The removed image's file went with it.
    expect((await t.request(undefined, { method: 'GET', url: removedUrl })).statusCode).toBe(404);
    const report = (await state()).report;
    expect(report.counts).toEqual({ matched: 0, unmatched: 0, rejected: 0, removed: 1, kept: 1 });
    expect(report.files).toEqual([
      expect.objectContaining({ name: 'SR-GOLD.png', outcome: 'kept', reason: IMAGE_SYNC_MESSAGES.keptInUse }),
      expect.objectContaining({ name: 'SYNC-RING_2.png', outcome: 'removed', reason: IMAGE_SYNC_MESSAGES.removed }),
    ]);
    // A file that never became an image is forgotten.
    expect(await t.db.$count(imageSyncFiles, eq(imageSyncFiles.name, 'NO-SUCH-SKU.jpg'))).toBe(0);

    // Put back, even unchanged, it is synced again; then its whole folder deleted (one entry, the folder's) takes it out again.
    fake.putFile('/Product Images/rings/SYNC-RING_2.png', await testImage('png'));
    expect((await sync()).result).toMatchObject({ matched: 1 });
    expect((await library('SYNC-RING')).map((image) => image.name).sort()).toEqual(['SYNC-RING.jpg', 'SYNC-RING_2.png', 'staff-photo.png']);
    fake.deleteFolder('/Product Images/rings');
    expect((await sync()).result).toMatchObject({ removed: 1, kept: 0 });
    expect((await library('SYNC-RING')).map((image) => image.name).sort()).toEqual(['SYNC-RING.jpg', 'staff-photo.png']);
  });

  it('fails the run with a clear message when the folder does not exist', async () => {
    const saved = await t.request(admin, { method: 'POST', url: '/api/settings', payload: { title: KEYS.folder, key: KEYS.folder, value: '/Missing' } });
    expect(saved.statusCode, saved.body).toBe(201);
    const job = await sync();
    expect(job.status).toBe('failed');
    expect(job.error).toBe(IMAGE_SYNC_MESSAGES.folderNotFound('/Missing'));
  });

  it('disconnects: tokens saved empty', async () => {
    const response = await t.request(admin, { method: 'DELETE', url: '/api/image-sync/connection' });
    expect(response.statusCode).toBe(200);
    expect(response.json().state).toMatchObject({ isConnected: false, expiresAt: null });
    expect((await storedRow(KEYS.refreshToken))!.value).toBe('');
    expect((await t.request(admin, { method: 'POST', url: '/api/image-sync/sync' })).json().error.message).toBe(IMAGE_SYNC_MESSAGES.notConnected);
  });

  it('is for staff with the products permission only', async () => {
    const routes = [
      { method: 'GET', url: '/api/image-sync' },
      { method: 'POST', url: '/api/image-sync/authorization' },
      { method: 'POST', url: '/api/image-sync/connection', payload: { code: 'x', state: 'y' } },
      { method: 'DELETE', url: '/api/image-sync/connection' },
      { method: 'POST', url: '/api/image-sync/sync' },
    ] as const;
    const sales = await t.createUserWith(['sales']);
    for (const route of routes) {
      expect((await t.request(undefined, route)).statusCode, `${route.method} ${route.url}`).toBe(401);
      expect((await t.request(sales.cookie, route)).statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

/**
 * Sync now pressed many times at once (two staff, a double click): one run is queued and every
 * press is answered its job. Meant for PostgreSQL (TEST_DATABASE_URL), where the requests really
 * overlap; on PGlite's one connection they take turns and must agree all the same.
 */
describe('Sync now at the same moment', () => {
  const fx = useLocalDropbox();
  let fake: FakeDropbox;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ fake, t, admin } = fx);
    await saveDropboxApp(fx);
    const { code, state } = await authoriseAs(t, admin);
    const connected = await t.request(admin, { method: 'POST', url: '/api/image-sync/connection', payload: { code, state } });
    expect(connected.statusCode, connected.body).toBe(200);
  });

  const syncNow = () => t.request(admin, { method: 'POST', url: '/api/image-sync/sync' });

  it('twenty Sync now at once queue one run, and each is answered its job', async () => {
    fake.putFile('/Product Images/RACE-1.jpg', await testImage('jpeg'));
    // The run waits on Dropbox (429, Retry-After 3 s), so it is still going while the presses arrive.
    fake.rateLimitNext(1, 3);
    const answers = await Promise.all(Array.from({ length: 20 }, syncNow));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 202));
    const jobIds = new Set(answers.map((answer) => answer.json().jobId as number));
    expect(jobIds.size).toBe(1);
    expect(await t.db.$count(jobRuns, eq(jobRuns.kind, IMAGE_SYNC_JOB_KIND))).toBe(1);
    const [jobId] = [...jobIds];
    expect((await t.request(admin, { method: 'GET', url: '/api/image-sync' })).json().jobId).toBe(jobId);

    const ended = await jobWhenEnded(t, admin, jobId!);
    expect(ended.status, JSON.stringify(ended)).toBe('succeeded');
    // Once it has ended, Sync now starts the next one.
    const next = await syncNow();
    expect(next.statusCode).toBe(202);
    expect(next.json().jobId).not.toBe(jobId);
    await jobWhenEnded(t, admin, next.json().jobId as number);
  });

  it('a Retry from the Job Centre while a run is queued or running starts none', async () => {
    // A failed run to retry: the folder is missing.
    const missing = await t.request(admin, { method: 'POST', url: '/api/settings', payload: { title: KEYS.folder, key: KEYS.folder, value: '/Missing' } });
    expect(missing.statusCode, missing.body).toBe(201);
    const failed = await jobWhenEnded(t, admin, (await syncNow()).json().jobId as number);
    expect(failed.status).toBe('failed');
    fake.rateLimitNext(1, 3);
    const running = (await syncNow()).json().jobId as number;
    const retried = await t.request(admin, { method: 'POST', url: `/api/jobs/${failed.id}/retry` });
    expect(retried.statusCode, retried.body).toBeLessThan(300);
    expect(retried.json().id).toBe(running);
    await jobWhenEnded(t, admin, running);
  });
});
