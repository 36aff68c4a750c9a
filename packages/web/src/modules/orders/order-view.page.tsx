import './order-view.css';
import { PrinterOutlined } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import type { OrderAddressRecord, OrderLine, OrderRecord } from '@facet/contract/modules/orders/order.schema';
import { PAYMENT_METHODS, REFUND_TYPES } from '@facet/contract/modules/orders/order.schema';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Button, Card, Col, Descriptions, Result, Row, Skeleton, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { generatePath, Link, useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { canAccess, useSession } from '../../session/session-context.ts';
import { formatDateTime, formatMoney } from '../../ui/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { customerPaths } from '../customers/customer.paths.ts';
import type { OrderViewReturn } from './order-columns.tsx';
import { CreditNoteLink, InvoiceLink, OrderStatusTag } from './order-columns.tsx';
import { orderApi, orderKeys } from './order.api.ts';
import { awaitsDocument, documentPollInterval } from './order-documents.ts';
import { orderPaths } from './order.paths.ts';
import { OrderStatusForm } from './order-status-form.tsx';
import { SupplierOrderReference } from './supplier-order-reference.tsx';

/** A calendar day (YYYY-MM-DD) in the spec's month/day/year. */
const formatDay = (day: string | null) => (day ? dayjs(day).format('MM/DD/YYYY') : '-');

/** Back: to the screen the order was opened from (a customer's Orders tab), else to the orders list with the page and filters its link carried. */
function useBack() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = location.state as OrderViewReturn | null;
  return () => {
    if (from?.returnTo) void navigate(from.returnTo, { state: from.returnState });
    else void navigate(`${orderPaths.list}${location.search}`);
  };
}

/** An address block as a letter shows it: name, street, town, county, post code, country, phone. */
function AddressBlock({ title, address }: { title: string; address: OrderAddressRecord }) {
  return (
    <div>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <address className="order-view__address">
        <strong>
          {address.firstName} {address.lastName}
        </strong>
        <span>{address.street}</span>
        <span>{address.city}</span>
        <span>{address.stateName}</span>
        <span>{address.postcode}</span>
        <span>{address.countryName}</span>
        {address.contactNumber && <span>T: {address.contactNumber}</span>}
      </address>
    </div>
  );
}

/** The options the storefront showed with a line (document 3 §3: show_in_storefront), as "Metal: 18k White Gold". */
function LineOptions({ line }: { line: OrderLine }) {
  const shown = [...line.productOptions, ...line.standaloneOptions].filter((option) => option.showInStorefront);
  if (!shown.length) return null;
  return (
    <ul className="order-view__options">
      {shown.map((option, index) => (
        <li key={index}>
          <span className="order-view__muted">{option.title}:</span> {option.value}
        </li>
      ))}
    </ul>
  );
}

function itemColumns(order: OrderRecord): TableColumnsType<OrderLine> {
  const money = (amount: number) => formatMoney(amount, order.currencySymbol);
  return [
    {
      title: 'Product',
      key: 'product',
      render: (_: unknown, line) => (
        <div>
          <Typography.Text strong>{line.name}</Typography.Text>
          {line.vendor && <div className="order-view__muted">Vendor: {line.vendor}</div>}
          <LineOptions line={line} />
        </div>
      ),
    },
    { title: 'Size', dataIndex: 'size', key: 'size', render: (size: string) => size || '-' },
    { title: 'Model Number', key: 'modelNumber', render: (_: unknown, line) => line.modelNumber || line.parentSku || '-' },
    {
      title: 'SKU',
      key: 'sku',
      render: (_: unknown, line) => (
        <div>
          <div>{line.sku}</div>
          {line.certificate && <div className="order-view__muted">Certificate: {line.certificate}</div>}
          {line.isDiamond && <SupplierOrderReference order={order} line={line} />}
        </div>
      ),
    },
    { title: 'Price', dataIndex: 'price', key: 'price', align: 'right', render: money },
    { title: 'Qty', dataIndex: 'qty', key: 'qty', align: 'right' },
    { title: 'Discount', dataIndex: 'discount', key: 'discount', align: 'right', render: money },
    { title: 'Total', dataIndex: 'total', key: 'total', align: 'right', render: money },
  ];
}

