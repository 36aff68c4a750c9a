import { MESSAGES } from '@facet/contract/messages';
import { subscriberResource } from '@facet/contract/modules/newsletters/subscriber.schema';
import type { SubscriberRecord } from '@facet/contract/modules/newsletters/subscriber.schema';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import type { ListColumn } from '../../ui/list-columns.tsx';
import { dateColumn } from '../../ui/list-columns.tsx';
import { resourceKeys } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { KlaviyoNotice } from './klaviyo-notice.tsx';
import { newsletterApi } from './newsletter.api.ts';
import { newsletterPaths, subscriberPaths } from './newsletter.paths.ts';

/**
 * A row as the API answers it. Its `status` is the subscriber's own (active or not), changed only by
 * Deactivate: the resource declares no status for the list's generic switch, whose row type would
 * otherwise claim the field.
 */
type SubscriberRow = SubscriberRecord;

/**
 * /newsletter/subscribers (document 3 §2.9): Email, Created Date, Status, Deactivate for active ones
 * ('Inactive subscriber?'), Export Excel, search. The newsletters' list and Add form are reached from here.
 */
export default function SubscriberListPage() {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deactivate = (row: SubscriberRow) =>
    modal.confirm({
      title: MESSAGES.subscriberInactiveConfirm,
      content: row.email,
      okText: 'Yes',
      cancelText: 'No',
      onOk: () =>
        newsletterApi.deactivateSubscriber(row.id, row.version).then(
          async () => {
            // The list first: the dialog stays busy until the row shows Inactive, then the toast.
            await queryClient.invalidateQueries({ queryKey: resourceKeys.all(subscriberResource) });
            void message.success(MESSAGES.subscriberInactivated);
          },
          (error: unknown) => {
            if (isWorthReporting(error)) void message.warning(failureMessage(error));
          },
        ),
    });
  const columns: ListColumn<SubscriberRow>[] = [
    { title: 'Email', dataIndex: 'email' },
    dateColumn<SubscriberRow>('Created Date', 'createdAt'),
    {
      title: 'Status',
      key: 'status',
      render: (_: unknown, row: SubscriberRow) => (row.status ? <Tag color="success">Active</Tag> : <Tag>Inactive</Tag>),
    },
    {
      title: 'Action',
      key: 'action',
      render: (_: unknown, row: SubscriberRow) =>
        row.status ? (
          <Button size="small" danger onClick={() => void deactivate(row)} aria-label={`Deactivate ${row.email}`}>
            Deactivate
          </Button>
        ) : null,
    },
  ];
  return (
      <ResourceListPage
        resource={subscriberResource}
        // Never edited: no edit screen, no Action icons (Deactivate is its own column).
        paths={{ list: subscriberPaths.list, edit: subscriberPaths.list }}
        headerActions={
          <>
            <Button onClick={() => void navigate(newsletterPaths.list)}>Newsletters</Button>
            <Button onClick={() => void navigate(newsletterPaths.add)}>Add Newsletter</Button>
          </>
        }
        title="Subscribers List"
        searchPlaceholder="Search by email"
        rowLabel={(row) => (row as unknown as SubscriberRow).email}
        notice={<KlaviyoNotice />}
        columns={columns as never}
      />
  );
}
