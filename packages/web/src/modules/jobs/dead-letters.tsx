import type { ListResponse } from '@facet/contract/api';
import { DEAD_LETTER_MESSAGES } from '@facet/contract/modules/jobs/dead-letter.schema';
import type { DeadLetter, EventBacklog } from '@facet/contract/modules/jobs/dead-letter.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { apiRequest } from '../../api/client.ts';
import { canAccess, useSession } from '../../session/session-context.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { formatDateTime } from '../../ui/format.ts';
import { changeLabel, subscriberLabel } from './dead-letter-labels.ts';

const PAGE_SIZE = 10;
const POLL_MS = 5000;
/** Names and dates on one line: squeezed, they broke mid-word ('categories.change / d'); the error takes what room is left. */
const ONE_LINE = () => ({ style: { whiteSpace: 'nowrap' as const } });

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

  // Each column says what it is in the shop's words, with the event's and subscriber's own names
  // beside them (small, for whoever reads the server's log).
  const technical = (name: string) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {name}
    </Typography.Text>
  );
  const columns: TableColumnsType<DeadLetter> = [
    {
      title: 'What changed',
      key: 'event',
      onCell: ONE_LINE,
      render: (_, letter) => (
        <Flex vertical>
          <Typography.Text>{changeLabel(letter)}</Typography.Text>
          {technical(letter.event)}
        </Flex>
      ),
    },
    {
      title: 'Failed follow-up',
      key: 'subscriber',
      onCell: ONE_LINE,
      render: (_, letter) => (
        <Flex vertical>
          <Typography.Text>{subscriberLabel(letter.subscriber)}</Typography.Text>
          {technical(letter.subscriber)}
        </Flex>
      ),
    },
    { title: 'Tries', dataIndex: 'attempts', width: 70 },
    { title: 'Error', dataIndex: 'error', render: (value: string | null) => <Typography.Text type="danger">{value}</Typography.Text> },
    { title: 'Changed', dataIndex: 'emittedAt', render: (value: string) => formatDateTime(value), onCell: ONE_LINE },
    { title: 'Last failed', dataIndex: 'failedAt', render: (value: string) => formatDateTime(value), onCell: ONE_LINE },
    {
      title: 'Action',
      key: 'action',
      render: (_, letter) => (
        <Button
          size="small"
          loading={retry.isPending && retry.variables === letter.id}
          aria-label={`Retry ${subscriberLabel(letter.subscriber)} for ${changeLabel(letter)}`}
          onClick={() => retry.mutate(letter.id)}
        >
          Retry
        </Button>
      ),
    },
  ];

  const counts = backlog.data;
  return (
    <Card title="Dead letters" style={{ marginTop: 16 }}>
      <Typography.Paragraph>
        When a record changes, other parts of the system follow it (the storefront cache drops its old copy). A dead letter is one of
        those that still failed after every try, so the storefront may show something out of date. Once the cause is fixed (the error
        says what went wrong), Retry runs it again.
      </Typography.Paragraph>
      {counts && (
        <Typography.Paragraph type="secondary">
          Changes waiting to be passed on: {counts.waiting}. Being passed on now: {counts.delivering}. Dead letters: {counts.dead}.
        </Typography.Paragraph>
      )}
      <Table<DeadLetter>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.items}
        loading={list.isLoading}
        // Secondary text, not antd's placeholder grey (#bfbfbf, 1.8:1 on white, under WCAG AA's 4.5:1).
        locale={{ emptyText: <Typography.Text type="secondary">No dead letters: every change was passed on.</Typography.Text> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </Card>
  );
}
