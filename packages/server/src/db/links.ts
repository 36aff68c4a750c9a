import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { isLive } from './columns.ts';

interface LinkSpec<TIds extends string, TNames extends string> {
  /** The link table, and its columns pointing at the owner and at the linked record. */
  table: PgTable;
  ownerId: PgColumn;
  targetId: PgColumn;
  /** The linked records' table (soft-deleted ones are not linked any more) and the name shown for each. */
  target: PgTable & { id: PgColumn; deletedAt: PgColumn };
  targetName: PgColumn;
  /** The record fields that carry the linked ids and names (`roleIds`, `roleNames`). */
  idsField: TIds;
  namesField: TNames;
}

/**
 * A many-to-many link (a user's roles, a role's permissions) as the CRUD service's relation hooks:
 * `load` reads the live linked ids and names of many owners in one query (ordered by name), `save`
 * replaces an owner's links with the given ids inside the write's transaction.
 */
export function manyToManyLink<TIds extends string, TNames extends string>(spec: LinkSpec<TIds, TNames>) {
  type Linked = Record<TIds, number[]> & Record<TNames, string[]>;
  // Inserts name columns by their property keys, not their SQL names.
  const keyOf = (column: PgColumn) => Object.entries(getTableColumns(spec.table)).find(([, c]) => c === column)![0];
  const ownerKey = keyOf(spec.ownerId);
  const targetKey = keyOf(spec.targetId);
  return {
    async load(source: Db, ownerIds: number[]): Promise<Map<number, Linked>> {
      const rows = await source
        .select({ ownerId: spec.ownerId, id: spec.target.id, name: spec.targetName })
        .from(spec.table)
        .innerJoin(spec.target, and(eq(spec.target.id, spec.targetId), isLive(spec.target)))
        .where(inArray(spec.ownerId, ownerIds))
        .orderBy(asc(spec.targetName));
      const byOwner = new Map(ownerIds.map((id) => [id, { [spec.idsField]: [], [spec.namesField]: [] } as unknown as Linked]));
      for (const row of rows) {
        const linked = byOwner.get(row.ownerId as number);
        (linked?.[spec.idsField] as number[] | undefined)?.push(row.id as number);
        (linked?.[spec.namesField] as string[] | undefined)?.push(row.name as string);
      }
      return byOwner;
    },

    async save(tx: Db, ownerId: number, targetIds: number[]): Promise<void> {
      await tx.delete(spec.table).where(eq(spec.ownerId, ownerId));
      if (targetIds.length) {
        await tx.insert(spec.table).values(targetIds.map((targetId) => ({ [ownerKey]: ownerId, [targetKey]: targetId })));
      }
    },
  };
}
