import type { FeedReadOptions, FeedStone, StoneFeed } from '../../integrations/nivoda/feed-stone.ts';

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
