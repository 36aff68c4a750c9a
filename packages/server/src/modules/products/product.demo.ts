import type { CanBeSetWith, GenderCode, ProductCreateInput, ProductVariantInput } from '@facet/contract/modules/products/product.schema';
import { generateVariantSku, productCreateSchema } from '@facet/contract/modules/products/product.schema';
import { and, eq, inArray } from 'drizzle-orm';
import { seededRandom } from '@facet/contract/seeded-random';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { SeedContext } from '../../db/seed.ts';
import type { RequestContext } from '../../http/context.ts';
import { attributeSets } from '../attribute-sets/attribute-set.table.ts';
import { categories } from '../categories/category.table.ts';
import { shapeNames } from '../diamond-shapes/index.ts';
import { attributeOptions, productAttributes } from '../product-attributes/product-attribute.table.ts';
import { productSizes } from '../product-sizes/product-size.table.ts';
import type { DemoDrawing, DemoImageRequest, DemoStone } from './product.demo-images.ts';
import { metalColourOf, storeDemoImages } from './product.demo-images.ts';
import { createProductService } from './product.service.ts';

/**
 * The demo shop's catalogue: about 60 pieces as a UK jeweller lists them (engagement, wedding,
 * eternity and dress rings, earrings, pendants, chains, bracelets, gift cards), most configurable
 * by metal and size, most rings with 64 to 222 variants, prices in pounds. Each product is saved by
 * the products service, one call per product, so the demo goes through the real save (validation,
 * SKU checks, set-based variants, audit).
 */

type AttributeCode = 'metal' | 'ringSize' | 'CaratStud' | 'QualityStud' | 'LengthChain' | 'LengthBracelet' | 'braceletSize' | 'FineJewelryCarat';
/** One configurable attribute of a product and the options it comes in (PRICE_FACTORS prices them). */
type Axis = [AttributeCode, string[]];

interface DemoProduct {
  name: string;
  sku: string;
  set: 'Rings' | 'Earrings' | 'Pendants' | 'Bracelets' | 'Gift Cards';
  /** Category slugs of the demo tree. */
  categories: string[];
  /** The price of the first combination (the lightest metal, the smallest size), in pounds. */
  price: number;
  drawing: DemoDrawing;
  stone: DemoStone;
  axes: Axis[];
  details: [string, string][];
  summary: string;
  /** Set attributes and standalone attributes by code: an option's value or a text. */
  attributes?: Record<string, string>;
  standalone?: Record<string, string>;
  sizeType?: string;
  gender?: GenderCode;
  weightGrams?: number;
  vendor?: string;
  /** Shapes (and carat bands) an engagement setting takes. */
  setWith?: [string, number, number][];
  /** SKUs of products listed earlier. */
  related?: string[];
  isGiftCard?: boolean;
  isReadyToShip?: boolean;
  qty?: number;
  status?: boolean;
}

const GOLD_AND_PLATINUM = ['18ct Yellow Gold', '18ct White Gold', '18ct Rose Gold', 'Platinum'];
const WHITE_METALS = ['18ct White Gold', 'Platinum'];
const ALL_GOLD = ['9ct Yellow Gold', '9ct White Gold', '18ct Yellow Gold', '18ct White Gold', '18ct Rose Gold', 'Platinum'];
const UK_SIZES = 'HIJKLMNOPQRSTUVWXYZ'.split('').flatMap((letter) => (letter === 'Z' ? [letter] : [letter, `${letter}½`]));
const sizesFrom = (from: string, to: string) => UK_SIZES.slice(UK_SIZES.indexOf(from), UK_SIZES.indexOf(to) + 1);
/** The sizes most engagement rings are ordered in. */
const BRIDAL_SIZES = sizesFrom('J', 'Q½');

/** What a metal, a stud carat, a quality or a length does to the price. */
const PRICE_FACTORS: Record<string, number> = {
  '9ct Yellow Gold': 0.62,
  '9ct White Gold': 0.65,
  '18ct Yellow Gold': 1,
  '18ct White Gold': 1,
  '18ct Rose Gold': 1,
  Platinum: 1.16,
  'Sterling Silver': 0.3,
  '0.25ct': 1,
  '0.50ct': 2.1,
  '0.75ct': 3.4,
  '1.00ct': 5.2,
  '1.50ct': 9,
  '2.00ct': 14,
  '0.10ct': 1,
  '0.20ct': 1.7,
  '0.33ct': 2.6,
  Good: 1,
  'Very Good': 1.18,
  Excellent: 1.35,
  '18"': 1.12,
  '20"': 1.24,
  '22"': 1.36,
  '24"': 1.48,
  '7"': 1.08,
  '7.5"': 1.16,
  '8"': 1.24,
  Medium: 1.05,
  Large: 1.1,
};
/** Retail prices end in 5 below the round ten: £1,295 rather than £1,300. */
const retailPrice = (amount: number) => Math.max(5, Math.round(amount / 10) * 10 - 5);

