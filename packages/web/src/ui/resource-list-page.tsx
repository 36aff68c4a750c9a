import { PlusOutlined } from '@ant-design/icons';
import { countActiveFilters } from '@facet/contract/list-query';
import type { ResourceDefinition } from '@facet/contract/resource';
import type { StatusValue } from '@facet/contract/status';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Button, Card, Flex, Table } from 'antd';
import type { ReactNode } from 'react';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useBulkActions } from './bulk-actions.tsx';
import { ExportButton, withoutPaging } from './export-button.tsx';
import { FilterPanel, FiltersToggle } from './filter-panel.tsx';
import type { ListColumn, RowActionRules } from './list-columns.tsx';
import { RowActionButtons, StateSelect, StatusSwitch, viewColumn, withServerSorting } from './list-columns.tsx';
import { PageHeader } from './page-header.tsx';
import type { ListItemOf } from './resource-api.ts';
import { resourceApi, resourceKeys } from './resource-api.ts';
import type { EditOnlyPaths, ListReturnState, ResourcePaths, ViewPaths } from './resource-paths.ts';
import { editPathOf } from './resource-paths.ts';
import { SearchBox } from './search-box.tsx';
import { tableLoadingState } from './loading-state.tsx';
import { listPagination, tableChangeToQuery, useListQuery } from './use-list-query.ts';
import { useRecordChanges } from './use-record-changes.ts';

export interface ResourceListPageProps<R extends ResourceDefinition> {
  resource: R;
  /** Add and edit screens, or (a resource staff only read) a view screen: each row then has its View link. */
  paths: ResourcePaths | EditOnlyPaths | ViewPaths;
  title: string;
  /** The data columns; the Status control (a switch, or a choice of states) and the Action icons are added from the resource definition. */
  columns: readonly ListColumn<ListItemOf<R>>[];
  /** Defaults to "Add <label>". */
  addLabel?: string;
  searchPlaceholder?: string;
  /** Per-row say over the actions (e.g. the master role has no edit or delete). */
  rowActions?: (record: ListItemOf<R>) => RowActionRules;
  /** How a row is named to a screen reader (its selection checkbox: "Select <label>"); default: its name or title field. */
  rowLabel?: (record: ListItemOf<R>) => string;
  /** How many data columns come before the Status switch, when the spec puts it among them; default: all. */
  statusAfter?: number;
  /** A note above the list (why its rows look as they do: mail waits for an SMTP server). */
  notice?: ReactNode;
  /** Buttons of the screen's own beside Export and Add (the screens reached from this one). */
  headerActions?: ReactNode;
  /**
   * The filters the Filters panel offers, when not all the resource declares: a filter another screen
   * uses (the orders of one customer, on the customer's Orders tab) still reads from the URL.
   */
  panelFilters?: readonly string[];
  /** Controls of the list's own for some filters (a country lookup for a country code), by filter name. */
  filterInputs?: Partial<Record<string, ReactNode>>;
}

const NO_RULES: RowActionRules = {};

/**
 * The list screen of a flat resource (DESIGN §5): server paging, sorting, a debounced search and the
 * resource's filters (a Filters panel) kept in the URL, the status switch and edit/delete icons with
 * the spec's confirmations, Add and Export (with the list's search, sort and filters), and the bulk
 * actions the resource declares (a selection column and its bar).
 */
