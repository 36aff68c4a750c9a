import type { SaleLineInput } from '@facet/contract/modules/inquiries/sale-line.schema';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../http/context.ts';
import type { CustomerContact } from '../customers/index.ts';
import { customerContacts, sampleCustomerIds } from '../customers/index.ts';
import { sampleDiamondIdsForSale } from '../diamonds/index.ts';
import type { ProductForSale } from '../products/index.ts';
import { productsForSale, sampleProductIdsForSale } from '../products/index.ts';

/**
 * What demo inquiries and carts are made of: demo customers (and guests), pieces and stones for sale,
 * picked by a seeded random so every demo database holds the same sales. Sales are written through the
 * services' storefront create, as a storefront would send them, then dated back over the last months.
 */
export interface DemoSaleStock {
  customers: CustomerContact[];
  products: ProductForSale[];
  diamondIds: number[];
}

/** The demo's shoppers and goods, or null when the demo catalogue has nothing for sale. */
export async function demoSaleStock(tx: Db): Promise<DemoSaleStock | null> {
  const customers = [...(await customerContacts(tx, await sampleCustomerIds(tx, 80))).values()];
  const products = [...(await productsForSale(tx, await sampleProductIdsForSale(tx, 300))).values()];
  const diamondIds = await sampleDiamondIdsForSale(tx, 60);
  return products.length || diamondIds.length ? { customers, products, diamondIds } : null;
}

/** The seeder's writes, audited as the demo data's. */
export const demoContext = (adminId: number): RequestContext => ({ actor: { id: adminId, name: 'demo data', email: '', permissions: [] }, ip: 'system', requestId: 'demo-data' });

const pickOf = (random: () => number) => <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** One to `most` lines: mostly pieces (a size chosen where the piece has sizes), now and then a stone. */
export function demoSaleLines(stock: DemoSaleStock, random: () => number, most: number): SaleLineInput[] {
  const pick = pickOf(random);
  const count = 1 + Math.floor(random() * most);
  const lines: SaleLineInput[] = [];
  const stones = new Set<number>();
  for (let i = 0; i < count; i++) {
    if (stock.diamondIds.length && (random() < 0.2 || !stock.products.length)) {
      const diamondId = pick(stock.diamondIds);
      if (!stones.has(diamondId)) lines.push({ diamondId, qty: 1 });
      stones.add(diamondId);
      continue;
    }
    const product = pick(stock.products);
    // A size beside the variant's options, unless it is made in one (a ring's Ring Size, a chain's length).
    const size = product.sizes.length && product.optionSize === null && random() < 0.7 ? pick(product.sizes) : '';
    lines.push({ productId: product.id, qty: random() < 0.85 ? 1 : 2, size });
  }
  return lines;
}

const GUEST_FIRST_NAMES = ['Hannah', 'Finley', 'Zara', 'Elliot', 'Maya', 'Reuben', 'Imogen', 'Kai', 'Tilly', 'Ezra'];
const GUEST_LAST_NAMES = ['Fletcher', 'Osei', 'Nowak', 'Quinn', 'Sandhu', 'Byrne', 'Okafor', 'Lindqvist', 'Carver', 'Mistry'];

/** A shopper who checks out without an account: a name, an email of their own, a UK mobile number. */
export function demoGuest(random: () => number, index: number) {
  const pick = pickOf(random);
  const firstName = pick(GUEST_FIRST_NAMES);
  const lastName = pick(GUEST_LAST_NAMES);
  const domain = pick(['gmail.com', 'outlook.com', 'icloud.com', 'yahoo.co.uk']);
  return { firstName, lastName, email: `${firstName}.${lastName}.${index}@${domain}`.toLowerCase(), contactNumber: `07${String(700_000_000 + Math.floor(random() * 99_999_999))}` };
}

/** A moment in the last `days` days, at a shop's waking hour. */
export function demoMomentWithin(random: () => number, days: number, now = Date.now()): Date {
  const day = new Date(now - Math.floor(random() * days) * 86_400_000);
  day.setUTCHours(8 + Math.floor(random() * 14), Math.floor(random() * 60), Math.floor(random() * 60), 0);
  // A time later today than now would be in the future: a day earlier instead.
  return day.getTime() > now ? new Date(day.getTime() - 86_400_000) : day;
}