const historyColumns: TableColumnsType<OrderRecord['history'][number]> = [
  { title: 'Status', dataIndex: 'status', key: 'status', render: (status: OrderRecord['status']) => <OrderStatusTag status={status} /> },
  {
    title: 'Comment',
    key: 'comment',
    render: (_: unknown, entry) => (
      <>
        {entry.comment || (entry.creditNote ? '' : '-')}
        {entry.creditNote && (
          <div>
            <CreditNoteLink creditNote={entry.creditNote} />
          </div>
        )}
      </>
    ),
  },
  { title: 'Date', dataIndex: 'createdAt', key: 'createdAt', render: (at: string) => formatDateTime(at) },
  { title: 'Customer Notified', dataIndex: 'notifyCustomer', key: 'notifyCustomer', render: (notified: boolean) => (notified ? 'Yes' : 'No') },
  { title: 'Changed By', dataIndex: 'createdByName', key: 'createdByName', render: (name: string | null) => name ?? 'Storefront' },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title} className="order-view__section">
      {children}
    </Card>
  );
}

/** A section of two blocks side by side (order and account, billing and shipping...), one above the other on a narrow screen. */
function SplitSection({ title, blocks }: { title: string; blocks: [ReactNode, ReactNode] }) {
  return (
    <Section title={title}>
      <Row gutter={[24, 16]}>
        {blocks.map((block, index) => (
          <Col key={index} xs={24} lg={12}>
            {block}
          </Col>
        ))}
      </Row>
    </Section>
  );
}

/** A block of label and value rows; figures (`isFigures`) line up on the right. */
function InfoTable({ title, rows, isFigures = false }: { title?: string; rows: [label: string, value: ReactNode][]; isFigures?: boolean }) {
  return (
    <Descriptions
      title={title}
      bordered
      size="small"
      column={1}
      items={rows.map(([label, value]) => ({ key: label, label, children: value }))}
      styles={isFigures ? { content: { textAlign: 'right' } } : undefined}
    />
  );
}

