import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startFakeDropbox } from '../packages/server/src/integrations/dropbox/fake-dropbox.ts';
import { startFakeInstagram } from '../packages/server/src/integrations/instagram/fake-instagram.ts';
import { startFakeKlaviyo } from '../packages/server/src/integrations/klaviyo/fake-klaviyo.ts';
import { SERVER_NODE_ARGS, serverEnv } from '../packages/server/src/server-command.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_PASSWORD = 'admin-pass1';
/** A busy machine (several builds at once) may need longer: E2E_START_TIMEOUT_MS overrides. */
const START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_MS) || 60_000;

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, hasExited: () => boolean) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && !hasExited()) {
    const healthy = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(hasExited() ? 'The server exited during start-up.' : `The server did not answer /api/health within ${START_TIMEOUT_MS} ms.`);
}

/**
 * Starts the built app (API and SPA from packages/web/dist) on a free port with an empty embedded
 * database and demo data, and returns the teardown that stops it and removes the data.
 */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(REPO_ROOT, 'packages/web/dist/index.html'))) {
    throw new Error('packages/web/dist is missing: run `npm run build` first (npm run test:e2e does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-e2e-'));
  // The server registers the build's files at start; a snapshot keeps the run intact if someone rebuilds meanwhile.
  const webDistDir = path.join(dataDir, 'web-dist');
  fs.cpSync(path.join(REPO_ROOT, 'packages/web/dist'), webDistDir, { recursive: true });
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logPath = path.join(dataDir, 'server.log');
  // A fake Klaviyo for the newsletter journeys: the server talks to it (KLAVIYO_BASE_URL); a journey
  // enters its key under Klaviyo Settings. The demo itself has no Klaviyo configured.
  const klaviyo = await startFakeKlaviyo({ members: Array.from({ length: 30 }, (_, i) => `klaviyo.member${i + 1}@example.com`) });
  process.env.FAKE_KLAVIYO_KEY = klaviyo.apiKey;
  process.env.FAKE_KLAVIYO_LIST = klaviyo.listId;
  const log = fs.openSync(logPath, 'a');
  // Instagram for the token journey: a local fake that approves at once (the machine has no way out).
  const instagram = await startFakeInstagram();
  // Dropbox for the image sync journey: a local fake (the journey puts files in it through its own door).
  const dropbox = await startFakeDropbox();

  const server = spawn(process.execPath, [...SERVER_NODE_ARGS], {
    cwd: REPO_ROOT,
    env: serverEnv({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'data'),
      WEB_DIST_DIR: webDistDir,
      ADMIN_PASSWORD,
      DEMO_DATA: '1',
      DATABASE_URL: '',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Syncs and Pull Diamond read a generated feed (3,000 natural and 3,000 lab stones, 300 gemstones) instead of Nivoda.
      DIAMOND_FEED: 'generated:3000',
      INSTAGRAM_AUTHORIZE_URL: instagram.url,
      INSTAGRAM_API_URL: instagram.url,
      INSTAGRAM_GRAPH_URL: instagram.url,
      DROPBOX_AUTHORIZE_URL: dropbox.url,
      DROPBOX_API_URL: dropbox.url,
      DROPBOX_CONTENT_URL: dropbox.url,
      KLAVIYO_BASE_URL: klaviyo.url,
    }),
    stdio: ['ignore', log, log],
  });
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    server.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  try {
    await waitForHealth(baseUrl, () => exited);
  } catch (error) {
    server.kill('SIGTERM');
    await instagram.close();
    await dropbox.close();
    await klaviyo.close();
    console.error(fs.readFileSync(logPath, 'utf8').slice(-4000));
    throw error;
  }
  // Read by playwright.config.ts in the workers, which inherit this environment.
  process.env.FACET_BASE_URL = baseUrl;
  process.env.FAKE_DROPBOX_URL = dropbox.url;

  return async () => {
    if (!exited) {
      server.kill('SIGTERM');
      await Promise.race([exitedPromise, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (!exited) server.kill('SIGKILL');
    }
    await instagram.close();
    await dropbox.close();
    await klaviyo.close();
    fs.closeSync(log);
    // E2E_KEEP_DATA=1 keeps the data folder and the server's log for a look after a failure.
    if (process.env.E2E_KEEP_DATA) console.log(`Kept the server's data and log in ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
