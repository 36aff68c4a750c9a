import { MESSAGES } from '@facet/contract/messages';
import { NEWSLETTER_STATES, newsletterResource } from '@facet/contract/modules/newsletters/newsletter.schema';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { formatDateTime } from '../../ui/format.ts';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { resourceKeys } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { KlaviyoNotice } from './klaviyo-notice.tsx';
import { newsletterApi } from './newsletter.api.ts';
import { klaviyoSettingsPath, newsletterPaths, subscriberPaths } from './newsletter.paths.ts';

type NewsletterRow = ListItemOf<typeof newsletterResource>;

const STATE_COLORS = { pending: 'warning', sent: 'success', cancelled: 'default' } as const;

/**
 * /newsletter/list (document 3 §2.9): Template, Scheduled On, Status (Sent / Cancelled / Pending),
 * Created Date; Cancel only for Pending ('Cancel Newsletter?'); Excel export; search (debounced 1 s
 * by the list's search box). Refresh from Klaviyo queues the sync job that marks sent ones Sent.
 */
export default function NewsletterListPage() {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(newsletterResource) });
  const report = (error: unknown) => {
    if (isWorthReporting(error)) void message.warning(failureMessage(error));
  };
  const cancel = (row: NewsletterRow) =>
    modal.confirm({
      title: MESSAGES.newsletterCancelConfirm,
      content: `${row.templateName}, scheduled on ${formatDateTime(row.scheduledOn)}`,
      okText: 'Yes',
      cancelText: 'No',
      onOk: () =>
        newsletterApi.cancel(row.id, row.version).then(async () => {
          // The list first: the dialog stays busy until the row shows Cancelled, then the toast.
          await refresh();
          void message.success(MESSAGES.newsletterCancelled);
        }, report),
    });
  const sync = () =>
    newsletterApi.sync().then((answer) => {
      void message.info(answer.jobId === null ? 'Nothing to refresh: Klaviyo is not configured, or a refresh is already running.' : 'Refreshing from Klaviyo: sent newsletters will show Sent shortly.');
    }, report);
  return (
    <ResourceListPage
      resource={newsletterResource}
      paths={newsletterPaths}
      title="Newsletters"
      searchPlaceholder="Search by template"
      rowLabel={(row) => row.templateName}
      notice={<KlaviyoNotice />}
      headerActions={
        <>
          <Button onClick={() => void navigate(subscriberPaths.list)}>Subscribers List</Button>
          <Button onClick={() => void navigate(klaviyoSettingsPath)}>Klaviyo Settings</Button>
          <Button onClick={() => void sync()}>Refresh from Klaviyo</Button>
        </>
      }
      columns={[
        { title: 'Template', dataIndex: 'templateName' },
        dateColumn<NewsletterRow>('Scheduled On', 'scheduledOn'),
        {
          title: 'Status',
          key: 'state',
          render: (_: unknown, row: NewsletterRow) => <Tag color={STATE_COLORS[row.state]}>{NEWSLETTER_STATES[row.state]}</Tag>,
        },
        dateColumn<NewsletterRow>('Created Date', 'createdAt'),
        {
          title: 'Action',
          key: 'action',
          render: (_: unknown, row: NewsletterRow) =>
            row.state === 'pending' ? (
              <Button size="small" danger onClick={() => void cancel(row)} aria-label={`Cancel ${row.templateName}`}>
                Cancel
              </Button>
            ) : null,
        },
      ]}
    />
  );
}
