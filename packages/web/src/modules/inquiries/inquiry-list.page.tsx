import { inquiryResource } from '@facet/contract/modules/inquiries/inquiry.schema';
import { formatAmount } from '../../ui/format.ts';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { inquiryPaths } from './inquiry.paths.ts';

type InquiryRow = ListItemOf<typeof inquiryResource>;

/**
 * /sales/inquiry (document 3 §2.5): Order Inquiry, the Filters panel (inquiry number, email, inquiry
 * date range; Apply, Reset), ten a page, newest first; View opens an inquiry with the page and filters
 * on its URL, restored by its Back.
 */
export default function InquiryListPage() {
  return (
    <ResourceListPage
      resource={inquiryResource}
      paths={inquiryPaths}
      title="Order Inquiry"
      rowLabel={(row) => row.inquiryNumber}
      columns={[
        { title: 'Inquiry Number', dataIndex: 'inquiryNumber', render: (number: string) => <span style={{ whiteSpace: 'nowrap' }}>{number}</span> },
        { title: 'Email', dataIndex: 'email' },
        { title: 'Total (£)', dataIndex: 'total', align: 'right', render: (total: number, row: InquiryRow) => formatAmount(total, row.symbol) },
        { title: 'Item(s)', dataIndex: 'itemCount', align: 'right' },
        dateColumn<InquiryRow>('Inquiry Date', 'createdAt'),
      ]}
    />
  );
}
