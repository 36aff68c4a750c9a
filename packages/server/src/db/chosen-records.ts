import { invalidField } from '../http/errors.ts';

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
