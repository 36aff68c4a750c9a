import { FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { countActiveFilters } from '@facet/contract/list-query';
import type { ResourceDefinition } from '@facet/contract/resource';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType, TableProps } from 'antd';
import { App, Button, Card, Flex, Table } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { failureMessage } from './feedback.ts';
import { FilterPanel, FiltersToggle } from './filter-panel.tsx';
import type { RowActionRules } from './list-columns.tsx';
import { RowActionButtons, StatusSwitch, withServerSorting } from './list-columns.tsx';
import { PageHeader } from './page-header.tsx';
import type { RecordOf } from './resource-api.ts';
import { resourceApi, resourceKeys } from './resource-api.ts';
import type { EditOnlyPaths, ListReturnState, ResourcePaths } from './resource-paths.ts';
import { editPathOf } from './resource-paths.ts';
import { SearchBox } from './search-box.tsx';
import { tableLoadingState } from './loading-state.tsx';
import { useListQuery } from './use-list-query.ts';
import { useRecordChanges } from './use-record-changes.ts';

export interface ResourceListPageProps<R extends ResourceDefinition> {
  resource: R;
  paths: ResourcePaths | EditOnlyPaths;
  title: string;
  /** The data columns; the Status switch and the Action icons are added from the resource definition. */
  columns: TableColumnsType<RecordOf<R>>;
  /** Defaults to "Add <label>". */
  addLabel?: string;
  searchPlaceholder?: string;
  /** Per-row say over the actions (e.g. the master role has no edit or delete). */
  rowActions?: (record: RecordOf<R>) => RowActionRules;
  /** How many data columns come before the Status switch, when the spec puts it among them; default: all. */
  statusAfter?: number;
}

const NO_RULES: RowActionRules = {};

/**
 * The list screen of a flat resource (DESIGN §5): server paging, sorting, a debounced search and the
 * resource's filters (a Filters panel) kept in the URL, the status switch and edit/delete icons with
 * the spec's confirmations, Add and Export (with the list's search, sort and filters).
 */
export function ResourceListPage<R extends ResourceDefinition>(props: ResourceListPageProps<R>) {
  const { resource, paths, title, columns, searchPlaceholder, rowActions = () => NO_RULES, statusAfter = columns.length } = props;
  const api = useMemo(() => resourceApi(resource), [resource]);
  const [query, changeQuery, params] = useListQuery(resource.listQuery.schema);
  const navigate = useNavigate();
  const returnState: ListReturnState = { listSearch: useLocation().search };
  const changes = useRecordChanges(resource);
  const hasFilters = Object.keys(resource.filters).length > 0;
  const activeFilters = countActiveFilters(resource.filters, query);
  // Open when the list comes back filtered (Back, Cancel, reload), so what narrows it is in view.
  const [isFilterOpen, setFilterOpen] = useState(activeFilters > 0);

  // The API gets the URL's own (validated) parameters: the same text the route's schema reads.
  const apiQuery = { ...params, page: query.page, pageSize: query.pageSize };
  const list = useQuery({ queryKey: resourceKeys.list(resource, apiQuery), queryFn: () => api.list(apiQuery), placeholderData: keepPreviousData });
  const items = list.data?.items ?? [];

  const search = useCallback((text: string) => changeQuery({ search: text, page: undefined }, { replace: true }), [changeQuery]);
  const openEdit = (record: RecordOf<R>) => void navigate(editPathOf(paths, record.id), { state: returnState });
  // Deleting the last row of a page moves back a page rather than showing an empty one.
  const afterDelete = () => {
    if (items.length === 1 && query.page > 1) changeQuery({ page: query.page - 1 });
  };

  const { update: canUpdate, delete: canDelete } = resource.operations;
  const dataColumns = withServerSorting(columns, resource, query);
  const tableColumns: TableColumnsType<RecordOf<R>> = [
    ...dataColumns.slice(0, statusAfter),
    ...(resource.hasStatus
      ? [
          {
            title: 'Status',
            key: 'status',
            width: 130,
            render: (_: unknown, record: RecordOf<R>) => (
              <StatusSwitch isActive={Boolean(record.status)} rule={rowActions(record).status} onToggle={() => changes.confirmStatusChange(record)} />
            ),
          },
        ]
      : []),
    ...dataColumns.slice(statusAfter),
    ...(canUpdate || canDelete
      ? [
          {
            title: 'Action',
            key: 'action',
            width: 110,
            render: (_: unknown, record: RecordOf<R>) => (
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

  const handleTableChange: TableProps<RecordOf<R>>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'paginate') changeQuery({ page: pagination.current, pageSize: pagination.pageSize });
    if (action === 'sort') {
      const { columnKey, order } = Array.isArray(sorter) ? (sorter[0] ?? {}) : sorter;
      const direction = order === 'ascend' ? 'asc' : order === 'descend' ? 'desc' : undefined;
      changeQuery({ sort: direction ? String(columnKey) : undefined, order: direction, page: undefined });
    }
  };

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <>
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
        <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
          {resource.searchable.length > 0 ? <SearchBox value={query.search ?? ''} onSearch={search} placeholder={searchPlaceholder} /> : <span />}
          {hasFilters && <FiltersToggle isOpen={isFilterOpen} activeCount={activeFilters} onToggle={() => setFilterOpen((open) => !open)} />}
        </Flex>
        {hasFilters && isFilterOpen && (
          <FilterPanel
            filters={resource.filters}
            schema={resource.listQuery.schema}
            query={query}
            onApply={(filterParams) => changeQuery({ ...filterParams, page: undefined })}
          />
        )}
        <Table<RecordOf<R>>
          rowKey="id"
          size="middle"
          columns={tableColumns}
          dataSource={items}
          {...tableLoadingState(list.isFetching)}
          onChange={handleTableChange}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => `Total ${total} ${total === 1 ? 'record' : 'records'}`,
          }}
        />
      </Card>
    </>
  );
}

function withoutPaging(params: Record<string, string>) {
  const { page: _page, pageSize: _pageSize, ...rest } = params;
  return rest;
}

/** Export Excel with the list's filters; busy while the file is prepared (DESIGN §5: long work shows progress). */
function ExportButton({ onExport }: { onExport: () => Promise<void> }) {
  const { message } = App.useApp();
  const [isExporting, setExporting] = useState(false);
  const exportFile = async () => {
    setExporting(true);
    try {
      await onExport();
    } catch (error) {
      void message.warning(failureMessage(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button icon={<FileExcelOutlined />} loading={isExporting} onClick={() => void exportFile()}>
      Export Excel
    </Button>
  );
}
