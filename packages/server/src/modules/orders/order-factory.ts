import type { OrderAddressRecord, PaymentMethod } from '@facet/contract/modules/orders/order.schema';
import { SHOP_CURRENCY } from '@facet/contract/modules/orders/order.schema';
import type { OrderStatus } from '@facet/contract/modules/orders/order-status';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, orderStatusHistory } from './order.table.ts';

/** An address as an order keeps it, for tests. */
export const TEST_ADDRESS: OrderAddressRecord = {
  firstName: 'Ava',
  lastName: 'Smith',
  street: '1 Baker Street',
  city: 'London',
  stateId: 'ENG',
  stateName: 'England',
  countryId: 'GB',
  countryName: 'United Kingdom',
  postcode: 'NW1 6XE',
  contactNumber: '07700 900123',
};

export interface TestOrder {
  status?: OrderStatus;
  total?: number;
  refundedTotal?: number;
  email?: string;
  firstName?: string;
  lastName?: string;
  customerId?: number | null;
  paymentMethod?: PaymentMethod;
  countryId?: string;
  createdAt?: Date;
  /** A stone line for this stone id. */
  diamondId?: number;
}

/**
 * Orders for tests, written straight to the tables (one line, one history row) in any status, as if
 * placed and moved there: what a status test starts from. The storefront's placing is tested on its own.
 */
export async function insertTestOrders(db: Db, wanted: readonly TestOrder[]): Promise<string[]> {
  const numbers: string[] = [];
  for (const order of wanted) {
    const result = (await db.execute(sql`select nextval('order_numbers')::text as n`)) as unknown as { rows: { n: string }[] };
    const orderNumber = result.rows[0]!.n;
    const total = order.total ?? 250;
    const address = { ...TEST_ADDRESS, countryId: order.countryId ?? 'GB' };
    const [row] = await db
      .insert(orders)
      .values({
        orderNumber,
        status: order.status ?? 'PENDING',
        customerId: order.customerId ?? null,
        isGuest: order.customerId === undefined || order.customerId === null,
        email: order.email ?? `buyer.${orderNumber}@example.co.uk`,
        firstName: order.firstName ?? 'Ava',
        lastName: order.lastName ?? 'Smith',
        phone: '07700 900123',
        currencyCode: SHOP_CURRENCY.code,
        currencySymbol: SHOP_CURRENCY.symbol,
        currencyName: SHOP_CURRENCY.name,
        subtotal: total,
        total,
        refundedTotal: order.refundedTotal ?? 0,
        itemCount: 1,
        paymentMethod: order.paymentMethod ?? 'credit_card',
        shippingMethodName: 'UK Standard Delivery',
        countryId: address.countryId,
        billingAddress: address,
        shippingAddress: address,
        ...(order.createdAt && { createdAt: order.createdAt, updatedAt: order.createdAt }),
      })
      .returning({ id: orders.id });
    await db.insert(orderLines).values({
      orderId: row!.id,
      position: 0,
      isDiamond: order.diamondId !== undefined,
      diamondId: order.diamondId ?? null,
      productId: null,
      name: order.diamondId === undefined ? 'Test Solitaire Ring' : 'Test stone',
      sku: order.diamondId === undefined ? 'TEST-RING-1' : `STONE-${order.diamondId}`,
      price: total,
      qty: 1,
      total,
    });
    await db.insert(orderStatusHistory).values({ orderId: row!.id, status: order.status ?? 'PENDING', comment: 'Order placed' });
    numbers.push(orderNumber);
  }
  return numbers;
}