const RING_DETAILS = (stoneText: string, width: string): [string, string][] => [
  ['Centre stone', stoneText],
  ['Band width', width],
  ['Hallmark', 'London Assay Office'],
  ['Made in', 'Hatton Garden, London'],
];

const engagement = (
  name: string,
  sku: string,
  drawing: DemoDrawing,
  shape: string,
  price: number,
  extra: Partial<DemoProduct> = {},
): DemoProduct => ({
  name,
  sku,
  set: 'Rings',
  categories: ['rings', 'engagement-rings', drawing === 'halo' ? 'halo-engagement-rings' : drawing === 'trilogy' ? 'three-stone-engagement-rings' : 'solitaire-engagement-rings'],
  price,
  drawing,
  stone: 'diamond',
  axes: [
    ['metal', GOLD_AND_PLATINUM],
    ['ringSize', BRIDAL_SIZES],
  ],
  details: RING_DETAILS(`Setting for a ${shape.toLowerCase()} diamond, 0.30ct to 3.00ct`, '2.0mm'),
  summary: `A ${shape.toLowerCase()} ${drawing === 'halo' ? 'halo' : drawing === 'trilogy' ? 'three stone' : 'solitaire'} engagement setting, cast and set by hand in our Hatton Garden workshop. Choose your metal, then your natural or lab grown diamond.`,
  attributes: { hallmark: 'London Assay Office', settingStyle: drawing === 'halo' ? 'Halo' : 'Claw', gemstone: 'Diamond', bridalshape: shape },
  sizeType: 'Ring Size',
  gender: 2,
  weightGrams: 3.4,
  setWith: [
    [shape, 0.3, 3],
    ...(shape === 'Round' ? [] : ([['Round', 0.5, 2]] as [string, number, number][])),
  ],
  ...extra,
});

const wedding = (name: string, sku: string, width: string, price: number, gender: GenderCode, extra: Partial<DemoProduct> = {}): DemoProduct => ({
  name,
  sku,
  set: 'Rings',
  categories: ['rings', 'wedding-rings'],
  price,
  drawing: 'band',
  stone: 'none',
  axes: [
    ['metal', GOLD_AND_PLATINUM],
    ['ringSize', sizesFrom('J', 'V')],
  ],
  details: [
    ['Profile', name.includes('D Shape') ? 'D shape' : name.includes('Flat') ? 'Flat court' : 'Court'],
    ['Band width', width],
    ['Hallmark', 'London Assay Office'],
  ],
  summary: `A ${width} wedding ring, comfortable to wear every day, polished to a mirror finish and hallmarked in London.`,
  attributes: { hallmark: 'London Assay Office', bandWidth: width.replace('.0', '') },
  sizeType: 'Ring Size',
  gender,
  weightGrams: Number(width.replace('mm', '')) * 1.6,
  isReadyToShip: true,
  ...extra,
});

const eternity = (name: string, sku: string, price: number, stone: DemoStone, carats: string): DemoProduct => ({
  name,
  sku,
  set: 'Rings',
  categories: ['rings', 'eternity-rings'],
  price,
  drawing: 'eternity',
  stone,
  axes: [
    ['metal', GOLD_AND_PLATINUM],
    ['ringSize', sizesFrom('J', 'Q½')],
  ],
  details: RING_DETAILS(`${carats} of matched round brilliant stones, claw set`, '2.5mm'),
  summary: `An eternity ring of ${carats}, each stone matched by eye for colour and sparkle, for an anniversary or to wear beside an engagement ring.`,
  attributes: { hallmark: 'London Assay Office', settingStyle: 'Claw', gemstone: stone === 'sapphire' ? 'Sapphire' : 'Diamond' },
  sizeType: 'Ring Size',
  gender: 2,
  weightGrams: 3.1,
});

