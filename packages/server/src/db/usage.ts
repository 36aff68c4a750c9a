import { MESSAGES } from '@facet/contract/messages';
import { and, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { conflict } from '../http/errors.ts';
import type { Db } from './client.ts';
import type { CrudTable } from './crud-service.ts';
import { isLive } from './columns.ts';

/**
 * One kind of record that points at records of another kind: products at size types, metal
 * qualities at attribute options. The module owning the pointed-at records keeps the list of its
 * usages; a module that starts pointing at them adds its entry to that list, and the in-use rules
 * (no delete, the list's disabled Delete) follow without further change.
 */
export interface Usage {
  /** Who uses the records, as the refusal names them: 'products'. */
  usedBy: string;
  /** Which of `ids` this usage points at (live rows only). */
  findUsedIds(db: Db, ids: number[]): Promise<number[]>;
  /** What a refused delete says when this usage alone is why, in the spec's words; else the general `inUse`. */
  refusal?: string;
}

/**
 * The usual usage: a column of a soft-deleting table holding the referenced id (products.size_type_id),
 * counted on live rows only.
 */
export function columnUsage(usedBy: string, table: CrudTable, column: PgColumn, refusal?: string): Usage {
  return {
    usedBy,
    refusal,
    async findUsedIds(db, ids) {
      const rows = await db.selectDistinct({ id: column }).from(table).where(and(inArray(column, ids), isLive(table)));
      return rows.map((row) => row.id as number);
    },
  };
}

/** For each id in use, who uses it. Ids that nothing uses are absent. */
export async function findUsage(db: Db, usages: readonly Usage[], ids: number[]): Promise<Map<number, string[]>> {
  const users = new Map<number, string[]>();
  if (!ids.length) return users;
  for (const usage of usages) {
    for (const id of await usage.findUsedIds(db, ids)) users.set(id, [...(users.get(id) ?? []), usage.usedBy]);
  }
  return users;
}

/**
 * Refuses (409) to delete a record something uses: '<subject> is used by products and cannot be
 * deleted.', or the usage's own refusal when it alone is why.
 */
export async function assertNotInUse(db: Db, usages: readonly Usage[], id: number, subject: string) {
  const usedBy = (await findUsage(db, usages, [id])).get(id);
  if (!usedBy) return;
  const only = usedBy.length === 1 ? usages.find((usage) => usage.usedBy === usedBy[0]) : undefined;
  throw conflict(only?.refusal ?? MESSAGES.inUse(subject, usedBy.join(' and ')));
}

/** The `inUse` flag of each record, for loadRelations (the list disables Delete on records in use). */
export async function loadInUseFlags(db: Db, usages: readonly Usage[], ids: number[]): Promise<Map<number, { inUse: boolean }>> {
  const used = await findUsage(db, usages, ids);
  return new Map(ids.map((id) => [id, { inUse: used.has(id) }]));
}
