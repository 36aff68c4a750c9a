import type { Db } from '../../../db/client.ts';
import type { FeedReadOptions, FeedStone, StoneFeed } from '../../../integrations/nivoda/feed-stone.ts';
import { diamondMarkups } from '../../diamond-markups/diamond-markup.table.ts';
import { diamondShapes } from '../../diamond-shapes/diamond-shape.table.ts';
import { shapeCategories } from '../../diamond-shapes/shape-category.table.ts';
import { storeExchangeRate } from './diamond-settings.ts';

/** Tests' own feed: the stones given, in batches, optionally failing after some batches (a feed that dies mid-read). */

let stoneCounter = 0;

/** A plausible earth-mined round stone; override what the test is about. */
export function feedStone(overrides: Partial<FeedStone> = {}): FeedStone {
  stoneCounter += 1;
  return {
    sourceId: `T-${stoneCounter}-${Math.random().toString(36).slice(2, 8)}`,
    stockId: `STK${stoneCounter}`,
    certificateNumber: `CERT${100000 + stoneCounter}`,
    lab: 'GIA',
    shape: 'ROUND',
    carat: 1.01,
    color: 'G',
    clarity: 'VS1',
    cut: 'EXCELLENT',
    polish: 'EX',
    symmetry: 'VG',
    fluorescence: 'NONE',
    fluorescenceColor: null,
    lengthMm: 6.4,
    widthMm: 6.43,
    depthMm: 3.95,
    depthPercent: 61.5,
    tablePercent: 57,
    girdle: 'MEDIUM',
    imageUrl: 'https://images.example.com/stone.jpg',
    videoUrl: null,
    availability: 'AVAILABLE',
    isLabGrown: false,
    isGemstone: false,
    gemType: null,
    vendor: 'Antwerp Brilliant',
    supplierPrice: '4120.00',
    supplierCurrency: 'USD',
    ...overrides,
  };
}

export interface TestFeed extends StoneFeed {
  /** What each read returns: set before a sync. */
  stones: FeedStone[];
  /** Throw after this many batches (the feed dying mid-read). */
  failAfterBatches?: number;
  reads: FeedReadOptions[];
}

export function createTestFeed(stones: FeedStone[] = [], { source = 'testfeed', batchSize = 2 } = {}): TestFeed {
  const feed: TestFeed = {
    source,
    stones,
    reads: [],
    async *read(options) {
      feed.reads.push(options);
      const wanted = feed.stones.filter((stone) => (options.kind === 'gemstone' ? stone.isGemstone : !stone.isGemstone && stone.isLabGrown === (options.kind === 'lab')));
      for (let start = 0, batches = 0; start < wanted.length; start += batchSize, batches += 1) {
        if (feed.failAfterBatches !== undefined && batches >= feed.failAfterBatches) throw new Error('Nivoda answered 503 Service Unavailable');
        options.onProgress?.(Math.min(start + batchSize, wanted.length), wanted.length);
        yield wanted.slice(start, start + batchSize);
      }
      if (feed.failAfterBatches !== undefined) throw new Error('Nivoda answered 503 Service Unavailable');
    },
    async findByCertificate(certificate) {
      return feed.stones.find((stone) => stone.certificateNumber === certificate) ?? null;
    },
  };
  return feed;
}

/**
 * What a sync needs to price round stones: the shape Round, a markup band for natural stones of
 * 0.3-2.999 ct and one for lab stones of 0.3 ct up to `labToCarat`, and an exchange rate of 0.79.
 * Stones outside the bands stay unpriced (no_band).
 */
export async function seedRoundPricing(db: Db, { labToCarat = 2.999 } = {}) {
  const round = (await db.select().from(shapeCategories)).find((category) => category.code === 'round')!;
  await db.insert(diamondShapes).values({ name: 'Round', shapeCategoryId: round.id });
  await db.insert(diamondMarkups).values([
    { fromCarat: 0.3, toCarat: 2.999, markupType: 'percentage', markup: 45, fixCost: 50, isLabDiamond: false, shapeCategoryId: round.id },
    { fromCarat: 0.3, toCarat: labToCarat, markupType: 'amount', markup: 300, fixCost: 15, isLabDiamond: true, shapeCategoryId: round.id },
  ]);
  await db.transaction((tx) => storeExchangeRate(tx, { rate: '0.79', date: '2026-11-20' }, null));
}