const dress = (name: string, sku: string, price: number, stone: DemoStone, gemstone: string): DemoProduct => ({
  name,
  sku,
  set: 'Rings',
  categories: ['rings', 'dress-rings', 'gemstones'],
  price,
  drawing: 'cluster',
  stone,
  axes: [
    ['metal', ['18ct Yellow Gold', '18ct White Gold']],
    ['ringSize', sizesFrom('J', 'Q½')],
  ],
  details: RING_DETAILS(`Natural ${gemstone.toLowerCase()} with a surround of round diamonds`, '1.8mm'),
  summary: `A natural ${gemstone.toLowerCase()} framed by diamonds, inspired by the cluster rings of the 1920s.`,
  attributes: { hallmark: 'Birmingham Assay Office', settingStyle: 'Halo', gemstone },
  sizeType: 'Ring Size',
  gender: 2,
  weightGrams: 4.2,
  vendor: 'Birmingham Casting Co',
});

const earrings = (name: string, sku: string, slug: string, drawing: DemoDrawing, price: number, stone: DemoStone, axes: Axis[], summary: string): DemoProduct => ({
  name,
  sku,
  set: 'Earrings',
  categories: ['earrings', slug],
  price,
  drawing,
  stone,
  axes,
  details: [
    ['Fastening', drawing === 'hoops' ? 'Hinged snap' : 'Screw back'],
    ['Sold as', 'A pair'],
  ],
  summary,
  attributes: { hallmark: 'London Assay Office', ...(stone === 'none' ? {} : { gemstone: stone === 'diamond' ? 'Diamond' : stone[0]!.toUpperCase() + stone.slice(1) }) },
  gender: 2,
  weightGrams: 1.8,
});

const pendant = (name: string, sku: string, price: number, stone: DemoStone, axes: Axis[], summary: string): DemoProduct => ({
  name,
  sku,
  set: 'Pendants',
  categories: ['pendants', 'necklaces'],
  price,
  drawing: 'pendant',
  stone,
  axes,
  details: [
    ['Chain', 'Trace chain with a loop at 16"'],
    ['Clasp', 'Bolt ring'],
  ],
  summary,
  attributes: { hallmark: 'London Assay Office', gemstone: stone === 'sapphire' ? 'Sapphire' : 'Diamond' },
  standalone: { settingStyle: 'Claw' },
  sizeType: 'Necklace Length',
  gender: 2,
  weightGrams: 2.6,
});

const chain = (name: string, sku: string, price: number, link: string): DemoProduct => ({
  name,
  sku,
  set: 'Pendants',
  categories: ['necklaces'],
  price,
  drawing: 'chain',
  stone: 'none',
  axes: [
    ['metal', ['9ct Yellow Gold', '9ct White Gold', '18ct Yellow Gold', '18ct White Gold', 'Platinum']],
    ['LengthChain', ['16"', '18"', '20"', '22"', '24"']],
  ],
  details: [
    ['Link', link],
    ['Clasp', 'Lobster'],
  ],
  summary: `A ${link.toLowerCase()} chain, strong enough for a pendant and fine enough to wear alone.`,
  attributes: { hallmark: 'Sheffield Assay Office' },
  sizeType: 'Necklace Length',
  gender: 3,
  weightGrams: 4,
  vendor: 'Birmingham Casting Co',
  isReadyToShip: true,
});

const bracelet = (name: string, sku: string, drawing: DemoDrawing, price: number, stone: DemoStone, axes: Axis[], summary: string): DemoProduct => ({
  name,
  sku,
  set: 'Bracelets',
  categories: ['bracelets'],
  price,
  drawing,
  stone,
  axes,
  details: [
    ['Clasp', drawing === 'bangle' ? 'Hinged with safety catch' : 'Box clasp with double safety'],
    ['Width', drawing === 'tennis' ? '2.8mm' : '4mm'],
  ],
  summary,
  attributes: { hallmark: 'London Assay Office', ...(stone === 'none' ? {} : { gemstone: stone === 'sapphire' ? 'Sapphire' : 'Diamond' }) },
  sizeType: 'Bracelet Length',
  gender: 2,
  weightGrams: 9.5,
});

const giftCard = (amount: number): DemoProduct => ({
  name: `Facet Gift Card £${amount.toLocaleString('en-GB')}`,
  sku: `GIFT-${amount}`,
  set: 'Gift Cards',
  categories: ['gift-cards'],
  price: amount,
  drawing: 'giftcard',
  stone: 'none',
  axes: [],
  details: [['Valid for', 'Two years from purchase']],
  summary: `A £${amount.toLocaleString('en-GB')} gift card, sent by email or in a presentation box, to spend online or in our Hatton Garden showroom.`,
  isGiftCard: true,
  isReadyToShip: true,
  qty: 1000,
});

