import { abandonedCartResource } from '@facet/contract/modules/carts/cart.schema';
import { Space } from 'antd';
import { formatAmount } from '../../ui/format.ts';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { PaymentStatusTag, RecoveredTag, ReminderTag } from './cart-tags.tsx';
import { cartPaths } from './cart.paths.ts';

type CartRow = ListItemOf<typeof abandonedCartResource>;

/** The Customer column: the customer's name, or the guest's email. */
const customerOf = (row: Pick<CartRow, 'customerName' | 'email'>) => row.customerName || row.email;

/**
 * /sales/abandoned-carts (document 3 §2.6): Customer, Is Email Sent?, Payment Status, Cart Total,
 * Created Date and View, ten a page, newest first; beyond the spec, a Filters panel (customer, email
 * sent, payment status, recovered, created date) and the Recovered badge. The page and filters travel
 * on the View link and come back with the cart's Back.
 */
export default function CartListPage() {
  return (
    <ResourceListPage
      resource={abandonedCartResource}
      paths={cartPaths}
      title="Abandoned Carts"
      rowLabel={(row) => `the cart of ${customerOf(row)}`}
      columns={[
        {
          title: 'Customer',
          key: 'customer',
          render: (_: unknown, row: CartRow) => (
            <Space size={6} wrap>
              {customerOf(row)}
              {row.isRecovered && <RecoveredTag orderNumber={null} />}
            </Space>
          ),
        },
        { title: 'Is Email Sent?', dataIndex: 'isReminded', render: (isReminded: boolean) => <ReminderTag isReminded={isReminded} /> },
        { title: 'Payment Status', dataIndex: 'paymentStatus', render: (status: string) => <PaymentStatusTag status={status} /> },
        { title: 'Cart Total', dataIndex: 'total', align: 'right', render: (total: number, row: CartRow) => formatAmount(total, row.symbol) },
        dateColumn<CartRow>('Created Date', 'createdAt'),
      ]}
    />
  );
}
