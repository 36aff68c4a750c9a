import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { secretKeyOf } from './secret-key.ts';
import { DataDirLockedError, openDatabase } from './db/client.ts';
import { bootstrap } from './bootstrap/bootstrap.ts';
import { mediaStorageFor } from './modules/register-modules.ts';
import { describeStart } from './start-banner.ts';
import { purgeExpiredSessions } from './modules/auth/session.service.ts';
import { cpuPool } from './workers/cpu-pool.ts';
import { closePdfRenderer } from './modules/invoices/index.ts';

const config = loadConfig();
// A secret key that cannot be read or made stops the start here, not at the first secret saved.
const secretKey = secretKeyOf(config);
const database = await openDatabase(config).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
// Demo images go to the store the app serves media from; demo secrets are encrypted with the app's key.
const result = await bootstrap(database.db, config, { mediaStorage: mediaStorageFor(config), secretKey });
const app = await buildApp({ db: database.db, config });
const purgeTimer = setInterval(() => void purgeExpiredSessions(database.db).catch((err) => app.log.error(err)), 10 * 60 * 1000);
purgeTimer.unref();

async function shutdown() {
  await app.close();
  await cpuPool().close();
  await closePdfRenderer();
  await database.close();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown());

await app.listen({ port: config.port, host: config.host });
// The pool's threads load their modules now, so the first upload or long page does not wait for them.
cpuPool().warm();
console.log(describeStart(config, database.kind, result));