const STUD_CARATS = ['0.25ct', '0.50ct', '0.75ct', '1.00ct', '1.50ct', '2.00ct'];
const PENDANT_CARATS = ['0.10ct', '0.20ct', '0.33ct', '0.50ct', '0.75ct', '1.00ct'];

/** The catalogue, in the order saved: related products name SKUs listed before them. */
const CATALOGUE: DemoProduct[] = [
  engagement('Aurora Round Brilliant Solitaire Ring', 'FJ-ENG-001', 'solitaire', 'Round', 1295),
  engagement('Belgravia Oval Solitaire Ring', 'FJ-ENG-002', 'solitaire', 'Oval', 1345, { related: ['FJ-ENG-001'] }),
  engagement('Celeste Six Claw Solitaire Ring', 'FJ-ENG-003', 'solitaire', 'Round', 1195, { related: ['FJ-ENG-001', 'FJ-ENG-002'] }),
  engagement('Duchess Cushion Solitaire Ring', 'FJ-ENG-004', 'solitaire', 'Cushion', 1395),
  engagement('Elara Emerald Cut Solitaire Ring', 'FJ-ENG-005', 'solitaire', 'Emerald', 1445, { related: ['FJ-ENG-004'] }),
  engagement('Florence Pear Solitaire Ring', 'FJ-ENG-006', 'solitaire', 'Pear', 1295),
  engagement('Grace Princess Cut Solitaire Ring', 'FJ-ENG-007', 'solitaire', 'Princess', 1245),
  engagement('Hatton Tapered Baguette Solitaire Ring', 'FJ-ENG-008', 'solitaire', 'Round', 1795, { status: false }),
  engagement('Iris Round Halo Ring', 'FJ-ENG-101', 'halo', 'Round', 1595, { related: ['FJ-ENG-001'] }),
  engagement('Juliet Cushion Halo Ring', 'FJ-ENG-102', 'halo', 'Cushion', 1695, { related: ['FJ-ENG-004'] }),
  engagement('Kensington Oval Halo Ring', 'FJ-ENG-103', 'halo', 'Oval', 1645, { related: ['FJ-ENG-002'] }),
  engagement('Luna Pear Halo Ring', 'FJ-ENG-104', 'halo', 'Pear', 1695),
  engagement('Mayfair Double Halo Ring', 'FJ-ENG-105', 'halo', 'Round', 2195),
  engagement('Nova Hidden Halo Ring', 'FJ-ENG-106', 'halo', 'Oval', 1495, { vendor: 'Hatton Garden Workshop' }),
  engagement('Ophelia Round Three Stone Ring', 'FJ-ENG-201', 'trilogy', 'Round', 1995),
  engagement('Primrose Oval Three Stone Ring', 'FJ-ENG-202', 'trilogy', 'Oval', 2095),
  engagement('Regent Emerald Cut Trilogy Ring', 'FJ-ENG-203', 'trilogy', 'Emerald', 2295),
  engagement('Savoy Sapphire and Diamond Trilogy Ring', 'FJ-ENG-204', 'trilogy', 'Oval', 2395, { stone: 'sapphire', attributes: { hallmark: 'London Assay Office', settingStyle: 'Claw', gemstone: 'Sapphire', bridalshape: 'Oval' } }),

  wedding('2mm Court Wedding Ring', 'FJ-WED-002', '2.0mm', 345, 2, { axes: [['metal', ALL_GOLD], ['ringSize', UK_SIZES]], related: ['FJ-ENG-001', 'FJ-ENG-003'] }),
  wedding('3mm Court Wedding Ring', 'FJ-WED-003', '3.0mm', 425, 3),
  wedding('4mm Flat Court Wedding Ring', 'FJ-WED-004', '4.0mm', 545, 3),
  wedding('5mm D Shape Wedding Ring', 'FJ-WED-005', '5.0mm', 695, 1, { axes: [['metal', GOLD_AND_PLATINUM], ['ringSize', sizesFrom('N', 'Z')]] }),
  wedding('6mm Brushed Court Wedding Ring', 'FJ-WED-006', '6.0mm', 795, 1, { axes: [['metal', GOLD_AND_PLATINUM], ['ringSize', sizesFrom('N', 'Z')]] }),
  wedding('Shaped Wishbone Wedding Ring', 'FJ-WED-010', '2.0mm', 495, 2, { related: ['FJ-ENG-201', 'FJ-ENG-202'] }),
  wedding('Diamond Set Channel Wedding Ring', 'FJ-WED-011', '3.0mm', 995, 2, { stone: 'diamond', drawing: 'eternity', attributes: { hallmark: 'London Assay Office', bandWidth: '3mm', settingStyle: 'Channel', gemstone: 'Diamond' } }),

  eternity('Half Eternity Ring 0.50ct', 'FJ-ETR-050', 895, 'diamond', '0.50ct'),
  eternity('Half Eternity Ring 1.00ct', 'FJ-ETR-100', 1495, 'diamond', '1.00ct'),
  eternity('Full Eternity Ring 1.50ct', 'FJ-ETR-150', 2495, 'diamond', '1.50ct'),
  eternity('Lab Grown Diamond Half Eternity Ring 1.00ct', 'FJ-ETR-L100', 695, 'diamond', '1.00ct'),
  eternity('Sapphire and Diamond Eternity Ring', 'FJ-ETR-SAP', 1295, 'sapphire', '0.80ct'),

  dress('Ceylon Sapphire Cluster Ring', 'FJ-DRS-001', 1895, 'sapphire', 'Sapphire'),
  dress('Colombian Emerald Cluster Ring', 'FJ-DRS-002', 2195, 'emerald', 'Emerald'),
  dress('Burmese Ruby Halo Ring', 'FJ-DRS-003', 2495, 'ruby', 'Ruby'),
  dress('Art Deco Sapphire Ring', 'FJ-DRS-004', 1695, 'sapphire', 'Sapphire'),

  earrings('Round Diamond Stud Earrings', 'FJ-EAR-001', 'stud-earrings', 'studs', 395, 'diamond', [['metal', ['18ct Yellow Gold', '18ct White Gold', 'Platinum']], ['CaratStud', STUD_CARATS], ['QualityStud', ['Good', 'Very Good', 'Excellent']]], 'Four claw round brilliant diamond studs, matched in pairs for colour and clarity.'),
  earrings('Lab Grown Diamond Stud Earrings', 'FJ-EAR-002', 'stud-earrings', 'studs', 245, 'diamond', [['metal', ['18ct Yellow Gold', '18ct White Gold', 'Platinum']], ['CaratStud', STUD_CARATS], ['QualityStud', ['Good', 'Very Good', 'Excellent']]], 'Lab grown diamond studs: the same sparkle as natural diamonds, for around a third of the price.'),
  earrings('Princess Cut Diamond Stud Earrings', 'FJ-EAR-003', 'stud-earrings', 'studs', 445, 'diamond', [['metal', ['18ct Yellow Gold', '18ct White Gold', 'Platinum']], ['CaratStud', STUD_CARATS], ['QualityStud', ['Good', 'Very Good', 'Excellent']]], 'Square princess cut diamonds in four claw settings.'),
  earrings('Halo Diamond Stud Earrings', 'FJ-EAR-004', 'stud-earrings', 'studs', 695, 'diamond', [['metal', GOLD_AND_PLATINUM], ['CaratStud', STUD_CARATS.slice(0, 4)]], 'A round diamond in a halo of smaller stones, for the look of a bigger stud.'),
  earrings('Sapphire Stud Earrings', 'FJ-EAR-005', 'stud-earrings', 'studs', 495, 'sapphire', [['metal', ['18ct Yellow Gold', '18ct White Gold']]], 'Round blue sapphires from Sri Lanka in a simple four claw setting.'),
  earrings('Plain Gold Hoop Earrings', 'FJ-EAR-101', 'hoop-earrings', 'hoops', 245, 'none', [['metal', ['9ct Yellow Gold', '9ct White Gold', '18ct Yellow Gold', '18ct Rose Gold']]], 'Classic 20mm hoops with a hinged snap fastening.'),
  earrings('Diamond Huggie Hoop Earrings', 'FJ-EAR-102', 'hoop-earrings', 'hoops', 795, 'diamond', [['metal', GOLD_AND_PLATINUM]], 'Small hoops that hug the lobe, set with 0.30ct of round diamonds.'),
  earrings('Twisted Hoop Earrings', 'FJ-EAR-103', 'hoop-earrings', 'hoops', 345, 'none', [['metal', ['9ct Yellow Gold', '18ct Yellow Gold', '18ct White Gold']]], 'A twisted rope hoop that catches the light.'),
  earrings('Sterling Silver Creole Earrings', 'FJ-EAR-104', 'hoop-earrings', 'hoops', 85, 'none', [], 'Lightweight sterling silver creoles, 30mm across.'),
  earrings('Diamond Drop Earrings', 'FJ-EAR-201', 'drop-earrings', 'drops', 1195, 'diamond', [['metal', ['18ct Yellow Gold', '18ct White Gold', 'Platinum']]], 'Round diamonds suspended from a fine bar, 25mm long.'),
  earrings('Pear Sapphire Drop Earrings', 'FJ-EAR-202', 'drop-earrings', 'drops', 1395, 'sapphire', [['metal', ['18ct Yellow Gold', '18ct White Gold']]], 'Pear shaped sapphires beneath a diamond stud.'),
  earrings('Emerald Drop Earrings', 'FJ-EAR-203', 'drop-earrings', 'drops', 1495, 'emerald', [['metal', ['18ct Yellow Gold', '18ct White Gold']]], 'Oval Colombian emeralds on an articulated drop.'),

  pendant('Round Diamond Solitaire Pendant', 'FJ-PEN-001', 295, 'diamond', [['metal', GOLD_AND_PLATINUM], ['LengthChain', ['16"', '18"', '20"']], ['FineJewelryCarat', PENDANT_CARATS]], 'A round brilliant diamond in a four claw setting on a fine trace chain.'),
  pendant('Halo Diamond Pendant', 'FJ-PEN-002', 595, 'diamond', [['metal', GOLD_AND_PLATINUM], ['LengthChain', ['16"', '18"', '20"']]], 'A centre diamond in a halo of pavé set diamonds.'),
  pendant('Pear Drop Diamond Pendant', 'FJ-PEN-003', 645, 'diamond', [['metal', GOLD_AND_PLATINUM], ['LengthChain', ['16"', '18"', '20"']]], 'A pear shaped diamond that moves with you.'),
  pendant('Sapphire Halo Pendant', 'FJ-PEN-004', 745, 'sapphire', [['metal', WHITE_METALS], ['LengthChain', ['16"', '18"', '20"']]], 'An oval sapphire within a halo of diamonds.'),
  pendant('Diamond Heart Pendant', 'FJ-PEN-005', 545, 'diamond', [['metal', ['18ct Yellow Gold', '18ct Rose Gold']], ['LengthChain', ['16"', '18"']]], 'A heart outlined in small diamonds, a favourite gift.'),
  pendant('Emerald Solitaire Pendant', 'FJ-PEN-006', 695, 'emerald', [['metal', ['18ct Yellow Gold', '18ct White Gold']], ['LengthChain', ['16"', '18"', '20"']]], 'A round emerald in a yellow gold bezel.'),

  chain('Trace Chain', 'FJ-CHN-001', 145, 'Trace'),
  chain('Curb Chain', 'FJ-CHN-002', 245, 'Curb'),
  chain('Belcher Chain', 'FJ-CHN-003', 225, 'Belcher'),
  chain('Rope Chain', 'FJ-CHN-004', 295, 'Rope'),

  bracelet('Diamond Tennis Bracelet 2.00ct', 'FJ-BRC-001', 'tennis', 2495, 'diamond', [['metal', GOLD_AND_PLATINUM], ['LengthBracelet', ['6.5"', '7"', '7.5"', '8"']]], 'Round brilliant diamonds, 2.00ct in total, each in its own four claw setting.'),
  bracelet('Lab Grown Diamond Tennis Bracelet 5.00ct', 'FJ-BRC-002', 'tennis', 2995, 'diamond', [['metal', GOLD_AND_PLATINUM], ['LengthBracelet', ['6.5"', '7"', '7.5"', '8"']]], 'Five carats of lab grown diamonds in a supple line.'),
  bracelet('Sapphire Line Bracelet', 'FJ-BRC-003', 'tennis', 1995, 'sapphire', [['metal', WHITE_METALS], ['LengthBracelet', ['6.5"', '7"', '7.5"']]], 'Alternating sapphires and diamonds in a classic line bracelet.'),
  bracelet('Plain Gold Bangle', 'FJ-BRC-101', 'bangle', 495, 'none', [['metal', ['9ct Yellow Gold', '18ct Yellow Gold', '18ct Rose Gold']], ['braceletSize', ['Small', 'Medium', 'Large']]], 'A polished oval bangle with a hinged opening.'),
  bracelet('Diamond Set Bangle', 'FJ-BRC-102', 'bangle', 1295, 'diamond', [['metal', ['18ct Yellow Gold', '18ct White Gold']], ['braceletSize', ['Small', 'Medium', 'Large']]], 'A slim bangle set with a single round diamond.'),

  giftCard(100),
  giftCard(250),
  giftCard(500),
];

