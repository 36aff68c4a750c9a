import path from 'node:path';
import { EXPORT_JOB_THRESHOLD } from '@facet/contract/modules/jobs/job.schema';
import { DROPBOX_ENDPOINTS } from './integrations/dropbox/dropbox-client.ts';
import type { DropboxEndpoints } from './integrations/dropbox/dropbox-client.ts';
import { INSTAGRAM_ENDPOINTS } from './integrations/instagram/instagram-client.ts';
import type { InstagramEndpoints } from './integrations/instagram/instagram-client.ts';
import { SMTP_TIMEOUT_MS, parseSmtpUrl } from './integrations/smtp/smtp-transport.ts';

/** Settings read once from the environment (DESIGN §7). */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Uploaded media files (local storage): `DATA_DIR/media`. */
  mediaDir: string;
  /** Files that jobs produce (large exports): `DATA_DIR/exports`, each kept for EXPORT_RETENTION_HOURS. */
  exportsDir: string;
  /** An export of more rows than this runs as a job (EXPORT_JOB_THRESHOLD, default 50,000; tests set a small one). */
  exportJobThreshold: number;
  /** S3-compatible media storage; when set, uploads go there instead of `mediaDir`. */
  s3: S3Settings | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  /** Seed demo data on an empty database. Defaults to on for the embedded database. */
  demoData: boolean;
  siteUrl: string;
  redisUrl: string | undefined;
  /** Prefix of the storefront cache's Redis keys (REDIS_KEY_PREFIX, default `facet:cache`): shops sharing a Redis keep apart. */
  redisKeyPrefix: string;
  /**
   * Requests one storefront API key may make per window (STOREFRONT_RATE_LIMIT, default 300) and the
   * window (STOREFRONT_RATE_WINDOW_SECONDS, default 60): over it, 429 with Retry-After.
   */
  storefrontRateLimit: number;
  storefrontRateWindowSeconds: number;
  /**
   * Storefront requests one client address may make per window (STOREFRONT_ADDRESS_RATE_LIMIT,
   * default 600), counted before the key is looked up: made-up keys cost a database lookup each and
   * have no key to count against.
   */
  storefrontAddressRateLimit: number;
  /** The built SPA to serve, when present. */
  webDistDir: string;
  /** Analytics report shown at /analytics inside a frame. */
  analyticsUrl: string;
  appVersion: string;
  logLevel: string;
  /**
   * Which proxies in front of the app to believe about the client's address and scheme: `false`
   * (none, the socket's peer is the client), a hop count, or a list of proxy addresses/CIDRs.
   * Never "trust everything": a client could then write any address into X-Forwarded-For.
   */
  trustProxy: TrustProxy;
  /**
   * DIAMOND_FEED=generated:<stones per kind>: syncs and Pull Diamond read a generated feed of made-up
   * stones (a demo machine without Nivoda, the kill test). Unset: the configured feed, if any.
   */
  diamondFeed: string | undefined;
  /**
   * The key that encrypts secrets at rest and keys HMACs (FACET_SECRET_KEY: 32 bytes as 64 hex
   * characters or base64). Unset: `secretKeyOf` reads, or on first use creates, `DATA_DIR/secret.key`.
   */
  secretKey: Buffer | undefined;
  /**
   * Where Klaviyo's REST API is (KLAVIYO_BASE_URL, default https://a.klaviyo.com): a fake Klaviyo's
   * loopback address in tests and journeys. The private key and list id are settings (Newsletter >
   * Klaviyo Settings), never the environment's.
   */
  klaviyoBaseUrl: string;
  /**
   * Where customer e-mail goes out (SMTP_URL: `smtp://user:password@host:587` with STARTTLS, or
   * `smtps://...:465`). Unset: mails are kept in the outbox, shown as not sent, and go out once it is set.
   */
  smtpUrl: string | undefined;
  /** How often the mail sender looks for mail due to go out (MAIL_POLL_MS, default 2,000). */
  mailPollMs: number;
  /** The first retry's delay after a failed send (MAIL_RETRY_MS, default 30,000); each next one doubles, at most an hour. */
  mailRetryMs: number;
  /**
   * A sender's claim on a mail while it talks to the SMTP server (MAIL_LEASE_MS, default 120,000):
   * on PostgreSQL a mail whose sender died is sent again once its claim has run out.
   */
  mailLeaseMs: number;
  /**
   * Instagram's three origins (INSTAGRAM_AUTHORIZE_URL, INSTAGRAM_API_URL, INSTAGRAM_GRAPH_URL):
   * Instagram's own unless set; tests and the browser journeys point them at a local fake.
   */
  instagram: InstagramEndpoints;
  /**
   * Dropbox's three origins (DROPBOX_AUTHORIZE_URL, DROPBOX_API_URL, DROPBOX_CONTENT_URL): Dropbox's
   * own unless set; tests and the browser journeys point them at a local fake.
   */
  dropbox: DropboxEndpoints;
}

