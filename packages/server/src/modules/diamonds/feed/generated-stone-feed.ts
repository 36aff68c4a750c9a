import { seededRandom } from '@facet/contract/seeded-random';
import type { FeedReadOptions, FeedStone, FeedStoneKind, StoneFeed } from '../../../integrations/nivoda/feed-stone.ts';

/**
 * A deterministic feed of made-up stones, for the demo inventory and the bench (a million stones
 * without a network): every shape, colour and clarity, a carat spread like a real feed's (most
 * stones under a carat, a long tail to 5), USD prices that grow with weight and grade, lab stones
 * far cheaper, and gemstones. The same seed and count give the same stones.
 */

const SHAPES = ['ROUND', 'OVAL', 'CUSHION MODIFIED', 'PEAR', 'EMERALD', 'PRINCESS', 'RADIANT', 'ASSCHER', 'MARQUISE', 'HEART'];
const COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'];
const CLARITIES = ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'SI3', 'I1'];
const CUTS = ['EXCELLENT', 'VERY GOOD', 'GOOD', 'IDEAL', 'FAIR'];
const LABS = ['GIA', 'IGI', 'HRD'];
const VENDORS = ['Antwerp Brilliant', 'Surat Gems', 'Ramat Gan Diamonds', 'Mumbai Lab Grown', 'Tel Aviv Cutters'];
const GEMS: [type: string, colors: string[]][] = [
  ['Sapphire', ['BLUE', 'PINK', 'YELLOW']],
  ['Ruby', ['RED']],
  ['Emerald', ['GREEN']],
  ['Spinel', ['RED', 'PINK']],
  ['Tanzanite', ['VIOLET']],
];
const GEM_SHAPES = ['OVAL', 'CUSHION', 'PEAR', 'EMERALD', 'ROUND'];

export interface GeneratedFeedOptions {
  /** Stones per kind. */
  counts: Partial<Record<FeedStoneKind, number>>;
  seed?: number;
  source?: string;
  batchSize?: number;
  /** A generation number: stones whose index is a multiple of `changeEvery` get a new price in each generation. */
  generation?: number;
  changeEvery?: number;
}

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;

/** Stone `index` of `kind`: a pure function of the seed, kind, index and generation. */
export function generatedStone(kind: FeedStoneKind, index: number, seed: number, generation = 0, changeEvery = 0): FeedStone {
  const random = seededRandom(seed * 1_000_003 + index * 7 + (kind === 'natural' ? 1 : kind === 'lab' ? 2 : 3));
  const isGemstone = kind === 'gemstone';
  const isLab = kind === 'lab';
  // Log-normal around 0.7 ct: most under a carat, a tail to 5; a few under 0.3 fall outside the demo bands.
  const carat = Math.min(5, Math.max(0.18, Math.exp(Math.log(0.7) + 0.65 * (random() + random() + random() - 1.5) * 1.6)));
  const caratText = carat.toFixed(3);
  const colorIndex = Math.floor(random() * COLORS.length);
  const clarityIndex = Math.floor(random() * CLARITIES.length);
  const gem = pick(GEMS, random);
  const shape = isGemstone ? pick(GEM_SHAPES, random) : pick(SHAPES, random);
  const grade = 1.6 - colorIndex * 0.06 - clarityIndex * 0.05;
  const perCarat = (isGemstone ? 900 : isLab ? 450 : 4200) * grade * Math.pow(carat, 0.6);
  const bump = changeEvery > 0 && index % changeEvery === 0 ? 1 + generation * 0.01 : 1;
  const price = Math.max(40, perCarat * carat * bump * (0.9 + random() * 0.2));
  const length = 6.4 * Math.cbrt(carat);
  const number = String(index + 1).padStart(7, '0');
  const prefix = isGemstone ? 'GM' : isLab ? 'LB' : 'NT';
  return {
    sourceId: `${prefix}-${seed}-${number}`,
    stockId: `${prefix}${number}`,
    certificateNumber: `${isLab ? 'LG' : ''}${(seed * 7919 + index * 104_729 + (isGemstone ? 3 : isLab ? 2 : 1)) % 9_000_000_000 + 1_000_000_000}`,
    lab: pick(LABS, random),
    shape,
    carat: Number(caratText),
    color: isGemstone ? pick(gem[1], random) : COLORS[colorIndex]!,
    clarity: isGemstone ? null : CLARITIES[clarityIndex]!,
    cut: isGemstone ? null : pick(CUTS, random),
    polish: isGemstone ? null : pick(CUTS.slice(0, 3), random),
    symmetry: isGemstone ? null : pick(CUTS.slice(0, 3), random),
    fluorescence: isGemstone ? null : pick(['NONE', 'FAINT', 'MEDIUM', 'STRONG'], random),
    fluorescenceColor: null,
    lengthMm: Number(length.toFixed(2)),
    widthMm: Number((length * (shape === 'ROUND' ? 1.005 : 0.72)).toFixed(2)),
    depthMm: Number((length * 0.61).toFixed(2)),
    depthPercent: Number((59 + random() * 4).toFixed(1)),
    tablePercent: Number((54 + random() * 6).toFixed(1)),
    girdle: isGemstone ? null : pick(['THIN', 'MEDIUM', 'SLIGHTLY THICK'], random),
    imageUrl: null,
    videoUrl: null,
    availability: random() < 0.95 ? 'AVAILABLE' : 'ON HOLD',
    isLabGrown: isLab,
    isGemstone,
    gemType: isGemstone ? gem[0] : null,
    vendor: pick(VENDORS, random),
    supplierPrice: price.toFixed(2),
    supplierCurrency: 'USD',
  };
}

export function createGeneratedFeed(options: GeneratedFeedOptions): StoneFeed {
  const seed = options.seed ?? 1;
  const batchSize = options.batchSize ?? 1000;
  const source = options.source ?? 'generated';
  return {
    source,
    worker: { type: 'generated', options },
    async *read({ kind, mode, signal, onProgress }: FeedReadOptions) {
      const count = options.counts[kind] ?? 0;
      // Incremental: only the stones this generation changed.
      const step = mode === 'incremental' && options.changeEvery ? options.changeEvery : 1;
      const total = Math.ceil(count / step);
      let batch: FeedStone[] = [];
      let read = 0;
      for (let index = 0; index < count; index += step) {
        signal?.throwIfAborted();
        batch.push(generatedStone(kind, index, seed, options.generation, options.changeEvery));
        if (batch.length === batchSize) {
          read += batch.length;
          onProgress?.(read, total);
          yield batch;
          batch = [];
        }
      }
      if (batch.length) {
        onProgress?.(read + batch.length, total);
        yield batch;
      }
    },
    async findByCertificate(certificateNumber) {
      for (const kind of ['natural', 'lab', 'gemstone'] as const) {
        for (let index = 0; index < (options.counts[kind] ?? 0); index += 1) {
          const stone = generatedStone(kind, index, seed, options.generation, options.changeEvery);
          if (stone.certificateNumber === certificateNumber) return stone;
        }
      }
      return null;
    },
  };
}