/** Ring sizes and lengths as a variant's own model number: 'M½' is 'M5', '18"' is '18'. */
const modelPart = (value: string) =>
  value
    .replace('½', '5')
    .replace(/ct$/, 'CT')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
const METAL_CODES: Record<string, string> = {
  '9ct Yellow Gold': '9Y',
  '9ct White Gold': '9W',
  '18ct Yellow Gold': '18Y',
  '18ct White Gold': '18W',
  '18ct Rose Gold': '18R',
  Platinum: 'PT',
  'Sterling Silver': 'AG',
};

/** A small seeded generator: the same demo every time (variant SKUs included). */
/** Every combination of the axes' options, in order. */
function combinations(axes: Axis[]): [AttributeCode, string][][] {
  return axes.reduce<[AttributeCode, string][][]>((sets, [code, values]) => sets.flatMap((set) => values.map((value) => [...set, [code, value] as [AttributeCode, string]])), [[]]);
}

/** Ids the catalogue names: attributes and options by code and value, sets, categories, size types, shapes. */
async function lookups(tx: Db) {
  // In turn, not side by side: `tx` is one connection, and node-postgres queues (and warns about, as
  // deprecated) a query asked while another runs on it.
  const optionRows = await tx
    .select({ attributeId: productAttributes.id, code: productAttributes.attributeCode, optionId: attributeOptions.id, value: attributeOptions.value })
    .from(productAttributes)
    .leftJoin(attributeOptions, and(eq(attributeOptions.attributeId, productAttributes.id), isLive(attributeOptions)))
    .where(isLive(productAttributes));
  const setRows = await tx.select({ id: attributeSets.id, name: attributeSets.name }).from(attributeSets).where(isLive(attributeSets));
  const categoryRows = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(and(isLive(categories), inArray(categories.slug, [...new Set(CATALOGUE.flatMap((product) => product.categories))])));
  const sizeRows = await tx.select({ id: productSizes.id, type: productSizes.type }).from(productSizes).where(isLive(productSizes));
  const shapeRows = await shapeNames(tx);
  const attributeIdOf = new Map(optionRows.map((row) => [row.code, row.attributeId]));
  const optionIdOf = new Map(optionRows.map((row) => [`${row.code}\u0000${row.value}`, row.optionId]));
  const need = <T>(map: Map<string, T>, key: string, what: string): T => {
    const found = map.get(key);
    if (found === undefined || found === null) throw new Error(`demo products: no ${what} '${key.replace('\u0000', ' ')}'`);
    return found;
  };
  return {
    attributeId: (code: string) => need(attributeIdOf, code, 'attribute'),
    optionId: (code: string, value: string) => need(optionIdOf, `${code}\u0000${value}`, 'option') as number,
    setId: (name: string) => need(new Map(setRows.map((row) => [row.name, row.id])), name, 'attribute set'),
    categoryId: (slug: string) => need(new Map(categoryRows.map((row) => [row.slug, row.id])), slug, 'category'),
    sizeTypeId: (type: string) => need(new Map(sizeRows.map((row) => [row.type, row.id])), type, 'size type'),
    shapeId: (name: string) => need(new Map(shapeRows.map((row) => [row.name, row.id])), name, 'diamond shape'),
  };
}

