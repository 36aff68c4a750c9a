import type { CategoryExploreMore, CategoryFaq } from '@facet/contract/modules/categories/category.schema';
import { ROOT_CATEGORY_ID } from '@facet/contract/modules/categories/category.schema';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { productAttributes } from '../product-attributes/product-attribute.table.ts';
import { categories, categoryFilterOptions } from './category.table.ts';

const SHOP = 'https://www.facet-jewellery.co.uk';

interface DemoCategory {
  name: string;
  slug: string;
  title?: string;
  description?: string;
  metaDescription?: string;
  metaKeyword?: string;
  isDiamondCategory?: boolean;
  isGemstoneCategory?: boolean;
  isMtoCategory?: boolean;
  isGiftCard?: boolean;
  status?: boolean;
  faqs?: CategoryFaq[];
  exploreMore?: CategoryExploreMore[];
  footerTitle?: string;
  footerDescription?: string;
  /** Codes of the product attributes shoppers filter by, in order. */
  filters?: string[];
  /** Code of the attribute that holds the sizes. */
  sizeAttribute?: string;
  children?: DemoCategory[];
}

const RESIZE_FAQ: CategoryFaq = {
  question: 'Can my ring be resized?',
  answer: 'Yes. Every ring includes one free resize within 60 days of delivery, made in our Hatton Garden workshop.',
};
const HALLMARK_FAQ: CategoryFaq = {
  question: 'Is your jewellery hallmarked?',
  answer: 'Every piece in 9ct, 18ct gold, platinum or silver above the exemption weight is hallmarked at the London Assay Office.',
};
const DELIVERY_FAQ: CategoryFaq = {
  question: 'How is my order delivered?',
  answer: 'By free, fully insured Royal Mail Special Delivery in the UK, in a signed-for parcel. Made-to-order pieces ship within 3 to 4 weeks.',
};
const SIZE_GUIDE: CategoryExploreMore = { title: 'Ring size guide', link: `${SHOP}/ring-size-guide` };
const DIAMOND_GUIDE: CategoryExploreMore = { title: 'The 4Cs of diamonds', link: `${SHOP}/blog/diamond-4cs-guide` };

