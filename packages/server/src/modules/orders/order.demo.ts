import type { OrderAddressRecord, PaymentMethod, RefundType } from '@facet/contract/modules/orders/order.schema';
import { SHOP_CURRENCY } from '@facet/contract/modules/orders/order.schema';
import type { OrderStatus } from '@facet/contract/modules/orders/order-status';
import { seededRandom } from '@facet/contract/seeded-random';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { SeedContext } from '../../db/seed.ts';
import type { CustomerForOrders } from '../customers/index.ts';
import { customersForOrders, placeNames } from '../customers/index.ts';
import { diamondsForSale, reserveStonesForOrder, sampleDiamondIdsForSale } from '../diamonds/index.ts';
import { productLineSnapshot, stoneLineSnapshot } from '../inquiries/index.ts';
import { productsForSale, saleSize, sampleProductIdsForSale } from '../products/index.ts';
import { shippingRates } from '../shipping-rates/shipping-rate.table.ts';
import { makeRefundCreditNote } from './order.subscribers.ts';
import { orderLines, orderRefunds, orders, orderStatusHistory } from './order.table.ts';

/** About 2,000 orders over the last year (issue 24, demo data). */
const DEMO_ORDERS = 2000;
const DAY_MS = 86_400_000;
/** Stones the demo sells at most (a few of the demo feed's, the rest stay for sale). */
const DEMO_STONES = 120;

/** The way each final status is reached through the workflow (document 3 §4), placing included. */
const PATHS: Record<OrderStatus, OrderStatus[][]> = {
  PENDING: [['PENDING']],
  CONFIRMED: [['PENDING', 'CONFIRMED']],
  INPROCESS: [['PENDING', 'CONFIRMED', 'INPROCESS']],
  ON_HOLD: [['PENDING', 'CONFIRMED', 'INPROCESS', 'ON_HOLD']],
  COMPLETED: [['PENDING', 'CONFIRMED', 'INPROCESS', 'COMPLETED']],
  SHIPPING: [
    ['PENDING', 'CONFIRMED', 'INPROCESS', 'COMPLETED', 'SHIPPING'],
    ['PENDING', 'CONFIRMED', 'INPROCESS', 'ON_HOLD', 'SHIPPING'],
  ],
  CANCELLED: [['PENDING', 'CANCELLED'], ['PENDING', 'CONFIRMED', 'CANCELLED']],
  REFUNDED: [['PENDING', 'CONFIRMED', 'CANCELLED', 'REFUNDED'], ['PENDING', 'CONFIRMED', 'INPROCESS', 'CANCELLED', 'REFUNDED']],
};

/** Staff's comments on a step, now and then. */
const COMMENTS: Partial<Record<OrderStatus, string[]>> = {
  CONFIRMED: ['Payment checked.', 'Called the customer to confirm the ring size.', ''],
  INPROCESS: ['Sent to the workshop.', 'Stone being set.', ''],
  ON_HOLD: ['Waiting for the customer to confirm the engraving.', 'Awaiting the stone from the supplier.'],
  COMPLETED: ['Quality checked and packed.', ''],
  SHIPPING: ['Dispatched.', ''],
  CANCELLED: ['Cancelled at the customer’s request.', 'Payment not received.'],
  REFUNDED: ['Refunded to the original payment method.', ''],
};

/** Guests' names and addresses: shoppers who checked out without an account. */
const GUESTS = [
  ['Hannah', 'Fletcher'],
  ['Marcus', 'Okafor'],
  ['Zara', 'Hussain'],
  ['Ewan', 'Fraser'],
  ['Lucy', 'Pemberton'],
  ['Kofi', 'Mensah'],
] as const;
const GUEST_PLACES = [
  { street: '14 Marylebone High Street', stateId: 'ENG', city: 'London', postcode: 'W1U 4PP' },
  { street: '3 Deansgate', stateId: 'ENG', city: 'Manchester', postcode: 'M3 2BW' },
  { street: '27 George Street', stateId: 'SCT', city: 'Edinburgh', postcode: 'EH2 2PB' },
  { street: '8 Queen Street', stateId: 'WLS', city: 'Cardiff', postcode: 'CF10 2BU' },
] as const;

