import { PENDING_PAYMENT } from '@facet/contract/modules/carts/cart.schema';
import { Tag } from 'antd';

/** Payment Status (document 3 §4): PENDING a warning badge, any other value a danger badge. */
export function PaymentStatusTag({ status }: { status: string }) {
  return <Tag color={status === PENDING_PAYMENT ? 'warning' : 'error'}>{status}</Tag>;
}

/** Is Email Sent?: Sent or Not Sent. */
export function ReminderTag({ isReminded }: { isReminded: boolean }) {
  return isReminded ? <Tag color="success">Sent</Tag> : <Tag>Not Sent</Tag>;
}

/** A cart that became an order after it was abandoned (beyond the spec). */
export function RecoveredTag({ orderNumber }: { orderNumber: string | null }) {
  return <Tag color="blue">{orderNumber ? `Recovered: order ${orderNumber}` : 'Recovered'}</Tag>;
}
