import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

/** `npm run db:migrate`: apply pending migrations and exit. */
const config = loadConfig();
const database = await openDatabase(config);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
