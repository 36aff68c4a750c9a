import { feedRunListQuery } from '@facet/contract/modules/diamonds/diamond.schema';
import type { FeedRunRecord } from '@facet/contract/modules/diamonds/diamond.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Button, Card, Flex, Select, Table, Typography } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../ui/format.ts';
import { tableLoadingState } from '../../ui/loading-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { listPagination, tableChangeToQuery, useListQuery } from '../../ui/use-list-query.ts';
import { nivodaApi, nivodaKeys } from './diamond.api.ts';
import { nivodaPaths } from './diamond.paths.ts';
import { RunOutcomeTag, RunStepTag } from './feed-run-tags.tsx';

/** A time in the spec's format, the date over the time, so the log's many columns fit the screen. */
function DateTime({ value }: { value: string }) {
  const [day, ...time] = formatDateTime(value).split(' ');
  return (
    <Flex vertical>
      <span>{day}</span>
      <Typography.Text type="secondary">{time.join(' ')}</Typography.Text>
    </Flex>
  );
}

/** While a run is under way the log refreshes itself, so its end (and counts) appear without a reload. */
const RUNNING_POLL_MS = 2000;
const count = (value: number) => value.toLocaleString('en-GB');
const kindFilter = feedRunListQuery.filters.kind;

/**
 * System > Nivoda Logs (document 3 §2.1, §3 service log): the feed's runs, newest first, with the
 * spec's fields (service name, download, insert into database, start time, end time, error message,
 * total count; no end time means running) and what a shop needs besides: added, updated, repriced, removed.
 * The search (document 3 §7: page, search, page_size) finds runs by service name or error message.
 */
export default function NivodaLogsPage() {
  const navigate = useNavigate();
  const [query, changeQuery, params] = useListQuery(feedRunListQuery.schema);
  const apiQuery = { ...params, page: query.page, pageSize: query.pageSize };
  const search = useCallback((text: string) => changeQuery({ search: text, page: undefined }, { replace: true }), [changeQuery]);
  const logs = useQuery({
    queryKey: nivodaKeys.logs(apiQuery),
    queryFn: () => nivodaApi.logs(apiQuery),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.items.some((run) => run.isRunning) ? RUNNING_POLL_MS : false),
  });

  const columns: TableColumnsType<FeedRunRecord> = [
    {
      title: 'Service Name',
      dataIndex: 'serviceName',
      key: 'serviceName',
      width: 170,
      render: (name: string, run) => (
        <Flex vertical>
          <span>{name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {run.kind === 'reprice' ? `Repricing (${run.mode})` : `${run.mode === 'full' ? 'Full' : 'Incremental'} sync`}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: 'Download', dataIndex: 'download', key: 'download', render: (state: FeedRunRecord['download']) => <RunStepTag state={state} /> },
    { title: 'Insert into Database', dataIndex: 'insertInDatabase', key: 'insertInDatabase', render: (state: FeedRunRecord['insertInDatabase']) => <RunStepTag state={state} /> },
    { title: 'Start Time', dataIndex: 'startTime', key: 'startTime', sorter: true, sortOrder: query.order === 'asc' ? 'ascend' : 'descend', sortDirections: ['descend', 'ascend', 'descend'], render: (value: string) => <DateTime value={value} /> },
    { title: 'End Time', dataIndex: 'endTime', key: 'endTime', render: (value: string | null, run) => (value ? <DateTime value={value} /> : run.isRunning ? <RunOutcomeTag run={run} /> : '-') },
    {
      title: 'Error Message',
      dataIndex: 'errorMessage',
      key: 'errorMessage',
      width: 240,
      render: (value: string | null) => (value ? <Typography.Text type="danger">{value}</Typography.Text> : '-'),
    },
    { title: 'Total Count', dataIndex: 'totalCount', key: 'totalCount', align: 'right', render: count },
    { title: 'Added', dataIndex: 'added', key: 'added', align: 'right', render: count },
    { title: 'Updated', dataIndex: 'updated', key: 'updated', align: 'right', render: count },
    { title: 'Repriced', dataIndex: 'repriced', key: 'repriced', align: 'right', render: count },
    { title: 'Removed', dataIndex: 'removed', key: 'removed', align: 'right', render: count },
  ];

  return (
    <>
      <PageHeader title="Nivoda Logs" extra={<Button onClick={() => void navigate(nivodaPaths.service)}>Import Services</Button>} />
      <Card>
        <Flex justify="space-between" gap={16} wrap style={{ marginBottom: 16 }}>
          <SearchBox value={query.search ?? ''} onSearch={search} placeholder="Search service name or error message" />
          <Select
            allowClear
            aria-label="Service"
            placeholder="Every service"
            style={{ width: 240 }}
            value={query.kind?.[0]}
            options={kindFilter.values.map((value) => ({ value, label: kindFilter.optionLabels[value] }))}
            onChange={(value?: string) => changeQuery({ kind: value, page: undefined })}
          />
        </Flex>
        <Table<FeedRunRecord>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={logs.data?.items ?? []}
          {...tableLoadingState(logs.isPending, query.search || query.kind ? 'No runs match this search.' : 'No runs yet: start a sync from Import Services.')}
          onChange={tableChangeToQuery<FeedRunRecord>(changeQuery)}
          scroll={{ x: 1000 }}
          pagination={listPagination(query, logs.data)}
        />
      </Card>
    </>
  );
}
