import { CART_PAYMENT_STATUSES, PENDING_PAYMENT } from '@facet/contract/modules/carts/cart.schema';
import type { CartAddress } from '@facet/contract/modules/carts/cart.schema';
import { seededRandom } from '@facet/contract/seeded-random';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { demoContext, demoGuest, demoMomentWithin, demoSaleLines, demoSaleStock } from '../inquiries/index.ts';
import { createCartService } from './cart.service.ts';
import { carts } from './cart.table.ts';

const DEMO_CARTS = 80;
const DEMO_DAYS = 120;
const HOUR = 3_600_000;

/**
 * Eighty abandoned carts over the last months: demo customers' and guests', most still awaiting
 * payment (PENDING), some with a failed or declined one; most with addresses, some with a billing
 * address only, some with none; a reminder sent for about a third, and one in eight recovered (it
 * became an order a few hours to days after it was abandoned). Each was last changed two days ago
 * or earlier, so it shows as abandoned under any setting up to two days.
 */
export async function seedDemoCarts(tx: Db, { adminId }: SeedContext) {
  const stock = await demoSaleStock(tx);
  if (!stock) return;
  const random = seededRandom(2410);
  const service = createCartService(tx);
  const context = demoContext(adminId);
  const now = Date.now();
  // Oldest first, so cart ids follow their dates as a shop's would.
  const dates = Array.from({ length: DEMO_CARTS }, () => demoMomentWithin(random, DEMO_DAYS, now - 2 * 86_400_000)).sort((a, b) => a.getTime() - b.getTime());
  for (const [i, createdAt] of dates.entries()) {
    const customer = stock.customers.length && random() < 0.6 ? stock.customers[Math.floor(random() * stock.customers.length)]! : null;
    const guest = customer ? null : demoGuest(random, 100 + i);
    const home: CartAddress | null = customer?.address ?? (guest ? { firstName: guest.firstName, lastName: guest.lastName, street: `${10 + i} Market Street`, city: 'Leeds', state: 'England', country: 'United Kingdom', postcode: 'LS1 6DT' } : null);
    const addressing = random();
    const cart = await service.createFromStorefront(
      {
        customerId: customer?.id,
        email: guest?.email ?? '',
        contactNumber: guest && random() < 0.5 ? guest.contactNumber : '',
        paymentStatus: random() < 0.65 ? PENDING_PAYMENT : CART_PAYMENT_STATUSES[1 + Math.floor(random() * (CART_PAYMENT_STATUSES.length - 1))]!,
        billingAddress: home && addressing < 0.75 ? home : null,
        shippingAddress: home && addressing < 0.6 ? home : null,
        lines: demoSaleLines(stock, random, 4),
      },
      context,
    );
    const activityAt = new Date(createdAt.getTime() + Math.floor(random() * 3 * HOUR));
    // After it was abandoned (an hour after its last change by default): recovered, or reminded, or neither.
    const outcome = random();
    const isRecovered = outcome < 0.125;
    const isReminded = !isRecovered ? outcome < 0.45 : random() < 0.5;
    const remindedAt = new Date(activityAt.getTime() + 2 * HOUR + Math.floor(random() * 20 * HOUR));
    const convertedAt = new Date(Math.min((isReminded ? remindedAt.getTime() : activityAt.getTime() + 2 * HOUR) + Math.floor(random() * 72 * HOUR), now - HOUR));
    await tx
      .update(carts)
      .set({
        createdAt,
        updatedAt: activityAt,
        activityAt,
        ...(isReminded && { isReminded: true, remindedAt, remindedBy: adminId }),
        ...(isRecovered && { convertedAt, orderNumber: `${100_000 + i * 37}` }),
      })
      .where(eq(carts.id, cart.id));
  }
}
