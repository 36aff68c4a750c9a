import { seededRandom } from '@facet/contract/seeded-random';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { createInquiryService } from './inquiry.service.ts';
import { inquiries } from './inquiry.table.ts';
import { demoContext, demoGuest, demoMomentWithin, demoSaleLines, demoSaleStock } from './sale.demo.ts';

const DEMO_INQUIRIES = 50;
/** Over the last five months or so. */
const DEMO_DAYS = 150;

/**
 * Fifty inquiries over the last months: most from demo customers (with their default address when
 * they have one), some from guests, a few without an address; one to three lines each, a stone now
 * and then. Sent through the storefront's create, so they are priced as a storefront's would be.
 */
export async function seedDemoInquiries(tx: Db, { adminId }: SeedContext) {
  const stock = await demoSaleStock(tx);
  if (!stock) return;
  const random = seededRandom(2409);
  const service = createInquiryService(tx);
  const context = demoContext(adminId);
  // Oldest first, so inquiry numbers follow their dates as a shop's would.
  const dates = Array.from({ length: DEMO_INQUIRIES }, () => demoMomentWithin(random, DEMO_DAYS)).sort((a, b) => a.getTime() - b.getTime());
  for (const [i, at] of dates.entries()) {
    const customer = stock.customers.length && random() < 0.7 ? stock.customers[Math.floor(random() * stock.customers.length)]! : null;
    const shopper = customer ?? demoGuest(random, i);
    const address = customer?.address && random() < 0.85 ? customer.address : null;
    const inquiry = await service.createFromStorefront(
      {
        customerId: customer?.id,
        firstName: shopper.firstName,
        lastName: shopper.lastName,
        email: shopper.email,
        contactNumber: shopper.contactNumber,
        street: address?.street ?? '',
        country: address?.country ?? '',
        postcode: address?.postcode ?? '',
        lines: demoSaleLines(stock, random, 3),
      },
      context,
    );
    await tx.update(inquiries).set({ createdAt: at, updatedAt: at }).where(eq(inquiries.id, inquiry.id));
  }
}