/** A jeweller's catalogue, as a UK shop selling natural and lab grown diamonds would arrange it. */
const DEMO_TREE: DemoCategory[] = [
  {
    name: 'Rings',
    slug: 'rings',
    title: 'Diamond and Gold Rings',
    description: 'Engagement, wedding, eternity and dress rings, handmade in 18ct gold and platinum.',
    metaKeyword: 'rings, diamond rings, gold rings, platinum rings',
    faqs: [RESIZE_FAQ, HALLMARK_FAQ],
    exploreMore: [SIZE_GUIDE],
    children: [
      {
        name: 'Engagement Rings',
        slug: 'engagement-rings',
        title: 'Diamond Engagement Rings',
        description: 'Solitaire, halo and three stone engagement rings with natural or lab grown diamonds, certified by GIA or IGI.',
        metaKeyword: 'engagement rings, diamond engagement rings, solitaire, halo engagement ring, lab grown engagement ring',
        filters: ['bridalshape', 'metal', 'settingStyle'],
        faqs: [
          { question: 'Natural or lab grown: which diamond should I choose?', answer: 'Both are real diamonds with the same sparkle and hardness. Lab grown diamonds cost around 70% less; natural diamonds hold their rarity. Every stone comes with a grading report.' },
          { question: 'How long does a made-to-order engagement ring take?', answer: 'Three to four weeks from your order. We will confirm the dispatch date by email and can rush an order for a planned proposal.' },
          RESIZE_FAQ,
        ],
        exploreMore: [SIZE_GUIDE, DIAMOND_GUIDE, { title: 'Book a showroom appointment', link: `${SHOP}/appointments` }],
        footerTitle: 'Engagement rings made in Hatton Garden',
        footerDescription:
          '<p>Every Facet engagement ring is cast, set and polished by hand in our <strong>Hatton Garden</strong> workshop. Choose your setting, then your diamond: natural or lab grown, from 0.30ct to over 3 carats.</p><ul><li>Free insured UK delivery</li><li>Free resize within 60 days</li><li>Lifetime care plan</li></ul>',
        children: [
          { name: 'Solitaire Engagement Rings', slug: 'solitaire-engagement-rings', metaKeyword: 'solitaire ring, single diamond ring' },
          { name: 'Halo Engagement Rings', slug: 'halo-engagement-rings', metaKeyword: 'halo ring, halo engagement ring' },
          { name: 'Three Stone Engagement Rings', slug: 'three-stone-engagement-rings', metaKeyword: 'trilogy ring, three stone ring' },
        ],
      },
      {
        name: 'Wedding Rings',
        slug: 'wedding-rings',
        title: 'Wedding Rings for Him and Her',
        description: 'Plain, court and diamond-set wedding bands in gold, platinum and palladium.',
        metaKeyword: 'wedding rings, wedding bands, mens wedding ring, court wedding ring',
        filters: ['metal', 'bandWidth'],
        faqs: [
          { question: 'Will a wedding band sit flush with my engagement ring?', answer: 'Our shaped and fitted bands are made to sit against your engagement ring; tell us its style and we will match the curve.' },
          HALLMARK_FAQ,
        ],
        exploreMore: [SIZE_GUIDE],
      },
      {
        name: 'Eternity Rings',
        slug: 'eternity-rings',
        title: 'Diamond Eternity Rings',
        description: 'Half and full eternity rings set with matched round and emerald-cut diamonds.',
        metaKeyword: 'eternity ring, half eternity, full eternity, anniversary ring',
        faqs: [{ question: 'Can a full eternity ring be resized?', answer: 'Full eternity rings cannot be resized without resetting stones, so we send a free ring sizer before making yours.' }],
      },
      { name: 'Dress Rings', slug: 'dress-rings', title: 'Gemstone and Diamond Dress Rings', metaKeyword: 'cocktail ring, dress ring, statement ring' },
    ],
  },
  {
    name: 'Earrings',
    slug: 'earrings',
    title: 'Diamond and Gold Earrings',
    description: 'Studs, hoops and drop earrings for every day and every occasion.',
    metaKeyword: 'earrings, diamond earrings, gold earrings',
    faqs: [{ question: 'Are your earrings suitable for sensitive ears?', answer: 'Our earrings are 9ct or 18ct gold, platinum or sterling silver, with no nickel, and come with secure butterfly or screw backs.' }, DELIVERY_FAQ],
    children: [
      { name: 'Studs', slug: 'stud-earrings', title: 'Diamond Stud Earrings', metaKeyword: 'diamond studs, stud earrings, solitaire earrings', filters: ['CaratStud', 'QualityStud', 'metal'] },
      { name: 'Hoops', slug: 'hoop-earrings', title: 'Gold and Diamond Hoop Earrings', metaKeyword: 'hoop earrings, huggie earrings' },
      { name: 'Drop Earrings', slug: 'drop-earrings', title: 'Diamond Drop Earrings', metaKeyword: 'drop earrings, dangle earrings' },
    ],
  },
  {
    name: 'Necklaces',
    slug: 'necklaces',
    title: 'Diamond and Gold Necklaces',
    description: 'Tennis necklaces, chains and diamond necklaces in 18ct gold and platinum.',
    metaKeyword: 'necklaces, diamond necklace, gold chain, tennis necklace',
    filters: ['metal', 'LengthChain'],
    faqs: [{ question: 'What chain length should I choose?', answer: '18 inches (45cm) sits on the collarbone and suits most pendants; 16 inches sits higher at the base of the neck.' }, DELIVERY_FAQ],
  },
  {
    name: 'Pendants',
    slug: 'pendants',
    title: 'Diamond Pendants',
    description: 'Solitaire, halo and initial pendants, supplied on an 18 inch chain.',
    metaKeyword: 'pendants, diamond pendant, solitaire pendant',
    faqs: [{ question: 'Is the chain included?', answer: 'Yes, every pendant comes on a matching 18 inch trace chain with an extra loop at 16 inches.' }],
  },
  {
    name: 'Bracelets',
    slug: 'bracelets',
    title: 'Diamond Bracelets and Bangles',
    description: 'Tennis bracelets, bangles and chain bracelets set with natural and lab grown diamonds.',
    metaKeyword: 'bracelets, tennis bracelet, diamond bracelet, bangle',
    filters: ['metal', 'LengthBracelet'],
    sizeAttribute: 'braceletSize',
    faqs: [{ question: 'How do I find my bracelet size?', answer: 'Measure your wrist snugly and add 1.5cm for a close fit or 2cm for a looser fit. Our standard tennis bracelet is 18cm.' }],
  },
  {
    name: 'Diamonds',
    slug: 'diamonds',
    title: 'Loose Diamonds',
    description: 'Search thousands of certified loose diamonds, natural and lab grown, by shape, carat, colour and clarity.',
    metaKeyword: 'loose diamonds, certified diamonds, GIA diamonds, IGI diamonds',
    isDiamondCategory: true,
    faqs: [
      { question: 'Are your diamonds certified?', answer: 'Every loose diamond over 0.30ct has a grading report from GIA, IGI or HRD, which you can view before you buy.' },
      { question: 'Can I see a diamond before I buy?', answer: 'Yes. Book a showroom appointment and we will call in up to three diamonds for you to compare under daylight lamps.' },
    ],
    exploreMore: [DIAMOND_GUIDE, { title: 'Diamond shapes explained', link: `${SHOP}/blog/diamond-shapes` }],
    children: [
      {
        name: 'Natural Diamonds',
        slug: 'natural-diamonds',
        title: 'Natural Earth-Mined Diamonds',
        description: 'Conflict-free natural diamonds, sourced under the Kimberley Process, graded by GIA.',
        metaKeyword: 'natural diamonds, earth mined diamonds, GIA certified',
        isDiamondCategory: true,
        faqs: [{ question: 'Are your natural diamonds conflict free?', answer: 'Yes. We buy only from suppliers who follow the Kimberley Process and the World Diamond Council System of Warranties.' }],
      },
      {
        name: 'Lab Grown Diamonds',
        slug: 'lab-grown-diamonds',
        title: 'Lab Grown Diamonds',
        description: 'Lab grown diamonds with the same physical and optical properties as natural diamonds, graded by IGI.',
        metaKeyword: 'lab grown diamonds, lab diamonds, CVD diamonds, IGI certified',
        isDiamondCategory: true,
        faqs: [{ question: 'Are lab grown diamonds real diamonds?', answer: 'Yes. They are crystallised carbon, chemically and optically identical to natural diamonds; only their origin differs.' }],
      },
    ],
  },
  {
    name: 'Gemstones',
    slug: 'gemstones',
    title: 'Sapphires, Emeralds and Rubies',
    description: 'Natural sapphires, emeralds and rubies, loose or set.',
    metaKeyword: 'gemstones, sapphire, emerald, ruby',
    filters: ['gemstone', 'metal'],
    isGemstoneCategory: true,
  },
  {
    name: 'Bespoke',
    slug: 'bespoke',
    title: 'Bespoke Jewellery',
    description: 'Design your own ring or remodel a family piece with our goldsmiths.',
    metaKeyword: 'bespoke jewellery, custom engagement ring, remodelling',
    isMtoCategory: true,
    faqs: [{ question: 'How does bespoke work?', answer: 'We start with a consultation, then share CAD renders and a wax model before casting. Most pieces take six to eight weeks.' }],
  },
  { name: 'Gift Cards', slug: 'gift-cards', title: 'Facet Gift Cards', description: 'Gift cards from £50 to £5,000, valid for two years.', isGiftCard: true },
  { name: 'Watches', slug: 'watches', title: 'Watches', description: 'Discontinued range, kept for order history.', status: false },
];

