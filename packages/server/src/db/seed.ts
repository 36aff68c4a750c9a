import type { Db } from './client.ts';

/**
 * What a seeder (reference or demo data) gets besides the transaction. It lives here, not beside the
 * seeder lists in modules/bootstrap/, so a module's `*.demo.ts` does not import the list that imports it.
 */
export interface SeedContext {
  permissionIds: Map<string, number>;
  adminId: number;
}
export type Seeder = (tx: Db, context: SeedContext) => Promise<void>;
