import type { ListResponse } from '@facet/contract/api';
import { DASHBOARD_SEARCH_TERMS_PAGE_SIZE } from '@facet/contract/modules/dashboard/dashboard.schema';
import type { SearchTermRecord } from '@facet/contract/modules/reports/report.schema';
import { searchTermResource } from '@facet/contract/modules/reports/report.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Table } from 'antd';
import { useState } from 'react';
import { apiRequest } from '../../api/client.ts';
import { formatDateTime } from '../../ui/format.ts';
import { SearchBox } from '../../ui/search-box.tsx';

type Sort = { field: 'keyword' | 'uses' | 'results' | 'lastSearchedAt'; order: 'asc' | 'desc' };

/**
 * The Last Search Terms and Top Search Terms tabs (document 1 §2, §7, §9): keyword, number of uses,
 * number of results, last search date; 5 a page, paged, searched and sorted on the server. Last sorts
 * by the last search, Top by the uses, until a column's sort is chosen.
 */
export function SearchTermsTab({ initialSort, label }: { initialSort: Sort; label: string }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(initialSort);
  const query = { page, pageSize: DASHBOARD_SEARCH_TERMS_PAGE_SIZE, search: search || undefined, sort: sort.field, order: sort.order };
  const list = useQuery({
    queryKey: ['dashboard', 'search-terms', query],
    queryFn: () => apiRequest<ListResponse<SearchTermRecord>>(`/api/${searchTermResource.name}`, { query }),
    placeholderData: keepPreviousData,
  });
  const sortOrder = (field: Sort['field']) => (sort.field === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);
  const columns: TableColumnsType<SearchTermRecord> = [
    { title: 'Keyword', dataIndex: 'keyword', key: 'keyword', sorter: true, sortOrder: sortOrder('keyword') },
    { title: 'Number of Uses', dataIndex: 'uses', key: 'uses', align: 'right', sorter: true, sortOrder: sortOrder('uses') },
    { title: 'Number of Results', dataIndex: 'results', key: 'results', align: 'right', sorter: true, sortOrder: sortOrder('results') },
    { title: 'Last Search Date', dataIndex: 'lastSearchedAt', key: 'lastSearchedAt', sorter: true, sortOrder: sortOrder('lastSearchedAt'), render: (at: string) => formatDateTime(at) },
  ];
  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <SearchBox
          value={search}
          placeholder={`Search ${label.toLowerCase()}`}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
      </div>
      <Table<SearchTermRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: DASHBOARD_SEARCH_TERMS_PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false }}
        onChange={(pagination, _filters, sorter, { action }) => {
          if (action === 'paginate') setPage(pagination.current ?? 1);
          if (action === 'sort') {
            const { columnKey, order } = Array.isArray(sorter) ? (sorter[0] ?? {}) : sorter;
            setSort(order ? { field: columnKey as Sort['field'], order: order === 'ascend' ? 'asc' : 'desc' } : initialSort);
            setPage(1);
          }
        }}
      />
    </>
  );
}