export function ResourceListPage<R extends ResourceDefinition>(props: ResourceListPageProps<R>) {
  const { resource, paths, title, columns, searchPlaceholder, rowActions = () => NO_RULES, statusAfter = columns.length } = props;
  const api = useMemo(() => resourceApi(resource), [resource]);
  const [query, changeQuery, params] = useListQuery(resource.listQuery.schema);
  const navigate = useNavigate();
  const listSearch = useLocation().search;
  const returnState: ListReturnState = { listSearch };
  const changes = useRecordChanges(resource);
  const filters = useMemo(
    () => (props.panelFilters ? Object.fromEntries(Object.entries(resource.filters).filter(([name]) => props.panelFilters!.includes(name))) : resource.filters),
    [resource.filters, props.panelFilters],
  );
  const hasFilters = Object.keys(filters).length > 0;
  const activeFilters = countActiveFilters(filters, query);
  // Open when the list comes back filtered (Back, Cancel, reload), so what narrows it is in view.
  const [isFilterOpen, setFilterOpen] = useState(activeFilters > 0);

  // The API gets the URL's own (validated) parameters: the same text the route's schema reads.
  const apiQuery = { ...params, page: query.page, pageSize: query.pageSize };
  const list = useQuery({ queryKey: resourceKeys.list(resource, apiQuery), queryFn: () => api.list(apiQuery), placeholderData: keepPreviousData });
  const items = list.data?.items ?? [];
  const bulk = useBulkActions<ListItemOf<R>>(
    resource,
    withoutPaging(params),
    { pageIds: items.map((item) => item.id), total: list.data?.total ?? 0, isTotalCapped: list.data?.totalIsCapped === true },
    props.rowLabel,
  );

  const search = useCallback((text: string) => changeQuery({ search: text, page: undefined }, { replace: true }), [changeQuery]);
  const openEdit = (record: ListItemOf<R>) => {
    if ('edit' in paths) void navigate(editPathOf(paths, record.id), { state: returnState });
  };
  // Deleting the last row of a page moves back a page rather than showing an empty one.
  const afterDelete = () => {
    if (items.length === 1 && query.page > 1) changeQuery({ page: query.page - 1 });
  };

  const { update: canUpdate, delete: canDelete } = resource.operations;
  const { status } = resource;
  const dataColumns = withServerSorting(columns, resource, query);
  const tableColumns: TableColumnsType<ListItemOf<R>> = [
    ...dataColumns.slice(0, statusAfter),
    ...(status
      ? [
          {
            title: 'Status',
            key: 'status',
            width: status.kind === 'switch' ? 130 : 170,
            render: (_: unknown, record: ListItemOf<R>) =>
              status.kind === 'switch' ? (
                <StatusSwitch isActive={Boolean(record.status)} rule={rowActions(record).status} onToggle={() => changes.confirmStatusChange(record)} />
              ) : (
                <StateSelect
                  status={status}
                  value={String(record.status)}
                  rule={rowActions(record).status}
                  onChoose={(to) => changes.confirmStatusChange(record, to as StatusValue<R['status']>)}
                />
              ),
          },
        ]
      : []),
    ...dataColumns.slice(statusAfter),
    ...('view' in paths ? [viewColumn<ListItemOf<R>>(paths, listSearch, props.rowLabel)] : []),
    ...(canUpdate || canDelete
      ? [
          {
            title: 'Action',
            key: 'action',
            width: 110,
            render: (_: unknown, record: ListItemOf<R>) => (
              <RowActionButtons
                rules={rowActions(record)}
                onEdit={canUpdate ? () => openEdit(record) : undefined}
                onDelete={canDelete ? () => changes.confirmDelete(record, afterDelete) : undefined}
              />
            ),
          },
        ]
      : []),
  ];

  const handleTableChange = tableChangeToQuery<ListItemOf<R>>(changeQuery);

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <>
            {props.headerActions}
            {resource.export && <ExportButton onExport={() => api.exportExcel(withoutPaging(params))} />}
            {resource.operations.create && 'add' in paths && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(paths.add, { state: returnState })}>
                {props.addLabel ?? `Add ${resource.label}`}
              </Button>
            )}
          </>
        }
      />
      <Card>
        {props.notice}
        <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
          {resource.searchable.length > 0 ? <SearchBox value={query.search ?? ''} onSearch={search} placeholder={searchPlaceholder} /> : <span />}
          {hasFilters && <FiltersToggle isOpen={isFilterOpen} activeCount={activeFilters} onToggle={() => setFilterOpen((open) => !open)} />}
        </Flex>
        {hasFilters && isFilterOpen && (
          <FilterPanel
            filters={filters}
            schema={resource.listQuery.schema}
            query={query}
            onApply={(filterParams) => changeQuery({ ...filterParams, page: undefined })}
            inputs={props.filterInputs}
          />
        )}
        {bulk.bar}
        <Table<ListItemOf<R>>
          rowKey="id"
          rowSelection={bulk.rowSelection}
          size="middle"
          columns={tableColumns}
          dataSource={items}
          {...tableLoadingState(list.isFetching)}
          onChange={handleTableChange}
          scroll={{ x: 'max-content' }}
          pagination={listPagination(query, list.data)}
        />
      </Card>
    </>
  );
}
