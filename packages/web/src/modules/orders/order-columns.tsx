import { EyeOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { OrderListRow } from '@facet/contract/modules/orders/order.schema';
import { orderStatusLabel, orderViewPath } from '@facet/contract/modules/orders/order.schema';
import type { OrderStatus } from '@facet/contract/modules/orders/order-status';
import { Tag, Typography } from 'antd';
import type { To } from 'react-router';
import { Link } from 'react-router';
import { formatMoney } from '../../ui/format.ts';
import type { ListColumn } from '../../ui/list-columns.tsx';
import { dateColumn } from '../../ui/list-columns.tsx';

/**
 * Where an order's view returns on Back when it was not opened from the orders list (the customer's
 * Orders tab): that screen's address and its own location state.
 */
export interface OrderViewReturn {
  returnTo?: To;
  returnState?: unknown;
}

/** An order's status in the spec's words (ON HOLD for ON_HOLD). */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return <Tag>{orderStatusLabel(status)}</Tag>;
}

/** The invoice PDF, opened in a new tab, once the order has one; a dash until then. */
export function InvoiceLink({ orderNumber, url }: { orderNumber: string; url: string | null }) {
  if (!url) return '-';
  return (
    <Typography.Link href={url} target="_blank" rel="noopener noreferrer" aria-label={`Invoice PDF of order ${orderNumber}`}>
      <FilePdfOutlined /> PDF
    </Typography.Link>
  );
}

/** A refund's credit note PDF (CN-000123), opened in a new tab. */
export function CreditNoteLink({ creditNote }: { creditNote: { number: string; url: string } }) {
  return (
    <Typography.Link href={creditNote.url} target="_blank" rel="noopener noreferrer" aria-label={`Credit note ${creditNote.number} PDF`}>
      <FilePdfOutlined /> Credit note {creditNote.number}
    </Typography.Link>
  );
}

type Row = Pick<OrderListRow, 'orderNumber' | 'total' | 'currencySymbol' | 'itemCount' | 'createdAt' | 'invoiceUrl' | 'status'>;

/**
 * The columns an order row shows wherever orders are listed (Sales > Orders, a customer's Orders
 * tab), by name: the total in the order's own currency, the pieces ordered, the date, the invoice,
 * and the link to the order's view (`search` its query: the list's page and filters, which Back restores).
 */
export function orderColumns<T extends Row>(view: { search?: string; state?: OrderViewReturn }) {
  return {
    orderNumber: { title: 'Order Number', dataIndex: 'orderNumber', key: 'orderNumber' } as ListColumn<T>,
    total: { title: 'Total', key: 'total', align: 'right', render: (_: unknown, row: T) => formatMoney(row.total, row.currencySymbol) } as ListColumn<T>,
    items: { title: 'Items', dataIndex: 'itemCount', key: 'itemCount', align: 'right' } as ListColumn<T>,
    status: { title: 'Status', key: 'status', render: (_: unknown, row: T) => <OrderStatusTag status={row.status} /> } as ListColumn<T>,
    date: dateColumn<T>('Order Date', 'createdAt'),
    invoice: { title: 'Invoice', key: 'invoice', render: (_: unknown, row: T) => <InvoiceLink orderNumber={row.orderNumber} url={row.invoiceUrl} /> } as ListColumn<T>,
    view: {
      title: 'View',
      key: 'view',
      width: 90,
      render: (_: unknown, row: T) => (
        <Link to={`${orderViewPath(row.orderNumber)}${view.search ?? ''}`} state={view.state} aria-label={`View order ${row.orderNumber}`}>
          <EyeOutlined /> View
        </Link>
      ),
    } as ListColumn<T>,
  };
}