const pounds = (pence: number) => pence / 100;

/** Final statuses by the order's age: the last days' orders are still moving, older ones have shipped (or were cancelled). */
function statusByAge(daysAgo: number, random: () => number): OrderStatus {
  const roll = random();
  const pick = (table: [OrderStatus, number][]) => {
    let sum = 0;
    for (const [status, share] of table) if (roll < (sum += share)) return status;
    return table[table.length - 1]![0];
  };
  if (daysAgo < 3) return pick([['PENDING', 0.5], ['CONFIRMED', 0.3], ['INPROCESS', 0.2]]);
  if (daysAgo < 10) return pick([['PENDING', 0.1], ['CONFIRMED', 0.2], ['INPROCESS', 0.35], ['ON_HOLD', 0.1], ['COMPLETED', 0.2], ['CANCELLED', 0.05]]);
  return pick([['SHIPPING', 0.55], ['COMPLETED', 0.18], ['INPROCESS', 0.04], ['ON_HOLD', 0.03], ['CANCELLED', 0.1], ['REFUNDED', 0.1]]);
}

/**
 * About 2,000 orders over the last year across the demo customers (and a few guests): every status
 * of the workflow, each reached through its steps with their history (who, when, comments, some
 * customers notified), shipped ones with a tracking number and delivery date, refunded ones in full
 * or in part with each refund's credit note, stones sold to the orders that hold them. Deterministic (a seeded generator), and
 * written set-based: the test's demo template is built with it.
 */
