import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { canAddOption, hasOptions, LINK_TYPE_LABELS, qrFileNameOf, sectionOptionEditPath, sectionOptionResource, sectionResource } from '@facet/contract/modules/widget-sections/widget-section.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Button, Card, Flex, Table, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../ui/format.ts';
import { RowActionButtons, StatusSwitch, withServerSorting } from '../../ui/list-columns.tsx';
import { tableLoadingState } from '../../ui/loading-state.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { resourceApi, resourceKeys } from '../../ui/resource-api.ts';
import { SearchBox } from '../../ui/search-box.tsx';
import { useRecordChanges } from '../../ui/use-record-changes.ts';
import { listPagination } from '../../ui/use-list-query.ts';
import { qrCodeUrl } from './widget-section.api.ts';
import { sectionOptionAddPath } from './widget-section.paths.ts';

type OptionRow = ListItemOf<typeof sectionOptionResource>;
const api = resourceApi(sectionOptionResource);
const sectionApi = resourceApi(sectionResource);
const PAGE_SIZE = 10;

/**
 * A section's options on its edit screen (document 3 §2.17): Title and Created Date sortable, Link
 * Type, Value (or a dash), Status, edit, delete and the QR code; search and server paging. Add Option
 * shows while the template has room for another active option.
 */
export function SectionOptionsCard({ sectionId }: { sectionId: number }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState<{ page: number; search: string; sort?: string; order?: 'asc' | 'desc' }>({ page: 1, search: '' });
  const apiQuery = { sectionId: String(sectionId), page: query.page, pageSize: PAGE_SIZE, search: query.search || undefined, sort: query.sort, order: query.order };
  const list = useQuery({ queryKey: resourceKeys.list(sectionOptionResource, apiQuery), queryFn: () => api.list(apiQuery), placeholderData: keepPreviousData });
  // The section's count of active options decides Add Option; it changes with every option saved or switched.
  const section = useQuery({ queryKey: [...resourceKeys.all(sectionOptionResource), 'section', sectionId], queryFn: () => sectionApi.get(sectionId) }).data;
  const changes = useRecordChanges(sectionOptionResource);
  const items = list.data?.items ?? [];
  const isRoomy = section !== undefined && canAddOption(section.templateId, section.activeOptions);

  const columns = useMemo<TableColumnsType<OptionRow>>(
    () => [
      ...withServerSorting<OptionRow>(
        [
          { title: 'Title', dataIndex: 'title', key: 'title' },
          { title: 'Link Type', dataIndex: 'linkType', render: (value: OptionRow['linkType']) => LINK_TYPE_LABELS[value] },
          { title: 'Value', dataIndex: 'value', render: (value: string) => value || '-' },
          { title: 'Created Date', dataIndex: 'createdAt', key: 'createdAt', render: (value: string) => formatDateTime(value) },
        ],
        sectionOptionResource,
        query,
      ),
      { title: 'Status', key: 'status', render: (_: unknown, row: OptionRow) => <StatusSwitch isActive={row.status} onToggle={() => changes.confirmStatusChange(row)} /> },
      {
        title: 'Action',
        key: 'action',
        render: (_: unknown, row: OptionRow) => (
          <Flex gap={4} align="center">
            <RowActionButtons rules={{}} onEdit={() => void navigate(sectionOptionEditPath(row.id, sectionId))} onDelete={() => changes.confirmDelete(row)} />
            <Tooltip title="Download QR code">
              <Button type="text" icon={<DownloadOutlined />} href={qrCodeUrl(row.id)} download={qrFileNameOf(row.title)} aria-label={`Download QR code of ${row.title}`} />
            </Tooltip>
          </Flex>
        ),
      },
    ],
    [changes, navigate, query, sectionId],
  );

  // Custom HTML sections have no options (document 3 §2.17).
  if (!section || !hasOptions(section.templateId)) return null;
  return (
    <Card
      title="Section Options"
      style={{ marginTop: 24 }}
      extra={
        isRoomy && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(sectionOptionAddPath(sectionId))}>
            Add Option
          </Button>
        )
      }
    >
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <SearchBox value={query.search} onSearch={(search) => setQuery((current) => ({ ...current, search, page: 1 }))} placeholder="Search title" />
        {!isRoomy && <Typography.Text type="secondary">This template holds no more active options.</Typography.Text>}
      </Flex>
      <Table<OptionRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={items}
        {...tableLoadingState(list.isFetching)}
        scroll={{ x: 'max-content' }}
        pagination={{ ...listPagination({ page: query.page, pageSize: PAGE_SIZE }, list.data), showSizeChanger: false }}
        onChange={(pagination, _filters, sorter, { action }) => {
          if (action === 'paginate') setQuery((current) => ({ ...current, page: pagination.current ?? 1 }));
          if (action === 'sort') {
            const { columnKey, order } = Array.isArray(sorter) ? (sorter[0] ?? {}) : sorter;
            const direction = order === 'ascend' ? 'asc' : order === 'descend' ? 'desc' : undefined;
            setQuery((current) => ({ ...current, page: 1, sort: direction ? String(columnKey) : undefined, order: direction }));
          }
        }}
      />
    </Card>
  );
}
