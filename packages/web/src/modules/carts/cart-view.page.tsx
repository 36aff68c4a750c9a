import { MailOutlined } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import type { CartAddress, CartLine, CartRecord } from '@facet/contract/modules/carts/cart.schema';
import { abandonedCartResource, cartReminderPath } from '@facet/contract/modules/carts/cart.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { App, Button, Col, Row, Table, Tooltip, Typography } from 'antd';
import { Link, generatePath } from 'react-router';
import { apiRequest } from '../../api/client.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { formatAmount, formatDateTime } from '../../ui/format.ts';
import { resourceKeys } from '../../ui/resource-api.ts';
import { ResourceViewPage } from '../../ui/resource-view-page.tsx';
import { Thumbnail } from '../../ui/thumbnail.tsx';
import { customerPaths } from '../customers/customer.paths.ts';
import { mailPaths } from '../mail/mail.paths.ts';
import { SaleAddress, SaleFacts, SaleLineProduct, SaleSection } from '../inquiries/sale-lines.tsx';
import { PaymentStatusTag, RecoveredTag, ReminderTag } from './cart-tags.tsx';
import { cartPaths } from './cart.paths.ts';

/** Why the cart's reminder cannot be sent now, or null when it can. */
function reminderBlocked(cart: CartRecord): string | null {
  if (cart.convertedAt) return MESSAGES.cartConverted;
  if (!cart.isAbandoned) return MESSAGES.cartNotAbandoned;
  if (cart.isReminded) return MESSAGES.cartReminderSent;
  return null;
}

/** Send Reminder, behind a confirmation; the cart then shows Is Email Sent? Sent. */
function ReminderButton({ cart }: { cart: CartRecord }) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => apiRequest<CartRecord>(cartReminderPath(cart.id), { method: 'POST' }),
    onSuccess: async () => {
      void message.success(MESSAGES.cartReminderQueued);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(abandonedCartResource) });
    },
    onError: (error) => {
      if (isWorthReporting(error)) void message.warning(failureMessage(error));
    },
  });
  const blocked = reminderBlocked(cart);
  const button = (
    <Button
      icon={<MailOutlined />}
      disabled={blocked !== null}
      loading={send.isPending}
      onClick={() => {
        modal.confirm({
          title: 'Send a reminder email?',
          content: `${cart.email} will be reminded of the cart they left. A cart is reminded once.`,
          okText: 'Send',
          cancelText: 'Cancel',
          // The dialog stays busy until the server answers; a refusal is the mutation's warning.
          onOk: () => send.mutateAsync().then(
            () => undefined,
            () => undefined,
          ),
        });
      }}
    >
      Send Reminder
    </Button>
  );
  return blocked ? <Tooltip title={blocked}>{button}</Tooltip> : button;
}

/** Where the reminder e-mail stands in the outbox, with a link to it there (Sales > Customer E-mails). */
function ReminderMailState({ cart }: { cart: CartRecord }) {
  const mail = cart.reminderMail;
  if (!mail) return null;
  const state =
    mail.sendStatus === 'sent'
      ? `E-mail sent ${formatDateTime(mail.sentAt)}`
      : mail.sendStatus === 'failed'
        ? `E-mail failed: ${mail.lastError ?? 'no reason given'}`
        : 'E-mail waiting to be sent';
  return (
    <Typography.Text type={mail.sendStatus === 'failed' ? 'danger' : 'secondary'} style={{ display: 'block' }}>
      {state} · <Link to={`${mailPaths.list}?concerns=${encodeURIComponent(`cart:${cart.id}`)}`}>See the e-mail</Link>
    </Typography.Text>
  );
}

/** A billing or shipping block: the address, or the spec's words when the shopper gave none. */
function AddressBlock({ title, address }: { title: 'Billing' | 'Shipping'; address: CartAddress | null }) {
  return (
    <SaleSection title={`${title} Address`}>
      {address ? (
        <SaleAddress lines={[`${address.firstName} ${address.lastName}`, address.street, address.city, address.state, address.postcode, address.country]} />
      ) : (
        <Typography.Text type="secondary">{title} address not available</Typography.Text>
      )}
    </SaleSection>
  );
}