export async function seedDemoOrders(tx: Db, { adminId, adminName, mediaStorage }: SeedContext) {
  const random = seededRandom(24);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const customers = (await customersForOrders(tx)).filter((customer) => customer.address !== null);
  const products = [...(await productsForSale(tx, await sampleProductIdsForSale(tx, 5000))).values()].filter((product) => Number(product.price) > 0);
  const stones = [...(await diamondsForSale(tx, await sampleDiamondIdsForSale(tx, DEMO_STONES))).values()].flatMap((stone) => (stone.price === null ? [] : [{ ...stone, price: stone.price }]));
  const rates = await tx.select().from(shippingRates).where(and(isLive(shippingRates), eq(shippingRates.status, true))).orderBy(shippingRates.id);
  if (!products.length || !rates.length) return;
  const gb = await placeNames('GB', 'ENG');
  const names = new Map<string, string>();
  const stateName = async (stateId: string) => names.get(stateId) ?? names.set(stateId, (await placeNames('GB', stateId)).stateName).get(stateId)!;

  const now = Date.now();
  const ages = Array.from({ length: DEMO_ORDERS }, () => random() * 365 * DAY_MS).sort((a, b) => b - a);
  const numbers = ((await tx.execute(sql`select nextval('order_numbers')::text as n from generate_series(1, ${DEMO_ORDERS})`)) as unknown as { rows: { n: string }[] }).rows.map((row) => row.n);

  type Line = Omit<typeof orderLines.$inferInsert, 'orderId'>;
  type Step = { status: OrderStatus; at: Date; comment: string; notify: boolean; refund?: { type: RefundType; pence: number } };
  const planned: { order: typeof orders.$inferInsert; lines: Line[]; steps: Step[]; stoneIds: number[] }[] = [];
  let nextStone = 0;

  for (let i = 0; i < DEMO_ORDERS; i++) {
    const createdAt = new Date(now - ages[i]!);
    const daysAgo = ages[i]! / DAY_MS;
    const customer: CustomerForOrders | null = random() < 0.9 && customers.length ? pick(customers) : null;
    const [firstName, lastName] = customer ? [customer.firstName, customer.lastName] : pick(GUESTS);
    const place = pick(GUEST_PLACES);
    const address: OrderAddressRecord = customer?.address
      ? { ...customer.address, countryName: gb.countryName, stateName: await stateName(customer.address.stateId) }
      : { firstName, lastName, street: place.street, city: place.city, stateId: place.stateId, stateName: await stateName(place.stateId), countryId: 'GB', countryName: gb.countryName, postcode: place.postcode, contactNumber: '07700 900' + String(100 + i).slice(-3) };

    const lines: Line[] = [];
    const stoneIds: number[] = [];
    const lineCount = random() < 0.65 ? 1 : random() < 0.7 ? 2 : 3;
    for (let position = 0; position < lineCount; position++) {
      const stone = stones[nextStone];
      if (stone && stoneIds.length === 0 && random() < 0.1) {
        nextStone++;
        stoneIds.push(stone.id);
        const price = Number(stone.price) * 100;
        lines.push({ ...stoneLineSnapshot(stone), position, price: pounds(price), discount: 0, total: pounds(price), createdAt, createdBy: null,
          supplierOrderReference: random() < 0.5 ? `NIV-${String(700_000 + i * 7).padStart(7, '0')}` : '' });
        continue;
      }
      const product = pick(products);
      const qty = random() < 0.9 ? 1 : 2;
      const price = Math.round(Number(product.price) * 100);
      const discount = random() < 0.1 ? Math.round(price * qty * 0.1) : 0;
      lines.push({ ...productLineSnapshot(product, saleSize(product, '') ?? '', qty), position, price: pounds(price), discount: pounds(discount),
        total: pounds(price * qty - discount), createdAt, createdBy: null });
    }
    const subtotalPence = lines.reduce((sum, line) => sum + Math.round(Number(line.total) * 100), 0);
    const rate = pick(rates);
    const shippingPence = subtotalPence >= Math.round(rate.minFreeShippingAmount * 100) ? 0 : Math.round(rate.rate * 100);
    const totalPence = subtotalPence + shippingPence;
    const paymentMethod: PaymentMethod = pick(['credit_card', 'credit_card', 'credit_card', 'credit_card', 'credit_card', 'paypal', 'paypal', 'bank_transfer', 'bank_transfer', 'wallet'] as const);

    const status = statusByAge(daysAgo, random);
    const path = pick(PATHS[status]);
    let at = createdAt.getTime();
    const steps: Step[] = path.map((step, index) => {
      if (index > 0) at = Math.min(now - 60_000, at + (2 + random() * 40) * 3_600_000);
      const comment = index === 0 ? 'Order placed' : pick(COMMENTS[step] ?? ['']);
      return { status: step, at: new Date(at), comment, notify: index > 0 && random() < 0.6 };
    });
    let refundedPence = 0;
    const last = steps[steps.length - 1]!;
    if (status === 'REFUNDED') {
      const partial = random() < 0.4 && totalPence >= 200;
      refundedPence = partial ? 100 * (1 + Math.floor(random() * Math.floor(totalPence / 200))) : totalPence;
      last.refund = { type: partial ? 'partial' : 'full', pence: refundedPence };
    }
    const shipped = status === 'SHIPPING';
    const paidAt = paymentMethod === 'bank_transfer' ? (steps[1]?.at ?? null) : createdAt;
    planned.push({
      stoneIds: status === 'CANCELLED' || status === 'REFUNDED' ? [] : stoneIds,
      lines,
      steps,
      order: {
        orderNumber: numbers[i]!,
        status,
        customerId: customer?.id ?? null,
        isGuest: customer ? customer.isGuest : true,
        email: customer?.email ?? `${firstName}.${lastName}.${i}@example.co.uk`.toLowerCase(),
        firstName,
        lastName,
        phone: customer?.contactNumber ?? address.contactNumber,
        currencyCode: SHOP_CURRENCY.code,
        currencySymbol: SHOP_CURRENCY.symbol,
        currencyName: SHOP_CURRENCY.name,
        subtotal: pounds(subtotalPence),
        shippingAmount: pounds(shippingPence),
        total: pounds(totalPence),
        refundedTotal: pounds(refundedPence),
        itemCount: lines.reduce((sum, line) => sum + line.qty, 0),
        paymentMethod,
        paymentReference: paidAt ? `DEMO-${numbers[i]}` : null,
        paidAt,
        shippingRateId: rate.id,
        shippingMethodName: rate.name,
        trackingNumber: shipped ? `RM${String(100_000_000 + Math.floor(random() * 899_999_999))}GB` : '',
        deliveryDate: shipped ? new Date(last.at.getTime() + (1 + Math.floor(random() * 3)) * DAY_MS).toISOString().slice(0, 10) : null,
        countryId: 'GB',
        billingAddress: address,
        shippingAddress: address,
        createdAt,
        updatedAt: last.at,
        createdBy: null,
        updatedBy: path.length > 1 ? adminId : null,
      },
    });
  }

  const inBatches = async <T>(rows: T[], size: number, write: (batch: T[]) => Promise<unknown>) => {
    for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
  };
  const ids = new Map<string, number>();
  await inBatches(planned, 500, async (batch) => {
    const inserted = await tx.insert(orders).values(batch.map((plan) => plan.order)).returning({ id: orders.id, orderNumber: orders.orderNumber });
    for (const row of inserted) ids.set(row.orderNumber, row.id);
  });
  const idOf = (plan: (typeof planned)[number]) => ids.get(plan.order.orderNumber)!;
  await inBatches(planned.flatMap((plan) => plan.lines.map((line) => ({ ...line, orderId: idOf(plan) }))), 500, (batch) => tx.insert(orderLines).values(batch));
  const staff = { createdBy: adminId, createdByName: adminName ?? null };
  const history = planned.flatMap((plan) =>
    plan.steps.map((step, index) => ({
      orderId: idOf(plan),
      status: step.status,
      comment: step.comment,
      notifyCustomer: step.notify,
      createdAt: step.at,
      ...(index > 0 ? staff : { createdBy: null, createdByName: null }),
      refund: step.refund,
    })),
  );
  const refunds: (typeof orderRefunds.$inferInsert)[] = [];
  await inBatches(history, 1000, async (batch) => {
    const inserted = await tx.insert(orderStatusHistory).values(batch.map(({ refund: _refund, ...row }) => row)).returning({ id: orderStatusHistory.id });
    batch.forEach((row, index) => {
      if (row.refund) refunds.push({ orderId: row.orderId, historyId: inserted[index]!.id, type: row.refund.type, amount: pounds(row.refund.pence), createdAt: row.createdAt, ...staff });
    });
  });
  if (refunds.length) await tx.insert(orderRefunds).values(refunds);
  const context = { actor: { id: adminId, name: adminName ?? 'admin' }, ip: 'system', requestId: 'demo-orders' };
  for (const plan of planned) if (plan.stoneIds.length) await reserveStonesForOrder(tx, plan.stoneIds, plan.order.orderNumber, context);
  // Each refund's credit note, made as a refund's subscriber makes it (the PDF in the media store,
  // linked from the refund and its history row), dated as the refund, oldest first. Seeding runs
  // without events, so nothing else would make them. Not without a media store (the tests' templates).
  if (mediaStorage) {
    const orderNumbers = new Map([...ids].map(([orderNumber, id]) => [id, orderNumber]));
    const byDate = [...refunds].sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime() || a.historyId - b.historyId);
    for (const refund of byDate) await makeRefundCreditNote(tx, { historyId: refund.historyId, orderNumber: orderNumbers.get(refund.orderId)! }, mediaStorage, context);
  }
}