/** Order Total's figures (document 3 §3): subtotal, discount, shipping, card fee, grand total, refunded and what remains to refund. */
function Totals({ order }: { order: OrderRecord }) {
  const money = (amount: number) => formatMoney(amount, order.currencySymbol);
  return (
    <>
      <InfoTable
        isFigures
        rows={[
          ['Subtotal', money(order.subtotal)],
          [order.couponCode ? `Discount (coupon ${order.couponCode})` : 'Discount', money(order.discount === 0 ? 0 : -order.discount)],
          ['Shipping & Handling', money(order.shippingAmount)],
          ['Card Fee', money(order.cardFee)],
          ['Grand Total', <strong key="total">{money(order.total)}</strong>],
          ['Total Refunded', money(order.refundedTotal)],
          ['Remaining Refund Amount', money(order.remainingRefundAmount)],
        ]}
      />
      {order.refunds.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            Refunds
          </Typography.Title>
          <ul className="order-view__refunds">
            {order.refunds.map((refund) => (
              <li key={refund.id}>
                {formatDateTime(refund.createdAt)}: {REFUND_TYPES[refund.type]} refund of {money(refund.amount)}
                {refund.createdByName ? ` by ${refund.createdByName}` : ''}
                {refund.creditNote ? (
                  <>
                    {' '}
                    <CreditNoteLink creditNote={refund.creditNote} />
                  </>
                ) : (
                  awaitsDocument(order) && <Typography.Text type="secondary"> (credit note being made)</Typography.Text>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function OrderView({ order }: { order: OrderRecord }) {
  const session = useSession();
  const back = useBack();
  const customerName = `${order.firstName} ${order.lastName}`.trim();
  const canOpenCustomer = order.customerId !== null && canAccess(session, 'customers');
  return (
    <div className="order-view">
      <PageHeader
        title={`Order # ${order.orderNumber}`}
        onBack={back}
        extra={
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            Print
          </Button>
        }
      />
      <SplitSection
        title="Order & Account Information"
        blocks={[
          <InfoTable
            key="order"
            title="Order Information"
            rows={[
              ['Order Number', order.orderNumber],
              ['Order Date', formatDateTime(order.createdAt)],
              ['Order Status', <OrderStatusTag key="status" status={order.status} />],
              ['Currency', `${order.currencyName} (${order.currencySymbol})`],
              ['Invoice', <InvoiceLink key="invoice" orderNumber={order.orderNumber} url={order.invoiceUrl} />],
            ]}
          />,
          <InfoTable
            key="account"
            title="Account Information"
            rows={[
              ['Customer Name', canOpenCustomer ? <Link to={generatePath(customerPaths.edit, { id: String(order.customerId) })}>{customerName}</Link> : customerName],
              ['Email', <Typography.Link key="email" href={`mailto:${order.email}`}>{order.email}</Typography.Link>],
              ['Phone', order.phone || '-'],
              ['Customer', order.isGuest ? 'Guest' : 'Registered customer'],
            ]}
          />,
        ]}
      />
      <SplitSection
        title="Address Information"
        blocks={[<AddressBlock key="billing" title="Billing Address" address={order.billingAddress} />, <AddressBlock key="shipping" title="Shipping Address" address={order.shippingAddress} />]}
      />
      <SplitSection
        title="Payment & Shipping Method"
        blocks={[
          <InfoTable
            key="payment"
            title="Payment Information"
            rows={[
              ['Payment Method', PAYMENT_METHODS[order.paymentMethod]],
              ['Paid', order.paidAt ? formatDateTime(order.paidAt) : 'Not paid yet'],
            ]}
          />,
          <InfoTable
            key="shipping"
            title="Shipping Information"
            rows={[
              ['Shipping Method', order.shippingMethodName || '-'],
              ['Shipping Charge', formatMoney(order.shippingAmount, order.currencySymbol)],
              ['Tracking Number', order.trackingNumber || '-'],
              ['Delivery Date', formatDay(order.deliveryDate)],
            ]}
          />,
        ]}
      />
      <Section title="Items Ordered">
        <Table<OrderLine> rowKey="id" size="small" columns={itemColumns(order)} dataSource={order.lines} pagination={false} scroll={{ x: 'max-content' }} />
      </Section>
      <Section title="Order Total">
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={12} className="no-print">
            <Typography.Title level={5}>Update Status</Typography.Title>
            <OrderStatusForm key={order.version} order={order} />
          </Col>
          <Col xs={24} lg={12} className="order-view__totals">
            <Totals order={order} />
          </Col>
        </Row>
      </Section>
      <Section title="Order Status History">
        <Table rowKey="id" size="small" columns={historyColumns} dataSource={order.history} pagination={false} />
      </Section>
    </div>
  );
}

/**
 * /order/view/order_id/{orderNumber} (document 3 §2.4; issue 24 §2): Order & Account Information,
 * Address Information (billing, shipping), Payment & Shipping Method, Items Ordered, Order Total
 * with the status update form, Order Status History; Print (a clean A4 page: no menu, no buttons, no
 * form) and Back (to the list's page and filters).
 */
export default function OrderViewPage() {
  const { orderNumber = '' } = useParams();
  // A refund's credit note and a confirmation's invoice are made after the change commits: asked for again until they are there.
  const order = useQuery({ queryKey: orderKeys.detail(orderNumber), queryFn: () => orderApi.get(orderNumber), refetchInterval: (query) => documentPollInterval(query.state.data) });
  const back = useBack();
  if (order.isPending) return <Skeleton active />;
  if (order.isError) {
    const isMissing = isApiError(order.error, 404) || isApiError(order.error, 400);
    return (
      <Result
        status={isMissing ? '404' : 'error'}
        title={isMissing ? `There is no order ${orderNumber}.` : MESSAGES.somethingWentWrong}
        extra={<Button onClick={back}>Back</Button>}
      />
    );
  }
  return <OrderView order={order.data} />;
}
