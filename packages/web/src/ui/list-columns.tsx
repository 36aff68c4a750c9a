import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ListQuery } from '@facet/contract/api';
import type { ResourceDefinition } from '@facet/contract/resource';
import type { TableColumnType } from 'antd';
import { Button, Space, Switch, Tooltip } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { formatDateTime } from './format.ts';

/** Whether a row offers an action: shown, left out, or shown disabled with the reason as a tooltip. */
export type RowAction = 'enabled' | 'hidden' | { disabledReason: string };

export interface RowActionRules {
  edit?: RowAction;
  delete?: RowAction;
  status?: RowAction;
}

/** A date column in the spec's format; sortable when the resource sorts by that field. */
export function dateColumn<T>(title: string, field: keyof T & string): TableColumnType<T> {
  return { title, dataIndex: field, key: field, render: (value: string) => formatDateTime(value) };
}

const columnKeyOf = <T,>(column: TableColumnType<T>) =>
  column.key ?? (typeof column.dataIndex === 'string' ? column.dataIndex : undefined);

/** The sort the list shows: the URL's, else the resource's default (the server applies the same rule). */
function currentSort(resource: ResourceDefinition, query: ListQuery): { field: string; order: 'asc' | 'desc' } {
  if (!query.sort) return resource.defaultSort;
  return { field: query.sort, order: query.order ?? 'asc' };
}

/** Marks the columns the server can sort by (the resource's `sortable`) and shows the current sort on them. */
export function withServerSorting<T>(columns: readonly TableColumnType<T>[], resource: ResourceDefinition, query: ListQuery): TableColumnType<T>[] {
  const sort = currentSort(resource, query);
  return columns.map((column) => {
    const key = columnKeyOf(column);
    if (key === undefined || !resource.sortable.includes(String(key))) return column;
    const sortOrder: SortOrder = sort.field === key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null;
    // Never back to "unsorted": antd would then drop the sort, and the default-sorted column could not be reversed.
    return { ...column, key, sorter: true, sortOrder, sortDirections: ['ascend', 'descend', 'ascend'] };
  });
}

function actionProps(rule: RowAction | undefined, label: string) {
  const disabledReason = typeof rule === 'object' ? rule.disabledReason : undefined;
  return { tooltip: disabledReason ?? label, disabled: disabledReason !== undefined };
}

interface RowActionButtonsProps {
  rules: RowActionRules;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** The edit and delete icons of a row, as the row's rules allow. */
export function RowActionButtons({ rules, onEdit, onDelete }: RowActionButtonsProps) {
  const edit = actionProps(rules.edit, 'Edit');
  const remove = actionProps(rules.delete, 'Delete');
  // A row without any action shows a dash (the spec's default customer group).
  if ((!onEdit || rules.edit === 'hidden') && (!onDelete || rules.delete === 'hidden')) return '-';
  return (
    <Space size={4}>
      {onEdit && rules.edit !== 'hidden' && (
        <Tooltip title={edit.tooltip}>
          <Button type="text" icon={<EditOutlined />} aria-label="Edit" disabled={edit.disabled} onClick={onEdit} />
        </Tooltip>
      )}
      {onDelete && rules.delete !== 'hidden' && (
        <Tooltip title={remove.tooltip}>
          <Button type="text" danger icon={<DeleteOutlined />} aria-label="Delete" disabled={remove.disabled} onClick={onDelete} />
        </Tooltip>
      )}
    </Space>
  );
}

interface StatusSwitchProps {
  isActive: boolean;
  rule?: RowAction;
  onToggle: () => void;
}

/** Active/Inactive as a switch; the change itself is confirmed by the caller. */
export function StatusSwitch({ isActive, rule, onToggle }: StatusSwitchProps) {
  if (rule === 'hidden') return isActive ? 'Active' : 'Inactive';
  const { disabled, tooltip } = actionProps(rule, '');
  const control = (
    <Switch checked={isActive} checkedChildren="Active" unCheckedChildren="Inactive" disabled={disabled} onClick={onToggle} />
  );
  return disabled ? <Tooltip title={tooltip}>{control}</Tooltip> : control;
}