function CartItems({ cart }: { cart: CartRecord }) {
  const columns: TableColumnsType<CartLine> = [
    { title: 'Image', key: 'image', width: 72, render: (_, line) => <Thumbnail src={line.image} alt={line.name} /> },
    { title: 'Name', key: 'name', render: (_, line) => <SaleLineProduct line={line} /> },
    { title: 'Model', dataIndex: 'modelNumber', render: (model: string) => model || '-' },
    { title: 'System SKU', dataIndex: 'sku', render: (sku: string) => <span style={{ whiteSpace: 'nowrap' }}>{sku}</span> },
    { title: 'Price', dataIndex: 'price', align: 'right', render: (price: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatAmount(price, cart.symbol)}</span> },
    { title: 'Qty', dataIndex: 'qty', align: 'right' },
  ];
  return <Table<CartLine> rowKey="id" size="small" columns={columns} dataSource={cart.lines} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: 'The cart is empty' }} />;
}

/**
 * /sales/abandoned-carts/{id} (document 3 §2.6): Customer Detail (the customer's name opens their
 * edit screen in a new tab; a guest's email is a mail link), Cart Detail (payment status and reminder
 * badges, subtotal; beyond the spec, recovered and Send Reminder), the billing and shipping addresses,
 * the items. Back returns to the list's page and filters.
 */
export default function CartViewPage() {
  return (
    <ResourceViewPage resource={abandonedCartResource} paths={cartPaths} title={() => 'Abandoned Cart'} extra={(cart) => <ReminderButton cart={cart} />}>
      {(cart) => {
        const mailLink = <Typography.Link href={`mailto:${cart.email}`}>{cart.email}</Typography.Link>;
        return (
          <>
            <SaleSection title="Customer Detail">
              <SaleFacts
                items={[
                  {
                    key: 'customer',
                    label: 'Customer',
                    children:
                      cart.customerId !== null ? (
                        <Typography.Link href={generatePath(customerPaths.edit, { id: String(cart.customerId) })} target="_blank" rel="noopener noreferrer">
                          {cart.customerName}
                        </Typography.Link>
                      ) : (
                        mailLink
                      ),
                  },
                  ...(cart.customerId !== null ? [{ key: 'email', label: 'Email', children: mailLink }] : []),
                  { key: 'phone', label: 'Phone', children: cart.contactNumber || '-' },
                  { key: 'date', label: 'Date', children: formatDateTime(cart.createdAt) },
                ]}
              />
            </SaleSection>
            <SaleSection title="Cart Detail">
              <SaleFacts
                items={[
                  { key: 'payment', label: 'Payment Status', children: <PaymentStatusTag status={cart.paymentStatus} /> },
                  {
                    key: 'reminder',
                    label: 'Is Email Sent?',
                    children: (
                      <span>
                        <ReminderTag isReminded={cart.isReminded} /> {cart.remindedAt && formatDateTime(cart.remindedAt)}
                        <ReminderMailState cart={cart} />
                      </span>
                    ),
                  },
                  { key: 'subtotal', label: 'Subtotal', children: formatAmount(cart.total, cart.symbol) },
                  { key: 'items', label: 'Item(s)', children: cart.itemCount },
                  { key: 'changed', label: 'Last Changed', children: formatDateTime(cart.activityAt) },
                  {
                    key: 'abandoned',
                    label: 'Abandoned',
                    children: cart.isAbandoned ? formatDateTime(cart.abandonedAt) : `Not yet (from ${formatDateTime(cart.abandonedAt)})`,
                  },
                  ...(cart.isRecovered ? [{ key: 'recovered', label: 'Recovered', children: <RecoveredTag orderNumber={cart.orderNumber} /> }] : []),
                ]}
              />
            </SaleSection>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <AddressBlock title="Billing" address={cart.billingAddress} />
              </Col>
              <Col xs={24} md={12}>
                <AddressBlock title="Shipping" address={cart.shippingAddress} />
              </Col>
            </Row>
            <SaleSection title="Items">
              <CartItems cart={cart} />
            </SaleSection>
          </>
        );
      }}
    </ResourceViewPage>
  );
}
