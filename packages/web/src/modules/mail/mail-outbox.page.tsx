import { MAIL_MESSAGES, MAIL_STATUS_LABELS, mailOutboxResource, mailSenderStateSchema } from '@facet/contract/modules/mail/mail.schema';
import type { MailListRow, MailRecord, MailStatus } from '@facet/contract/modules/mail/mail.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { apiRequest } from '../../api/client.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { formatDateTime } from '../../ui/format.ts';
import { dateColumn } from '../../ui/list-columns.tsx';
import { resourceApi, resourceKeys } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { mailPaths } from './mail.paths.ts';

const STATUS_COLOURS: Record<MailStatus, string> = { queued: 'default', sent: 'success', failed: 'error' };
const api = resourceApi(mailOutboxResource);

function MailStatusTag({ status }: { status: MailStatus }) {
  return <Tag color={STATUS_COLOURS[status]}>{MAIL_STATUS_LABELS[status]}</Tag>;
}

/**
 * Sales > Customer E-mails: every mail the shop sent or is to send a customer, newest first, with
 * where it stands (sent, not sent yet and when it is tried next, failed and why). A mail opens in a
 * window with its text; one that failed can be sent again.
 */
export default function MailOutboxPage() {
  const [openId, setOpenId] = useState<number | null>(null);
  const sender = useQuery({ queryKey: ['mail-outbox', 'sender'], queryFn: async () => mailSenderStateSchema.parse(await apiRequest('/api/mail-outbox/sender')) });
  return (
    <>
      <ResourceListPage
        resource={mailOutboxResource}
        paths={{ ...mailPaths, edit: mailPaths.list }}
        title="Customer E-mails"
        searchPlaceholder="Search recipient or subject"
        notice={sender.data?.isConfigured === false && <Alert type="warning" showIcon title={MAIL_MESSAGES.notConfigured} style={{ marginBottom: 16 }} />}
        rowLabel={(row) => row.subject}
        columns={[
          { title: 'To', dataIndex: 'to', key: 'to' },
          { title: 'Subject', dataIndex: 'subject', key: 'subject' },
          { title: 'About', dataIndex: 'concerns', key: 'concerns', render: (concerns: string | null) => concerns ?? '-' },
          { title: 'Status', dataIndex: 'sendStatus', key: 'sendStatus', render: (status: MailStatus) => <MailStatusTag status={status} /> },
          { title: 'Tries', dataIndex: 'attempts', key: 'attempts', align: 'right' },
          dateColumn<MailListRow>('Created Date', 'createdAt'),
          {
            title: 'Sent / Next Try',
            key: 'when',
            render: (_: unknown, row: MailListRow) => (row.sentAt ? formatDateTime(row.sentAt) : row.nextAttemptAt ? `Next: ${formatDateTime(row.nextAttemptAt)}` : '-'),
          },
          {
            title: 'View',
            key: 'view',
            render: (_: unknown, row: MailListRow) => (
              <Button size="small" onClick={() => setOpenId(row.id)} aria-label={`View ${row.subject}`}>
                View
              </Button>
            ),
          },
        ]}
      />
      {openId !== null && <MailModal id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}

/** One mail: its facts and its plain text (never its HTML, which is shown to no one but the customer). */
function MailModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mail = useQuery({ queryKey: resourceKeys.detail(mailOutboxResource, id), queryFn: () => api.get(id) });
  const retry = useMutation({
    mutationFn: () => apiRequest<{ message: string; mail: MailRecord }>(`/api/mail-outbox/${id}/retry`, { method: 'POST' }),
    onSuccess: (answer) => {
      void message.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(mailOutboxResource) });
    },
    onError: (error: unknown) => {
      if (isWorthReporting(error)) void message.warning(failureMessage(error));
    },
  });
  const record = mail.data;
  return (
    <Modal
      open
      title={record?.subject ?? 'E-mail'}
      onCancel={onClose}
      width={720}
      footer={[
        record?.sendStatus === 'failed' && (
          <Button key="retry" type="primary" loading={retry.isPending} onClick={() => retry.mutate()}>
            Send again
          </Button>
        ),
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      {record && (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'to', label: 'To', children: record.to },
              { key: 'status', label: 'Status', children: <MailStatusTag status={record.sendStatus} /> },
              { key: 'tries', label: 'Tries', children: record.attempts },
              ...(record.lastError ? [{ key: 'error', label: 'Last error', children: record.lastError }] : []),
              { key: 'created', label: 'Created Date', children: formatDateTime(record.createdAt) },
              ...(record.sentAt ? [{ key: 'sent', label: 'Sent Date', children: formatDateTime(record.sentAt) }] : []),
            ]}
          />
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 16, padding: 12, background: '#fafafa', border: '1px solid #f0f0f0' }}>{record.text}</Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
