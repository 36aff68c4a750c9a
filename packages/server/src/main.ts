import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirLockedError, openDatabase } from './db/client.ts';
import { bootstrap } from './modules/bootstrap/bootstrap.ts';
import { purgeExpiredSessions } from './modules/auth/session.service.ts';

const config = loadConfig();
const database = await openDatabase(config).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
const result = await bootstrap(database.db, config);
if (result.generatedPassword) {
  // Printed once, on the start that created the admin; it is not stored anywhere in clear.
  console.log(`\n  Facet admin created. Username: ${config.adminUsername}  Password: ${result.generatedPassword}\n  Save it now: it will not be shown again.\n`);
}
const app = await buildApp({ db: database.db, config });
const purgeTimer = setInterval(() => void purgeExpiredSessions(database.db).catch((err) => app.log.error(err)), 10 * 60 * 1000);
purgeTimer.unref();

async function shutdown() {
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
app.log.info(`Facet is serving http://localhost:${config.port} (database: ${database.kind})`);
