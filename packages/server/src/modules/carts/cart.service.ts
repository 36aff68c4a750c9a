import { MESSAGES } from '@facet/contract/messages';
import type { CartAddress, CartAddressType, CartRecord, StorefrontCartInput } from '@facet/contract/modules/carts/cart.schema';
import {
  ABANDONED_CART_DEFAULT_MINUTES,
  ABANDONED_CART_MAX_MINUTES,
  ABANDONED_CART_SETTING_KEY,
  abandonedCartResource,
  storefrontCartSchema,
} from '@facet/contract/modules/carts/cart.schema';
import { SHOP_CURRENCY } from '@facet/contract/modules/inquiries/sale-line.schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { searchCondition } from '../../db/list-query.ts';
import type { RequestContext, ServiceContext } from '../../http/context.ts';
import { conflict, invalidField, notFound, parseOrThrow } from '../../http/errors.ts';
import { customerContacts } from '../customers/index.ts';
import { priceSaleLines, saleLineTotals, saleLinesOf } from '../inquiries/index.ts';
import { cartMailConcerns, latestMailAbout, queueCartReminderMail } from '../mail/index.ts';
import { wholeNumberSettingSql } from '../settings/index.ts';
import { cartAddresses, cartLines, carts } from './cart.table.ts';

/**
 * When a cart counts as abandoned (beyond the spec, issue 24 item 10): its shopper has not changed it
 * for the setting's minutes (`abandoned_cart_after_minutes`, 60 unless set to a whole number from 1 to
 * a week), and it had not become an order by then. Worked out in SQL when read, the setting read once
 * per statement: a change of the setting applies to every cart at once.
 */
const abandonAfter = sql`(${wholeNumberSettingSql(ABANDONED_CART_SETTING_KEY, ABANDONED_CART_DEFAULT_MINUTES, ABANDONED_CART_MAX_MINUTES)} * interval '1 minute')`;
const abandonedAt = sql<Date>`(${carts.activityAt} + ${abandonAfter})`;
/** Abandoned: its time has come and it was not an order before then (a later order makes it recovered, still listed). */
const isAbandoned = sql<boolean>`(${carts.activityAt} <= now() - ${abandonAfter} and (${carts.convertedAt} is null or ${carts.convertedAt} > ${abandonedAt}))`;
const isRecovered = sql<boolean>`(${carts.convertedAt} is not null and ${carts.convertedAt} > ${abandonedAt})`;

type CartInput = ReturnType<typeof storefrontCartSchema.parse>;

