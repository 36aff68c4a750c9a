import { inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { invalidField } from '../http/errors.ts';
import type { Db } from './client.ts';

/**
 * Records a form chooses from other modules by id (a coupon's or a price rule's products, categories,
 * customers), checked and labelled through those modules' faces: these helpers only pair ids with the
 * labels the caller read.
 */
export interface Choice {
  id: number;
  label: string;
}

/** The chosen ids that are still live, with their labels, in the order chosen. */
export const choicesOf = (ids: readonly number[], labels: ReadonlyMap<number, string>): Choice[] =>
  ids.flatMap((id) => (labels.has(id) ? [{ id, label: labels.get(id)! }] : []));

/** Refuses (400 on the field, with its message) the first field naming an id its labels do not hold: unknown or no longer live. */
export function assertChosenExist(checks: readonly { field: string; ids: readonly number[]; labels: ReadonlyMap<number, string>; message: string }[]) {
  for (const { field, ids, labels, message } of checks) if (ids.some((id) => !labels.has(id))) throw invalidField(field, message);
}

/**
 * One kind of record a form chooses (products, categories, customers): the id-array columns holding the
 * choices (by input field: chosen and excluded), how the owning module labels ids, and the message when
 * one is unknown. The owning module's face gives `labels`; db/ imports no module.
 */
export interface ChoiceGroup {
  /** The key under the record's `chosen`: 'products'. */
  name: string;
  /** The fields of the input and their columns: `{ productIds: coupons.productIds, excludeProductIds: ... }`. */
  columns: Record<string, AnyPgColumn>;
  labels(db: Db, ids: readonly number[]): Promise<ReadonlyMap<number, string>>;
  unknownMessage: string;
}

/**
 * What a resource choosing records of other modules does with them, for the toolkit's hooks: every chosen
 * id must be live (else 400 on its field), and a read record carries `chosen`, each group's ids (chosen and
 * excluded together) with their labels, so a form shows names without asking for each.
 */
export function chosenRecords(table: PgTable & { id: AnyPgColumn }, groups: readonly ChoiceGroup[]) {
  const idsOf = (row: Record<string, unknown>, group: ChoiceGroup) => Object.keys(group.columns).flatMap((field) => row[field] as number[]);
  async function labelsOf(db: Db, rows: readonly Record<string, unknown>[]) {
    const labels = await Promise.all(groups.map((group) => group.labels(db, [...new Set(rows.flatMap((row) => idsOf(row, group)))])));
    return new Map(groups.map((group, index) => [group.name, labels[index]!]));
  }
  return {
    async assertExist(tx: Db, input: Record<string, unknown>) {
      const labels = await labelsOf(tx, [input]);
      assertChosenExist(
        groups.flatMap((group) =>
          Object.keys(group.columns).map((field) => ({ field, ids: input[field] as number[], labels: labels.get(group.name)!, message: group.unknownMessage })),
        ),
      );
    },
    async loadRelations(source: Db, ids: number[]): Promise<Map<number, { chosen: Record<string, Choice[]> }>> {
      const columns = Object.fromEntries(groups.flatMap((group) => Object.entries(group.columns)));
      const rows = (await source
        .select({ id: table.id, ...columns })
        .from(table)
        .where(inArray(table.id, ids))) as (Record<string, unknown> & { id: number })[];
      const labels = await labelsOf(source, rows);
      return new Map(rows.map((row) => [row.id, { chosen: Object.fromEntries(groups.map((group) => [group.name, choicesOf(idsOf(row, group), labels.get(group.name)!)])) }]));
    },
  };
}