export type TrustProxy = false | number | string[];

export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset for AWS itself; the address of MinIO, R2, Spaces... otherwise. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`), as most S3-compatible services want. */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, e.g. `media/`. */
  prefix: string;
}

/** S3_BUCKET switches S3 storage on; the keys are then required. */
function readS3(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too.');
  }
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'eu-west-2',
    endpoint: env.S3_ENDPOINT || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: readBoolean(env.S3_FORCE_PATH_STYLE) ?? Boolean(env.S3_ENDPOINT),
    prefix: env.S3_PREFIX ?? '',
  };
}

function readBoolean(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/**
 * TRUST_PROXY: unset, empty or `0` trusts no proxy; a whole number N trusts the N nearest hops (with
 * one, the client is the right-most X-Forwarded-For entry); otherwise a comma-separated list of proxy
 * addresses or CIDRs (`10.0.0.1, 10.1.0.0/16`, or proxy-addr's names `loopback`, `uniquelocal`).
 * `true`/`*` are refused: trusting every hop lets any client choose its own address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`TRUST_PROXY=${text}: more than 10 proxy hops is surely a mistake; give the hop count or the proxies' addresses.`);
    return hops;
  }
  if (['true', '*', 'yes', 'on', 'all'].includes(text.toLowerCase())) {
    throw new Error(`TRUST_PROXY=${text} would trust every X-Forwarded-For hop, so any client could pick its own address: give the hop count (usually 1) or the proxies' addresses.`);
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const ADDRESS = /^(loopback|linklocal|uniquelocal|[0-9a-f:.]+(\/\d{1,3})?)$/i;
  const invalid = entries.filter((entry) => !ADDRESS.test(entry));
  if (invalid.length) throw new Error(`TRUST_PROXY: not a proxy address or CIDR: ${invalid.join(', ')}.`);
  return entries;
}

/** A whole number from 1, or the default when unset; anything else stops the server at start-up. */
function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new Error(`${name}: a whole number from 1 expected, got ${value}.`);
  return Number(value);
}

/** FACET_SECRET_KEY as 32 bytes; anything else stops the server at start-up. */
export function parseSecretKey(value: string | undefined): Buffer | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('FACET_SECRET_KEY: 32 bytes expected, as 64 hex characters or base64 (openssl rand -hex 32).');
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    exportsDir: path.join(dataDir, 'exports'),
    exportJobThreshold: Number(env.EXPORT_JOB_THRESHOLD ?? EXPORT_JOB_THRESHOLD),
    s3: readS3(env),
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: readBoolean(env.DEMO_DATA) ?? databaseUrl === undefined,
    siteUrl: env.SITE_URL ?? 'http://localhost:3000',
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'facet:cache',
    diamondFeed: env.DIAMOND_FEED || undefined,
    storefrontRateLimit: positiveInt(env.STOREFRONT_RATE_LIMIT, 300, 'STOREFRONT_RATE_LIMIT'),
    storefrontRateWindowSeconds: positiveInt(env.STOREFRONT_RATE_WINDOW_SECONDS, 60, 'STOREFRONT_RATE_WINDOW_SECONDS'),
    storefrontAddressRateLimit: positiveInt(env.STOREFRONT_ADDRESS_RATE_LIMIT, 600, 'STOREFRONT_ADDRESS_RATE_LIMIT'),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    analyticsUrl: env.ANALYTICS_URL ?? 'https://lookerstudio.google.com/embed/reporting/facet-demo',
    appVersion: env.APP_VERSION ?? '1.0.0',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    secretKey: parseSecretKey(env.FACET_SECRET_KEY),
    klaviyoBaseUrl: env.KLAVIYO_BASE_URL || 'https://a.klaviyo.com',
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailPollMs: positiveInt(env.MAIL_POLL_MS, 2_000, 'MAIL_POLL_MS'),
    mailRetryMs: positiveInt(env.MAIL_RETRY_MS, 30_000, 'MAIL_RETRY_MS'),
    mailLeaseMs: positiveInt(env.MAIL_LEASE_MS, 4 * SMTP_TIMEOUT_MS, 'MAIL_LEASE_MS'),
    instagram: {
      authorizeUrl: env.INSTAGRAM_AUTHORIZE_URL || INSTAGRAM_ENDPOINTS.authorizeUrl,
      apiUrl: env.INSTAGRAM_API_URL || INSTAGRAM_ENDPOINTS.apiUrl,
      graphUrl: env.INSTAGRAM_GRAPH_URL || INSTAGRAM_ENDPOINTS.graphUrl,
    },
    dropbox: {
      authorizeUrl: env.DROPBOX_AUTHORIZE_URL || DROPBOX_ENDPOINTS.authorizeUrl,
      apiUrl: env.DROPBOX_API_URL || DROPBOX_ENDPOINTS.apiUrl,
      contentUrl: env.DROPBOX_CONTENT_URL || DROPBOX_ENDPOINTS.contentUrl,
    },
  };
}