/**
 * After attribute sets, categories, product sizes and attributes (and the diamond shapes Can Be Set
 * With names). Without a media store (tests seeding demo data), the products have no images.
 */
export async function seedDemoProducts(tx: Db, { adminId, mediaStorage }: SeedContext) {
  const ids = await lookups(tx);
  const random = seededRandom(20_260_101);
  const imageRequests = CATALOGUE.flatMap((product) => {
    const metals = product.axes.find(([code]) => code === 'metal')?.[1] ?? [product.name.includes('Silver') ? 'Sterling Silver' : '18ct Yellow Gold'];
    return metals.map((metal): DemoImageRequest => ({ drawing: product.drawing, stone: product.stone, metal: metalColourOf(metal) }));
  });
  const imageOf = mediaStorage ? await storeDemoImages(tx, mediaStorage, adminId, imageRequests) : () => '';
  const service = createProductService(tx);
  const context: RequestContext = { actor: { id: adminId, name: 'demo data', email: '', permissions: [] }, ip: 'system', requestId: 'demo-data' };
  const idBySku = new Map<string, number>();

  for (const product of CATALOGUE) {
    const metals = product.axes.find(([code]) => code === 'metal')?.[1] ?? [product.name.includes('Silver') ? 'Sterling Silver' : '18ct Yellow Gold'];
    const image = (metal: string) => imageOf({ drawing: product.drawing, stone: product.stone, metal: metalColourOf(metal) });
    const skus = new Set<string>();
    const variants: ProductVariantInput[] = combinations(product.axes).flatMap((combination) => {
      if (!combination.length) return [];
      let sku = generateVariantSku(product.sku, random);
      while (skus.has(sku)) sku = generateVariantSku(product.sku, random);
      skus.add(sku);
      const metal = combination.find(([code]) => code === 'metal')?.[1] ?? metals[0]!;
      const factor = combination.reduce((total, [, value]) => total * (PRICE_FACTORS[value] ?? 1), 1);
      // Larger ring sizes take more metal.
      const sizeIndex = UK_SIZES.indexOf(combination.find(([code]) => code === 'ringSize')?.[1] ?? '');
      const sizeSurcharge = sizeIndex > UK_SIZES.indexOf('S') ? 20 : 0;
      return [
        {
          options: combination.map(([code, value]) => ({ attributeId: ids.attributeId(code), optionId: ids.optionId(code, value) })),
          sku,
          modelNumber: [product.sku, ...combination.map(([code, value]) => (code === 'metal' ? METAL_CODES[value]! : modelPart(value)))].join('-'),
          price: retailPrice(product.price * factor) + sizeSurcharge,
          baseImage: image(metal),
        },
      ];
    });
    const values = (record: Record<string, string> | undefined) =>
      Object.entries(record ?? {}).map(([code, value]) => (code === 'engraving' ? { attributeId: ids.attributeId(code), value } : { attributeId: ids.attributeId(code), optionId: ids.optionId(code, value) }));
    const canBeSetWith: CanBeSetWith[] = (product.setWith ?? []).map(([shape, caratFrom, caratTo]) => ({ shapeId: ids.shapeId(shape), caratFrom, caratTo }));
    const input: ProductCreateInput = {
      attributeSetId: ids.setId(product.set),
      name: product.name,
      sku: product.sku,
      categoryIds: product.categories.map((slug) => ids.categoryId(slug)),
      price: variants.length ? Math.min(...variants.map((variant) => variant.price as number)) : product.price,
      weight: product.weightGrams === undefined ? null : Math.round(product.weightGrams * 100) / 100,
      weightUnit: 'g',
      qty: product.qty ?? (variants.length ? 0 : 3),
      isReadyToShip: product.isReadyToShip ?? false,
      isGiftCard: product.isGiftCard ?? false,
      status: product.status ?? true,
      description: `<p>${product.summary}</p><ul>${product.details.map(([label, value]) => `<li><strong>${label}:</strong> ${value}</li>`).join('')}</ul>`,
      productDescription: product.summary,
      sizeTypeId: product.sizeType ? ids.sizeTypeId(product.sizeType) : null,
      gender: product.gender ?? null,
      productDetails: product.details.map(([label, value]) => ({ label, value })),
      variants,
      variationGroupByProperty: product.axes[0]?.[0] ?? '',
      attributes: values(product.attributes),
      standaloneAttributes: values(product.standalone),
      metaTitle: `${product.name} | Facet Jewellers`,
      metaKeywords: [product.name.toLowerCase(), ...product.categories.map((slug) => slug.replace(/-/g, ' '))].join(', '),
      metaDescription: `${product.summary} Free insured UK delivery.`,
      relatedProductIds: (product.related ?? []).map((sku) => idBySku.get(sku)!),
      canBeSetWith,
      vendor: product.vendor ?? '',
      baseImage: image(metals[0]!),
      otherImages: [...new Set(metals.slice(1).map(image))].filter((url) => url !== image(metals[0]!)),
    };
    const { product: saved } = await service.create(productCreateSchema.parse(input), context);
    idBySku.set(product.sku, saved.id);
  }
}
