import type { TableProps } from 'antd';

/** How a list names one of its rows to a screen reader: its record's label ('18ct Rose Gold'). */
export type RowLabel<T> = (record: T) => string;

/**
 * The row's name or title field, else the resource's label and the row's id ('Product Size 12'):
 * what a list that passes no label of its own calls a row.
 */
export function defaultRowLabel<T extends { id: number }>(noun: string): RowLabel<T> {
  return (record) => {
    const fields = record as Record<string, unknown>;
    for (const field of ['name', 'title']) {
      const value = fields[field];
      if (typeof value === 'string' && value.trim()) return value;
    }
    return `${noun} ${record.id}`;
  };
}

/**
 * The names of a table's selection checkboxes: "Select 18ct Rose Gold" on a row and "Select all on
 * this page" in the header. antd's own ("Select row 3", then "Row 3 selected") name a position, not
 * a record, and change with the state the checkbox already announces.
 */
export function selectionNames<T>(labelOf: RowLabel<T>): Pick<NonNullable<TableProps<T>['rowSelection']>, 'getCheckboxProps' | 'getTitleCheckboxProps'> {
  return {
    getCheckboxProps: (record) => ({ 'aria-label': `Select ${labelOf(record)}` }),
    getTitleCheckboxProps: () => ({ 'aria-label': 'Select all on this page' }),
  };
}
