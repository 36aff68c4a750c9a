import { MASTER_PERMISSION } from '@facet/contract/permissions';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/pg-core';
import { isLive } from '../../db/columns.ts';
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

/**
 * Live, active staff who hold any of `keys` (or the master permission) through live roles, by name:
 * the people a screen may hand work to (appointments go to those who hold Sales).
 */
export async function staffHolding(db: Db, keys: readonly string[]): Promise<{ id: number; name: string }[]> {
  const wanted = [...keys, MASTER_PERMISSION];
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        isLive(users),
        eq(users.status, true),
        sql`exists (
          select 1 from user_roles ur
          join roles r on r.id = ur.role_id and r.deleted_at is null
          join role_permissions rp on rp.role_id = r.id
          join permissions p on p.id = rp.permission_id and p.deleted_at is null
          where ur.user_id = "users"."id" and p.key in (${sql.join(
            wanted.map((key) => sql`${key}`),
            sql`, `,
          )})
        )`,
      ),
    )
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

/** A column of another module's table that holds a staff member's id, with its foreign key to the user. */
export const userIdColumn = (name: string) => integer(name).references(() => users.id);
