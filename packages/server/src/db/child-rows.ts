/**
 * How a list of child rows sent with a save (an attribute's options now; a product's variants, an
 * order's lines, a section's items next) changes the rows stored: one pure plan, so every aggregate
 * diffs the same way and the rules are tested once. A sent row with an id is an existing row to keep;
 * without one it is new; a stored row not sent is removed.
 */
export interface ChildRowPlan<TSent, TStored> {
  insert: TSent[];
  /** Kept rows whose values differ from what is stored. */
  update: { stored: TStored; sent: TSent }[];
  /** Kept rows sent exactly as stored: nothing to write. */
  unchanged: TStored[];
  remove: TStored[];
  /** Ids sent that are not this parent's rows (another parent's, deleted, made up): refuse the save. */
  unknownIds: number[];
  /** Ids sent more than once: refuse the save, one row cannot take two sets of values. */
  repeatedIds: number[];
}

export function planChildRows<TSent extends { id?: number | undefined }, TStored extends { id: number }>(
  stored: readonly TStored[],
  sent: readonly TSent[],
  isSame: (stored: TStored, sent: TSent) => boolean,
): ChildRowPlan<TSent, TStored> {
  const storedById = new Map(stored.map((row) => [row.id, row]));
  const plan: ChildRowPlan<TSent, TStored> = { insert: [], update: [], unchanged: [], remove: [], unknownIds: [], repeatedIds: [] };
  const seen = new Set<number>();
  for (const row of sent) {
    if (row.id === undefined) {
      plan.insert.push(row);
      continue;
    }
    if (seen.has(row.id)) {
      if (!plan.repeatedIds.includes(row.id)) plan.repeatedIds.push(row.id);
      continue;
    }
    seen.add(row.id);
    const before = storedById.get(row.id);
    if (!before) plan.unknownIds.push(row.id);
    else if (isSame(before, row)) plan.unchanged.push(before);
    else plan.update.push({ stored: before, sent: row });
  }
  plan.remove = stored.filter((row) => !seen.has(row.id));
  return plan;
}
