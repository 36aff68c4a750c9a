import type { ListResponse } from '@facet/contract/api';
import { DEAD_LETTER_MESSAGES } from '@facet/contract/modules/jobs/dead-letter.schema';
import type { DeadLetter, EventBacklog } from '@facet/contract/modules/jobs/dead-letter.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { apiRequest } from '../../api/client.ts';
import { canAccess, useSession } from '../../session/session-context.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { formatDateTime } from '../../ui/format.ts';

const PAGE_SIZE = 10;
const POLL_MS = 5000;

/**
 * The Job Centre's dead letters (system staff): events a module's subscriber still failed on after
 * its retries, such as a storefront cache invalidation, with Retry; above them, how many events wait.
 */
export function DeadLetters() {
  const session = useSession();
  return canAccess(session, 'system') ? <DeadLetterList /> : null;
}

function DeadLetterList() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const backlog = useQuery({ queryKey: ['jobs', 'events'], queryFn: () => apiRequest<EventBacklog>('/api/jobs/events'), refetchInterval: POLL_MS });
  const list = useQuery({
    queryKey: ['jobs', 'dead-letters', page],
    queryFn: () => apiRequest<ListResponse<DeadLetter>>('/api/jobs/dead-letters', { query: { page, pageSize: PAGE_SIZE } }),
    refetchInterval: POLL_MS,
  });
  const retry = useMutation({
    mutationFn: (id: number) => apiRequest<DeadLetter>(`/api/jobs/dead-letters/${id}/retry`, { method: 'POST' }),
    onSuccess: () => {
      void message.success(DEAD_LETTER_MESSAGES.retried);
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
    onError: (error: unknown) => {
      if (isWorthReporting(error)) void message.warning(failureMessage(error));
    },
  });

  const columns: TableColumnsType<DeadLetter> = [
    { title: 'Event', dataIndex: 'event' },
    { title: 'Subscriber', dataIndex: 'subscriber' },
    { title: 'Attempts', dataIndex: 'attempts', width: 90 },
    { title: 'Error', dataIndex: 'error', render: (value: string | null) => <Typography.Text type="danger">{value}</Typography.Text> },
    { title: 'Emitted', dataIndex: 'emittedAt', render: (value: string) => formatDateTime(value) },
    { title: 'Failed', dataIndex: 'failedAt', render: (value: string) => formatDateTime(value) },
    {
      title: 'Action',
      key: 'action',
      render: (_, letter) => (
        <Button size="small" loading={retry.isPending && retry.variables === letter.id} onClick={() => retry.mutate(letter.id)}>
          Retry
        </Button>
      ),
    },
  ];

  const counts = backlog.data;
  return (
    <Card title="Dead letters" style={{ marginTop: 16 }}>
      {counts && (
        <Typography.Paragraph type="secondary">
          Events waiting: {counts.waiting}. Deliveries under way: {counts.delivering}. Dead letters: {counts.dead}.
        </Typography.Paragraph>
      )}
      <Table<DeadLetter>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.items}
        loading={list.isLoading}
        // Secondary text, not antd's placeholder grey (#bfbfbf, 1.8:1 on white, under WCAG AA's 4.5:1).
        locale={{ emptyText: <Typography.Text type="secondary">No dead letters: every event reached its subscribers.</Typography.Text> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
    </Card>
  );
}
