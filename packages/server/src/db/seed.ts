import type { Db } from './client.ts';
import type { MediaStorage } from '../storage/media-storage.ts';

/**
 * What a seeder (reference or demo data) gets besides the transaction. It lives here, not beside the
 * seeder lists in bootstrap/, so a module's `*.demo.ts` does not import the list that imports it.
 */
export interface SeedContext {
  permissionIds: Map<string, number>;
  adminId: number;
  /** The admin's user name, for rows that keep who made them by name (an order's history). */
  adminName?: string;
  /** Where demo images are stored (the app's media store); absent when seeding without files (tests). */
  mediaStorage?: MediaStorage | undefined;
  /** The key secrets at rest are encrypted with (secret-key.ts), for demo rows that hold one; absent in the tests' templates. */
  secretKey?: Buffer | undefined;
}

/** What seeding needs of the media store (storage/media-storage.ts's MediaStorage has it): write a file, name its address. */
export interface SeedFileStore {
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  urlOf(name: string): string;
}
export type Seeder = (tx: Db, context: SeedContext) => Promise<void>;