/** Attribute ids by code; a code the demo attributes lack is a mistake in this file, so it stops the seed. */
async function attributeIdsByCode(tx: Db, tree: DemoCategory[]): Promise<Map<string, number>> {
  const codes = new Set<string>();
  const collect = (nodes: DemoCategory[]) =>
    nodes.forEach((node) => {
      [...(node.filters ?? []), ...(node.sizeAttribute ? [node.sizeAttribute] : [])].forEach((code) => codes.add(code));
      collect(node.children ?? []);
    });
  collect(tree);
  const rows = await tx
    .select({ id: productAttributes.id, code: productAttributes.attributeCode })
    .from(productAttributes)
    .where(inArray(productAttributes.attributeCode, [...codes]));
  const ids = new Map(rows.map((row) => [row.code, row.id]));
  const missing = [...codes].filter((code) => !ids.has(code));
  if (missing.length) throw new Error(`Demo categories: no product attribute with code ${missing.join(', ')}.`);
  return ids;
}

async function insertLevel(tx: Db, nodes: DemoCategory[], parentId: number, context: { adminId: number; attributeIds: Map<string, number> }) {
  for (const [index, { children, filters = [], sizeAttribute, ...node }] of nodes.entries()) {
    const [row] = await tx
      .insert(categories)
      .values({
        ...node,
        title: node.title ?? node.name,
        parentId,
        orderNo: index,
        sizeAttributeId: sizeAttribute ? context.attributeIds.get(sizeAttribute)! : 0,
        metaTitle: `${node.title ?? node.name} | Facet Jewellers`,
        metaDescription: node.metaDescription ?? node.description ?? '',
        createdBy: context.adminId,
        updatedBy: context.adminId,
      })
      .returning({ id: categories.id });
    if (filters.length) {
      await tx
        .insert(categoryFilterOptions)
        .values(filters.map((code, sortOrder) => ({ categoryId: row!.id, attributeId: context.attributeIds.get(code)!, sortOrder })));
    }
    if (children) await insertLevel(tx, children, row!.id, context);
  }
}

/** Needs the demo product attributes (run after their seeder). */
export async function seedDemoCategories(tx: Db, { adminId }: SeedContext) {
  await insertLevel(tx, DEMO_TREE, ROOT_CATEGORY_ID, { adminId, attributeIds: await attributeIdsByCode(tx, DEMO_TREE) });
}
