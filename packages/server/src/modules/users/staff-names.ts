import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from './user.table.ts';

/**
 * The names of staff members by id, for the screens of other modules that say who did something (a
 * price update's uploader): a deleted user keeps the name they had. Ids that name no user are absent.
 */
export async function staffNames(db: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}