export function createCartService(db: Db) {
  const crud = createCrudService(db, abandonedCartResource, carts, {
    // The list shows abandoned carts only; the detail opens any cart (its record says whether it is abandoned).
    listFilters: () => isAbandoned,
    derivedFields: {
      abandonedAt: abandonedAt.mapWith(carts.activityAt),
      isAbandoned,
      isRecovered,
    },
    filterTargets: { customer: (text: string) => searchCondition([carts.customerName, carts.email], text) },
    async loadRelations(source, ids) {
      const lines = await saleLinesOf(source, cartLines, cartLines.cartId, ids);
      const addresses = await source.select().from(cartAddresses).where(inArray(cartAddresses.cartId, ids)).orderBy(asc(cartAddresses.id));
      const addressOf = (id: number, type: CartAddressType): CartAddress | null => {
        const row = addresses.find((address) => address.cartId === id && address.type === type);
        return row ? { firstName: row.firstName, lastName: row.lastName, street: row.street, city: row.city, state: row.state, country: row.country, postcode: row.postcode } : null;
      };
      // The detail reads one cart (the list reads no relations): one look at the outbox for its reminder.
      const reminderMails = await Promise.all(ids.map((id) => latestMailAbout(source, cartMailConcerns(id))));
      return new Map(
        ids.map((id, index) => [id, { lines: lines.get(id) ?? [], billingAddress: addressOf(id, 'billing'), shippingAddress: addressOf(id, 'shipping'), reminderMail: reminderMails[index] }]),
      );
    },
  });

  /** Who the cart is: a live customer (400 under customerId otherwise), whose email and phone fill those not sent; or a guest's email. */
  async function shopperOf(tx: Db, input: CartInput) {
    if (input.customerId === undefined) return { customerId: null, customerName: '', email: input.email.toLowerCase(), contactNumber: input.contactNumber };
    const customer = (await customerContacts(tx, [input.customerId])).get(input.customerId);
    if (!customer) throw invalidField('customerId', MESSAGES.chooseFromList('customer'));
    return {
      customerId: customer.id,
      customerName: `${customer.firstName} ${customer.lastName}`,
      email: (input.email || customer.email).toLowerCase(),
      contactNumber: input.contactNumber || customer.contactNumber,
    };
  }

  /** Writes the cart's lines, addresses and totals (the old ones of an update removed first), in `tx`. */
  async function writeContents(tx: Db, cartId: number, input: CartInput) {
    const lines = await priceSaleLines(tx, input.lines);
    await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
    await tx.delete(cartAddresses).where(eq(cartAddresses.cartId, cartId));
    if (lines.length) await tx.insert(cartLines).values(lines.map((line) => ({ ...line, cartId })));
    const addresses = (['billing', 'shipping'] as const).flatMap((type) => {
      const address = type === 'billing' ? input.billingAddress : input.shippingAddress;
      return address ? [{ ...address, cartId, type }] : [];
    });
    if (addresses.length) await tx.insert(cartAddresses).values(addresses);
    const { subtotal, itemCount } = await saleLineTotals(tx, cartLines, cartLines.cartId, cartId);
    await tx.update(carts).set({ total: subtotal, itemCount }).where(eq(carts.id, cartId));
  }

  /**
   * A storefront's new cart: validated (400 with the contract's messages), the customer (when named) a
   * live one, the lines priced now (a product not for sale 400, a stone no longer for sale 409). Header,
   * lines, addresses, totals and the audit row in one transaction.
   */
  async function createFromStorefront(received: StorefrontCartInput, context: ServiceContext): Promise<CartRecord> {
    const input = parseOrThrow(storefrontCartSchema, received);
    const id = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(carts)
        .values({ ...(await shopperOf(tx, input)), paymentStatus: input.paymentStatus, currency: SHOP_CURRENCY.code, symbol: SHOP_CURRENCY.symbol })
        .returning({ id: carts.id });
      await writeContents(tx, inserted!.id, input);
      await writeAudit(tx, context, { action: 'create', entity: abandonedCartResource.entity, entityId: inserted!.id, after: await crud.get(inserted!.id, tx) });
      return inserted!.id;
    });
    return crud.get(id);
  }

  /**
   * A storefront's change of a cart, sent whole: its row locked, refused (409) once it became an order;
   * otherwise everything replaced and its time of last change moved to now (an abandoned cart the
   * shopper comes back to is no longer abandoned until it is left again; a reminder sent stays sent).
   */
  async function updateFromStorefront(id: number, received: StorefrontCartInput, context: ServiceContext): Promise<CartRecord> {
    const input = parseOrThrow(storefrontCartSchema, received);
    await db.transaction(async (tx) => {
      const [existing] = await tx.select({ convertedAt: carts.convertedAt }).from(carts).where(and(eq(carts.id, id), isLive(carts))).for('update');
      if (!existing) throw notFound();
      if (existing.convertedAt) throw conflict(MESSAGES.cartConverted);
      const before = await crud.get(id, tx);
      await tx
        .update(carts)
        .set({ ...(await shopperOf(tx, input)), paymentStatus: input.paymentStatus, activityAt: sql`now()`, version: sql`${carts.version} + 1`, updatedAt: new Date() })
        .where(eq(carts.id, id));
      await writeContents(tx, id, input);
      await writeAudit(tx, context, { action: 'update', entity: abandonedCartResource.entity, entityId: id, before, after: await crud.get(id, tx) });
    });
    return crud.get(id);
  }

  /**
   * Staff send the reminder e-mail to an abandoned cart's shopper (Is Email Sent? becomes Sent): the
   * row locked, so two staff pressing at once send one (the second gets 409). Refused (409) for a cart
   * not abandoned, one already an order, one reminded before. The mail goes into the mail outbox in
   * the same transaction (queueCartReminderMail); the mail sender sends it after the commit.
   */
  async function sendReminder(id: number, context: RequestContext): Promise<CartRecord> {
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ isAbandoned, convertedAt: carts.convertedAt, isReminded: carts.isReminded })
        .from(carts)
        .where(and(eq(carts.id, id), isLive(carts)))
        .for('update');
      if (!existing) throw notFound();
      if (existing.convertedAt) throw conflict(MESSAGES.cartConverted);
      if (!existing.isAbandoned) throw conflict(MESSAGES.cartNotAbandoned);
      if (existing.isReminded) throw conflict(MESSAGES.cartReminderSent);
      const before = await crud.get(id, tx);
      await tx
        .update(carts)
        .set({ isReminded: true, remindedAt: sql`now()`, remindedBy: context.actor.id, version: sql`${carts.version} + 1`, updatedAt: new Date(), updatedBy: context.actor.id })
        .where(eq(carts.id, id));
      await queueCartReminderMail(tx, {
        to: before.email,
        customerName: before.customerName,
        cartId: id,
        lines: before.lines.map((line) => ({ name: line.name, size: line.size, qty: line.qty, price: line.price })),
        total: before.total,
        symbol: before.symbol,
      });
      await writeAudit(tx, context, { action: 'reminder', entity: abandonedCartResource.entity, entityId: id, before, after: await crud.get(id, tx) });
    });
    return crud.get(id);
  }

  return { ...crud, createFromStorefront, updateFromStorefront, sendReminder };
}
