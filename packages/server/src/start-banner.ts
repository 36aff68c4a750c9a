import type { Config } from './config.ts';
import type { BootstrapResult } from './bootstrap/bootstrap.ts';

/** A connection string without its user and password, for printing: `host:port/path`. */
function describeUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return null;
  }
}
const describeDatabaseUrl = (url: string) => `PostgreSQL${describeUrl(url) === null ? ' (DATABASE_URL)' : ` at ${describeUrl(url)}`}`;

/**
 * What a person starting Facet needs to read, and nothing else: where to open it, which database and
 * storage it uses, the admin password when it was just generated, and warnings worth acting on.
 * Request logs go to pino at LOG_LEVEL (`npm start` sets warn unless told otherwise).
 */
export function describeStart(config: Config, databaseKind: 'postgres' | 'pglite', result: BootstrapResult, nodeVersion = process.version): string {
  const lines = [
    '',
    `  Facet ${config.appVersion} is running on Node ${nodeVersion}`,
    `  Open      http://localhost:${config.port}`,
    `  Database  ${databaseKind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : describeDatabaseUrl(config.databaseUrl ?? '')}`,
    `  Media     ${config.s3 ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}` : config.mediaDir}`,
    `  Mail      ${config.smtpUrl ? `SMTP at ${describeUrl(config.smtpUrl)}` : 'not sent: SMTP_URL is not set (mails wait in Sales > Customer E-mails)'}`,
  ];
  if (result.generatedPassword) {
    lines.push(`  Admin     username ${config.adminUsername}, password ${result.generatedPassword}`, '            Save the password now: it is shown only on this first start.');
  }
  if (result.created && config.demoData) {
    lines.push('  Demo      shop data loaded; staff sarah, tom, priya and james sign in with Demo-pass1');
  }
  const warnings: string[] = [];
  const major = Number(/^v(\d+)/.exec(nodeVersion)?.[1] ?? 0);
  if (major < 22) warnings.push(`Node ${nodeVersion} is past its end of life; Facet is meant to run on Node 24.`);
  if (config.demoData && databaseKind === 'postgres') warnings.push('DEMO_DATA is on for a PostgreSQL database: demo staff accounts exist with a known password.');
  for (const warning of warnings) lines.push(`  Warning   ${warning}`);
  lines.push('');
  return lines.join('\n');
}
