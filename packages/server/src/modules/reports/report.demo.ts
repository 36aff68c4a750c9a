import { seededRandom } from '@facet/contract/seeded-random';
import type { Db } from '../../db/client.ts';
import { productCards, sampleProductIdsForSale } from '../products/index.ts';
import { linkStatistics, productViews, ringRequests, searchTerms } from './report.table.ts';

/** The demo's statistics cover the last 90 days. */
const DEMO_DAYS = 90;
const DEMO_RING_REQUESTS = 30;

const KEYWORDS = [
  'engagement ring', 'diamond ring', 'solitaire', 'oval diamond', 'lab grown diamond', 'eternity ring', 'wedding band', 'platinum ring',
  'rose gold', 'yellow gold', 'white gold', 'halo ring', 'princess cut', 'emerald cut', 'cushion cut', 'pear diamond', 'sapphire',
  'emerald', 'ruby', 'tennis bracelet', 'diamond earrings', 'stud earrings', 'hoop earrings', 'pendant', 'necklace', 'mens ring',
  'gift card', 'ring size', 'three stone ring', 'vintage ring', 'marquise', 'radiant cut', 'asscher', 'toi et moi', 'bezel setting',
  'trilogy', 'anniversary', 'gold chain', 'birthstone', 'moissanite',
];
const CATEGORIES = [
  ['Engagement Rings', '/engagement-rings'], ['Wedding Rings', '/wedding-rings'], ['Eternity Rings', '/eternity-rings'], ['Earrings', '/earrings'],
  ['Necklaces', '/necklaces'], ['Bracelets', '/bracelets'], ['Loose Diamonds', '/diamonds'], ['Lab Grown Diamonds', '/lab-grown-diamonds'],
] as const;
const PAGES = [
  ['About Us', '/about-us'], ['Contact Us', '/contact-us'], ['Ring Size Guide', '/ring-size-guide'], ['Diamond Education', '/diamond-education'],
  ['Delivery & Returns', '/delivery-returns'], ['Book an Appointment', '/book-appointment'],
] as const;
const FIRST_NAMES = ['Olivia', 'Amelia', 'Isla', 'Ava', 'Harry', 'Oliver', 'George', 'Noah', 'Sophia', 'Grace', 'Jack', 'Leo'];
const LAST_NAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Davies', 'Evans', 'Thomas', 'Roberts'];
const METALS = ['18k White Gold', '18k Yellow Gold', '18k Rose Gold', 'Platinum'];
const STYLES = ['Solitaire', 'Halo', 'Three Stone', 'Pavé', 'Vintage'];
const SHAPES = ['Round', 'Oval', 'Princess', 'Emerald', 'Cushion', 'Pear'];
const MESSAGES = [
  'Could you show me this with a thinner band?',
  'I would like to see it with a 1.5 ct stone, please.',
  'Is this available in platinum and how long would it take?',
  'Please call me to discuss a budget around £4,000.',
  'Can I book an appointment to see it in person?',
  '',
];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const momentWithin = (random: () => number, days: number, now = Date.now()) => new Date(now - Math.floor(random() * days * 86_400_000));

/**
 * A trading shop's statistics over the last 90 days (issue 27): searches (popular keywords searched
 * often), clicks on products, categories and pages, product views, and 30 virtual ring builder requests.
 * Written as the rollups they become (the demo has no storefront sending events).
 */
export async function seedDemoReports(tx: Db) {
  const random = seededRandom(2715);
  const now = Date.now();
  await tx.insert(searchTerms).values(
    KEYWORDS.map((keyword, index) => {
      const lastSearchedAt = momentWithin(random, index < 10 ? 3 : DEMO_DAYS, now);
      return { keyword, uses: Math.max(1, Math.round((KEYWORDS.length - index) * (2 + random() * 8))), results: Math.floor(random() * 120), lastSearchedAt, createdAt: new Date(now - DEMO_DAYS * 86_400_000), updatedAt: lastSearchedAt };
    }),
  );

  const ids = await sampleProductIdsForSale(tx, 40);
  const cards = [...new Map([...(await productCards(tx, ids)).values()].map((card) => [card.id, card])).values()];
  if (cards.length) {
    await tx.insert(productViews).values(cards.map((card, index) => ({ productId: card.id, name: card.name, image: card.image, parentSku: card.parentSku, views: Math.round((cards.length - index) * (5 + random() * 20)), updatedAt: momentWithin(random, 2, now) })));
  }
  const links = [
    ...cards.slice(0, 15).map((card) => ({ type: 'products' as const, label: card.name, url: `/product/${card.parentSku.toLowerCase()}` })),
    ...CATEGORIES.map(([label, url]) => ({ type: 'category' as const, label, url })),
    ...PAGES.map(([label, url]) => ({ type: 'pages' as const, label, url })),
  ];
  await tx.insert(linkStatistics).values(links.map((link) => ({ ...link, clicks: 1 + Math.floor(random() * 400), updatedAt: momentWithin(random, DEMO_DAYS, now) })));

  const requests = Array.from({ length: DEMO_RING_REQUESTS }, () => momentWithin(random, DEMO_DAYS, now)).sort((a, b) => a.getTime() - b.getTime());
  await tx.insert(ringRequests).values(
    requests.map((at) => {
      const card = cards.length ? pick(random, cards) : { name: 'Classic Solitaire Ring', image: '', parentSku: 'RING-001' };
      const firstName = pick(random, FIRST_NAMES);
      const lastName = pick(random, LAST_NAMES);
      return {
        image: card.image,
        productName: card.name,
        sku: card.parentSku,
        metal: pick(random, METALS),
        style: pick(random, STYLES),
        shape: pick(random, SHAPES),
        carat: (0.5 + Math.floor(random() * 16) / 10).toFixed(2),
        firstName,
        lastName,
        email: `${firstName}.${lastName}${Math.floor(random() * 90 + 10)}@example.com`.toLowerCase(),
        message: pick(random, MESSAGES),
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}
