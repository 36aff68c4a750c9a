import path from 'node:path';

/** Settings read once from the environment (DESIGN §7). */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Uploaded media files (local storage): `DATA_DIR/media`. */
  mediaDir: string;
  adminUsername: string;
  adminPassword: string | undefined;
  /** Seed demo data on an empty database. Defaults to on for the embedded database. */
  demoData: boolean;
  siteUrl: string;
  redisUrl: string | undefined;
  /** The built SPA to serve, when present. */
  webDistDir: string;
  /** Analytics report shown at /analytics inside a frame. */
  analyticsUrl: string;
  appVersion: string;
  logLevel: string;
}

function readBoolean(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
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
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: readBoolean(env.DEMO_DATA) ?? databaseUrl === undefined,
    siteUrl: env.SITE_URL ?? 'http://localhost:3000',
    redisUrl: env.REDIS_URL || undefined,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    analyticsUrl: env.ANALYTICS_URL ?? 'https://lookerstudio.google.com/embed/reporting/facet-demo',
    appVersion: env.APP_VERSION ?? '1.0.0',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
