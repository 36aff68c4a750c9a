import { MESSAGES } from '@facet/contract/messages';
import type { CheckoutOptions, OrderAddressRecord, OrderRecord, PlaceOrder } from '@facet/contract/modules/orders/order.schema';
import { ORDER_MESSAGES, SHOP_CURRENCY } from '@facet/contract/modules/orders/order.schema';
import { INITIAL_ORDER_STATUS } from '@facet/contract/modules/orders/order-status';
import { normalisePostcode } from '@facet/contract/modules/customers/customer.rules';
import { and, eq, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import { arrayParam } from '../../db/array-param.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { emit } from '../../events/emit.ts';
import type { ServiceContext } from '../../http/context.ts';
import { AppError, conflict, invalidField } from '../../http/errors.ts';
import { claimCoupon, couponForOrder } from '../coupons/index.ts';
import { locationProblem, orderingCustomer, placeNames } from '../customers/index.ts';
import type { DiamondForSale } from '../diamonds/index.ts';
import { diamondsForSale, reserveStonesForOrder, sampleDiamondIdsForSale } from '../diamonds/index.ts';
import type { LineSnapshot } from '../inquiries/index.ts';
import { productLineSnapshot, stoneLineSnapshot } from '../inquiries/index.ts';
import type { ProductForSale } from '../products/index.ts';
import { productsForSale, saleSize, sampleProductIdsForSale } from '../products/index.ts';
import { shippingRates } from '../shipping-rates/shipping-rate.table.ts';
import { loadOrder } from './order.service.ts';
import { orderLines, orders, orderStatusHistory } from './order.table.ts';

const ENTITY = 'order';

/** A 400 on a field of one line (`lines.2.productId`), worded as the storefront shows it. */
const lineProblem = (index: number, field: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ path: ['lines', index, field], message }]);

/** The address as the order keeps it: the post code as the address book stores it, the lookups' names beside the codes. */
async function addressOf(address: PlaceOrder['billingAddress'], field: 'billingAddress' | 'shippingAddress'): Promise<OrderAddressRecord> {
  const problem = await locationProblem(address.countryId, address.stateId, address.city);
  if (problem) {
    const message = problem === 'countryId' ? MESSAGES.unknownCountry : problem === 'stateId' ? MESSAGES.stateNotInCountry : MESSAGES.cityNotInState;
    throw new AppError('VALIDATION_FAILED', message, [{ path: [field, problem], message }]);
  }
  return { ...address, postcode: normalisePostcode(address.postcode, address.countryId), ...(await placeNames(address.countryId, address.stateId)) };
}

/**
 * A product line priced from the catalogue: a live, active variant (or product without variants), in a
 * size it comes in (a variant made in a size is that size). A product with variants says so.
 */
function productLine(index: number, line: { productId: number; qty: number; size: string }, product: ProductForSale | undefined): LineSnapshot {
  if (!product?.isForSale) throw lineProblem(index, 'productId', product?.hasVariants ? ORDER_MESSAGES.productHasVariants : MESSAGES.productNotForSale);
  const size = saleSize(product, line.size);
  if (size === undefined) throw lineProblem(index, 'size', MESSAGES.sizeNotOffered);
  return productLineSnapshot(product, size, line.qty);
}

/** A stone line from the stone as locked: sold is 409 (the race lost), otherwise not for sale is 400. */
function stoneLine(index: number, stone: DiamondForSale | undefined): LineSnapshot {
  if (stone?.isSold) throw new AppError('CONFLICT', ORDER_MESSAGES.diamondSold, [{ path: ['lines', index, 'diamondId'], message: ORDER_MESSAGES.diamondSold }]);
  if (!stone?.isForSale || stone.price === null) throw lineProblem(index, 'diamondId', MESSAGES.diamondNotForSale);
  return stoneLineSnapshot({ ...stone, price: stone.price });
}

/**
 * Placing an order from the storefront (issue 24, storefront API): the customer's (their own email)
 * or a guest's; each line priced from the catalogue, never from what the storefront sends; shipping
 * by the chosen rate, free from its min order amount; the stones locked and sold to the order in the
 * order's own transaction, so of two orders racing for one stone the second is refused (409) once the
 * first has committed, and the stone is sold once. Amounts are added up in SQL. The order starts
 * PENDING with its first history row, an audit row and `orders.placed`.
 */
