import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DropboxTokenSource } from './dropbox-client.ts';
import { DropboxError, createDropboxClient, dropboxContentHash, headerSafeJson } from './dropbox-client.ts';
import type { FakeDropbox } from './fake-dropbox.ts';
import { startFakeDropbox } from './fake-dropbox.ts';

/** Dropbox's API v2 as the image sync speaks it, against a local fake that speaks it too. */
describe('the Dropbox adapter against a local Dropbox', () => {
  let fake: FakeDropbox;
  const waits: number[] = [];
  let client: ReturnType<typeof createDropboxClient>;
  let refreshToken: string;
  let accessToken: string;
  let refreshes = 0;
  const tokens: DropboxTokenSource = {
    accessToken: async () => accessToken,
    async refresh() {
      refreshes += 1;
      accessToken = (await client.refresh({ appKey: fake.appKey, appSecret: fake.appSecret, refreshToken })).accessToken;
      return accessToken;
    },
  };

  beforeAll(async () => {
    fake = await startFakeDropbox();
    client = createDropboxClient(fake.endpoints, { wait: async (ms) => void waits.push(ms) });
    // The OAuth code flow: the authorisation page sends the browser back with a code, exchanged for both tokens.
    const redirectUri = 'http://localhost:5173/dropboximagesync';
    const authorize = new URL(client.authorizationUrl({ appKey: fake.appKey, redirectUri, state: 's1' }));
    expect(authorize.pathname).toBe('/oauth2/authorize');
    expect(Object.fromEntries(authorize.searchParams)).toEqual({ client_id: fake.appKey, response_type: 'code', token_access_type: 'offline', redirect_uri: redirectUri, state: 's1' });
    const page = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(page.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('s1');
    const issued = await client.exchangeCode({ appKey: fake.appKey, appSecret: fake.appSecret, code: back.searchParams.get('code')!, redirectUri });
    expect(issued).toMatchObject({ expiresInSeconds: 14_400 });
    expect(issued.refreshToken).toBeTruthy();
    refreshToken = issued.refreshToken!;
    accessToken = issued.accessToken;
  });
  afterAll(() => fake?.close());

  it('refuses a code used twice and a wrong secret with Dropbox\'s own words', async () => {
    await expect(client.exchangeCode({ appKey: fake.appKey, appSecret: fake.appSecret, code: 'nope', redirectUri: 'http://x/' })).rejects.toThrow("code doesn't exist or has expired");
    await expect(client.refresh({ appKey: fake.appKey, appSecret: 'wrong', refreshToken })).rejects.toThrow('Invalid client_id or client_secret');
  });

  it('lists a folder recursively in pages, then continues from the cursor with only what changed', async () => {
    fake.pageSize = 2;
    for (const name of ['a.png', 'b.png', 'sub/c.png', 'sub/deeper/d.png', 'e.png']) fake.putFile(`/Listing/${name}`, Buffer.from(name));
    fake.putFile('/Elsewhere/x.png', Buffer.from('x'));
    const seen: string[] = [];
    let page = await client.listFolder(tokens, '/Listing');
    seen.push(...page.entries.map((entry) => entry.pathLower));
    let pages = 1;
    while (page.hasMore) {
      page = await client.listFolderContinue(tokens, page.cursor);
      seen.push(...page.entries.map((entry) => entry.pathLower));
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual(['/listing/a.png', '/listing/b.png', '/listing/e.png', '/listing/sub/c.png', '/listing/sub/deeper/d.png']);
    const first = (await client.listFolder(tokens, '/Listing')).entries[0]!;
    expect(first).toEqual({ tag: 'file', name: 'a.png', pathLower: '/listing/a.png', contentHash: dropboxContentHash(Buffer.from('a.png')), size: 5 });

    fake.putFile('/Listing/b.png', Buffer.from('b changed'));
    fake.deleteFile('/Listing/e.png');
    const changed = await client.listFolderContinue(tokens, page.cursor);
    expect(changed.entries.map((entry) => [entry.tag, entry.pathLower])).toEqual([
      ['file', '/listing/b.png'],
      ['deleted', '/listing/e.png'],
    ]);
    expect(changed.entries[0]!.contentHash).toBe(dropboxContentHash(Buffer.from('b changed')));
    fake.pageSize = 100;
  });

  it('downloads with the argument in the Dropbox-API-Arg header, non-ASCII escaped as \\uXXXX', async () => {
    fake.putFile('/Bagues/Émeraude_2.png', Buffer.from('emerald'));
    expect(headerSafeJson({ path: '/bagues/émeraude_2.png' })).toBe('{"path":"/bagues/\\u00e9meraude_2.png"}');
    const bytes = await client.download(tokens, '/bagues/émeraude_2.png', 1000);
    expect(bytes?.toString()).toBe('emerald');
    const call = fake.calls.filter((entry) => entry.path === '/2/files/download').at(-1)!;
    expect(call.arg).toBe('{"path":"/bagues/\\u00e9meraude_2.png"}');
    // More than the limit is not read whole.
    expect(await client.download(tokens, '/bagues/émeraude_2.png', 3)).toBeNull();
  });

  it('refreshes an expired access token once and repeats the call', async () => {
    fake.putFile('/Expiry/a.png', Buffer.from('a'));
    const before = refreshes;
    const old = accessToken;
    fake.expireAccessTokens();
    const page = await client.listFolder(tokens, '/Expiry');
    expect(page.entries).toHaveLength(1);
    expect(refreshes).toBe(before + 1);
    expect(accessToken).not.toBe(old);
    // A token Dropbox refuses for another reason is not refreshed: its error is the caller's.
    const bad: DropboxTokenSource = { accessToken: async () => 'not-a-token', refresh: tokens.refresh };
    await expect(client.listFolder(bad, '/Expiry')).rejects.toThrow('invalid_access_token');
    expect(refreshes).toBe(before + 1);
  });

  it('answers a 409 path/not_found as a not-found error', async () => {
    const error = await client.listFolder(tokens, '/No Such Folder').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DropboxError);
    expect((error as DropboxError).isNotFound).toBe(true);
    expect((error as DropboxError).message).toMatch(/^path\/not_found/);
    const gone = await client.download(tokens, '/nothing/here.png', 100).catch((caught: unknown) => caught);
    expect((gone as DropboxError).isNotFound).toBe(true);
  });

  it('waits as long as a 429 Retry-After says, then tries again', async () => {
    fake.putFile('/Busy/a.png', Buffer.from('a'));
    waits.length = 0;
    fake.rateLimitNext(2, 3);
    const page = await client.listFolder(tokens, '/Busy');
    expect(page.entries).toHaveLength(1);
    expect(waits).toEqual([3000, 3000]);
    fake.rateLimitNext(1, 1);
    expect((await client.download(tokens, '/busy/a.png', 10))?.toString()).toBe('a');
    expect(waits).toEqual([3000, 3000, 1000]);
  });
});
