import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { ListQuery } from '@facet/contract/api';
import type { ResourceDefinition } from '@facet/contract/resource';
import type { TableColumnType } from 'antd';
import type { StatesStatus } from '@facet/contract/status';
import { Button, Select, Space, Switch, Tag, Tooltip } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { Link } from 'react-router';
import { formatDateTime } from './format.ts';
import type { ViewPaths } from './resource-paths.ts';
import { viewPathOf } from './resource-paths.ts';

/** Whether a row offers an action: shown, left out, or shown disabled with the reason as a tooltip. */
export type RowAction = 'enabled' | 'hidden' | { disabledReason: string };

export interface RowActionRules {
  edit?: RowAction;
  delete?: RowAction;
  status?: RowAction;
}

/**
 * A list column whose `dataIndex` is a field of the row, so a misspelt field does not compile (antd
 * itself takes any string). A column without a field of its own (actions, computed) has only a `key`.
 */
export type ListColumn<T> = Omit<TableColumnType<T>, 'dataIndex'> & { dataIndex?: keyof T & string };

/** A date column in the spec's format; sortable when the resource sorts by that field. */
export function dateColumn<T>(title: string, field: keyof T & string): ListColumn<T> {
  return { title, dataIndex: field, key: field, render: (value: string) => formatDateTime(value) };
}

/**
 * The View column of a list whose records staff only read: a link to the record's view carrying the
 * list's query string (its page and filters), which the view's Back returns to. Named for screen
 * readers by `label` ('View INQ-000042'), since every row's link reads View.
 */
export function viewColumn<T extends { id: number }>(paths: ViewPaths, listSearch: string, label?: (record: T) => string): ListColumn<T> {
  return {
    title: 'View',
    key: 'view',
    width: 90,
    render: (_: unknown, record: T) => (
      <Link to={viewPathOf(paths, record.id, listSearch)} aria-label={label ? `View ${label(record)}` : undefined}>
        <Space size={4}>
          <EyeOutlined aria-hidden />
          View
        </Space>
      </Link>
    ),
  };
}

const columnKeyOf = <T,>(column: TableColumnType<T>) =>
  column.key ?? (typeof column.dataIndex === 'string' ? column.dataIndex : undefined);

/** What a list sorts by: a resource's definition, or a hand-written list's own (products). */
export type ListSorting = Pick<ResourceDefinition, 'sortable' | 'defaultSort'>;

/** The sort the list shows: the URL's, else the resource's default (the server applies the same rule). */
function currentSort(resource: ListSorting, query: Pick<ListQuery, 'sort' | 'order'>): { field: string; order: 'asc' | 'desc' } {
  if (!query.sort) return resource.defaultSort;
  return { field: query.sort, order: query.order ?? 'asc' };
}

/** Marks the columns the server can sort by (the resource's `sortable`) and shows the current sort on them. */
export function withServerSorting<T>(columns: readonly TableColumnType<T>[], resource: ListSorting, query: Pick<ListQuery, 'sort' | 'order'>): TableColumnType<T>[] {
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

interface StateSelectProps {
  status: StatesStatus;
  value: string;
  rule?: RowAction;
  /** A state other than the current one was chosen; the change itself is confirmed by the caller. */
  onChoose: (state: string) => void;
}

/** A record's named state (a review's Pending, Approved...): a choice of the states, or a badge where it cannot change. */
export function StateSelect({ status, value, rule, onChoose }: StateSelectProps) {
  const label = status.labels[value] ?? value;
  if (rule === 'hidden') return <Tag>{label}</Tag>;
  const { disabled, tooltip } = actionProps(rule, '');
  const control = (
    <Select
      size="small"
      aria-label="Status"
      style={{ minWidth: 140 }}
      value={value}
      disabled={disabled}
      options={status.states.map((state) => ({ value: state, label: status.labels[state] }))}
      onChange={(state: string) => {
        if (state !== value) onChoose(state);
      }}
    />
  );
  return disabled ? <Tooltip title={tooltip}>{control}</Tooltip> : control;
}