export function createOrderPlacement(db: Db) {
  async function place(input: PlaceOrder, context: ServiceContext): Promise<OrderRecord> {
    let isGuest = true;
    if (input.customerId !== undefined) {
      const customer = await orderingCustomer(db, input.customerId);
      if (!customer) throw invalidField('customerId', ORDER_MESSAGES.customerUnknown);
      if (customer.email.toLowerCase() !== input.email.toLowerCase()) throw invalidField('email', ORDER_MESSAGES.customerEmail);
      isGuest = customer.isGuest;
    }
    const billingAddress = await addressOf(input.billingAddress, 'billingAddress');
    const shippingAddress = await addressOf(input.shippingAddress, 'shippingAddress');
    const [rate] = await db
      .select({ id: shippingRates.id, name: shippingRates.name })
      .from(shippingRates)
      .where(and(eq(shippingRates.id, input.shippingRateId), isLive(shippingRates), eq(shippingRates.status, true)));
    if (!rate) throw invalidField('shippingRateId', ORDER_MESSAGES.shippingRateNotOffered);

    const productIds = input.lines.flatMap((line) => ('productId' in line ? [line.productId] : []));
    const diamondIds = input.lines.flatMap((line) => ('diamondId' in line ? [line.diamondId] : []));
    const twice = diamondIds.findIndex((id, index) => diamondIds.indexOf(id) !== index);
    if (twice >= 0) {
      const index = input.lines.findLastIndex((line) => 'diamondId' in line && line.diamondId === diamondIds[twice]);
      throw lineProblem(index, 'diamondId', MESSAGES.diamondTwice);
    }
    const products = await productsForSale(db, productIds);
    const productLines = new Map(input.lines.flatMap((line, index) => ('productId' in line ? [[index, productLine(index, line, products.get(line.productId))] as const] : [])));

    const orderNumber = await db.transaction(async (tx) => {
      const stones = await diamondsForSale(tx, diamondIds, { lock: true });
      const lines = input.lines.map((line, index) => productLines.get(index) ?? stoneLine(index, stones.get((line as { diamondId: number }).diamondId)));
      // A coupon code: checked and priced here, its use counted last, under the coupon's lock (claimCoupon).
      const buyer = { customerId: input.customerId ?? null, email: input.email.toLowerCase() };
      // A coupon counts what the shopper pays: the lines' prices after the catalog price rules.
      const coupon = input.couponCode === undefined ? null : await couponForOrder(tx, input.couponCode, buyer, lines.map((line) => ({ ...line, price: line.salePrice })));
      const next = (await tx.execute(sql`select nextval('order_numbers')::text as number`)) as unknown as { rows: { number: string }[] };
      const number = next.rows[0]!.number;
      const [order] = await tx
        .insert(orders)
        .values({
          orderNumber: number,
          customerId: input.customerId ?? null,
          isGuest,
          email: input.email.toLowerCase(),
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          currencyCode: SHOP_CURRENCY.code,
          currencySymbol: SHOP_CURRENCY.symbol,
          currencyName: SHOP_CURRENCY.name,
          subtotal: 0,
          discount: coupon?.discount ?? 0,
          couponCode: coupon?.code ?? null,
          total: 0,
          itemCount: lines.reduce((sum, line) => sum + line.qty, 0),
          paymentMethod: input.paymentMethod,
          shippingRateId: rate.id,
          shippingMethodName: rate.name,
          countryId: shippingAddress.countryId,
          billingAddress,
          shippingAddress,
          cartId: input.cartId ?? null,
          status: INITIAL_ORDER_STATUS,
          createdBy: context.actor?.id ?? null,
          updatedBy: context.actor?.id ?? null,
        })
        .returning({ id: orders.id });
      const orderId = order!.id;
      await tx.insert(orderLines).values(
        lines.map(({ price: _price, salePrice: _salePrice, ...line }, position) => ({ ...line, orderId, position, price: 0, total: 0, createdBy: context.actor?.id ?? null })),
      );
      // Prices as the catalogue holds them, added up here: line totals (a catalog price rule's discount
      // kept as the line's), then the order's, then the shipping charge (nothing from the rate's min
      // order amount on; a min of 0 ships free).
      await tx.execute(sql`
        update order_lines l set price = p.price, discount = (p.price - p.sale_price) * l.qty, total = p.sale_price * l.qty
        from unnest(
          ${arrayParam(lines.map((_, position) => position), 'int4')},
          ${arrayParam(lines.map((line) => line.price), 'numeric')},
          ${arrayParam(lines.map((line) => line.salePrice), 'numeric')}
        ) as p(position, price, sale_price)
        where l.order_id = ${orderId} and l.position = p.position`);
      await tx.execute(sql`
        update orders o set subtotal = s.subtotal,
          shipping_amount = case when s.subtotal - o.discount >= r.min_free_shipping_amount then 0 else r.rate end,
          total = s.subtotal - o.discount + o.card_fee + case when s.subtotal - o.discount >= r.min_free_shipping_amount then 0 else r.rate end
        from (select sum(total) as subtotal from order_lines where order_id = ${orderId}) s, shipping_rates r
        where o.id = ${orderId} and r.id = ${rate.id}`);
      await tx.insert(orderStatusHistory).values({ orderId, status: INITIAL_ORDER_STATUS, comment: 'Order placed' });
      if (diamondIds.length) await reserveStonesForOrder(tx, diamondIds, number, context);
      await writeAudit(tx, context, { action: 'create', entity: ENTITY, entityId: orderId, after: { orderNumber: number, lines: lines.map((line) => line.sku), couponCode: coupon?.code ?? null } });
      await emit(tx, 'orders.placed', {
        orderNumber: number,
        email: input.email.toLowerCase(),
        ...(input.customerId !== undefined && { customerId: input.customerId }),
        ...(input.cartId !== undefined && { cartId: input.cartId }),
      });
      if (coupon) await claimCoupon(tx, coupon, buyer, number);
      return number;
    });
    return loadOrder(db, orderNumber);
  }

  /**
   * The storefront reports the order paid, with its payment's reference. The same reference again
   * answers the order as it is; another one, or a cancelled or refunded order, is 409.
   */
  async function markPaid(orderNumber: string, paymentReference: string, context: ServiceContext): Promise<OrderRecord> {
    await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id, status: orders.status, paidAt: orders.paidAt, paymentReference: orders.paymentReference })
        .from(orders)
        .where(and(eq(orders.orderNumber, orderNumber), isLive(orders)))
        .for('update');
      if (!order) throw new AppError('NOT_FOUND', MESSAGES.notFound);
      if (order.paidAt) {
        if (order.paymentReference === paymentReference) return;
        throw conflict(ORDER_MESSAGES.alreadyPaid);
      }
      if (order.status === 'CANCELLED' || order.status === 'REFUNDED') throw conflict(ORDER_MESSAGES.paidCancelled);
      await tx.update(orders).set({ paidAt: new Date(), paymentReference, version: sql`${orders.version} + 1`, updatedAt: new Date() }).where(eq(orders.id, order.id));
      await tx.insert(orderStatusHistory).values({ orderId: order.id, status: order.status, comment: `Payment received (${paymentReference})` });
      await writeAudit(tx, context, { action: 'update', entity: ENTITY, entityId: order.id, before: { paidAt: null }, after: { orderNumber, paymentReference } });
      await emit(tx, 'orders.paid', { orderNumber });
    });
    return loadOrder(db, orderNumber);
  }

  /** What a checkout may offer: products that can be ordered (with their sizes), stones for sale, active shipping rates. */
  async function checkoutOptions(limit: number): Promise<CheckoutOptions> {
    const products = await productsForSale(db, await sampleProductIdsForSale(db, limit));
    const stones = await diamondsForSale(db, await sampleDiamondIdsForSale(db, limit));
    const rates = await db
      .select({ id: shippingRates.id, name: shippingRates.name, rate: shippingRates.rate, minFreeShippingAmount: shippingRates.minFreeShippingAmount })
      .from(shippingRates)
      .where(and(isLive(shippingRates), eq(shippingRates.status, true)))
      .orderBy(shippingRates.id);
    return {
      // A variant made in a size is sold in that size only; a unit costs its sale price (after the catalog price rule running).
      products: [...products.values()].map((product) => ({
        id: product.id,
        name: product.name,
        sku: product.sku,
        price: Number(product.price),
        salePrice: Number(product.salePrice),
        sizes: product.optionSize === null ? product.sizes : [product.optionSize],
      })),
      stones: [...stones.values()].map((stone) => ({ id: stone.id, name: stone.name, sku: stone.stockId, price: Number(stone.price) })),
      shippingRates: rates,
    };
  }

  return { place, markPaid, checkoutOptions };
}
