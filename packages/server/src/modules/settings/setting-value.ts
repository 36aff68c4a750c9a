import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { settings } from './setting.table.ts';

/**
 * A setting option holding a whole number, as a column of another statement: its value when it is one
 * from 1 to `max` (written in plain digits), `fallback` otherwise (unset, or a value staff mistyped).
 * A scalar subquery: PostgreSQL reads it once per statement, so it may sit in a list's condition.
 */
export function wholeNumberSettingSql(key: string, fallback: number, max: number): SQL<number> {
  const value = settings.value;
  // Nested cases: the cast runs only on digits (the terms of an `and` may be evaluated in either order).
  return sql<number>`coalesce((
    select case when ${value} ~ '^[0-9]{1,9}$' then (case when ${value}::bigint between 1 and ${max}::int then ${value}::int end) end
    from ${settings} where ${settings.deletedAt} is null and lower(${settings.key}) = ${key.toLowerCase()} limit 1
  ), ${fallback}::int)`;
}
