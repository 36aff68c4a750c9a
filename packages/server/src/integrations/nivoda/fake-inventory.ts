/**
 * The fake Nivoda's stock: a deterministic, seeded generator that can offer up to 2,097,152 stones
 * without holding them. Stone i is computed on demand from (seed, i); only what a search needs to
 * be fast is kept, as typed arrays: each stone's kind, price and carat, and per kind the stones'
 * indices sorted by price. A price-range search is then two binary searches and a zero-copy slice,
 * so the fake answers a 1,000,000-stone full read as fast as a client can ask.
 *
 * Tests change the stock through `update`, `remove` and `add`; changed stones live in a small
 * overlay (and are stamped with the fake clock), so incremental reads have something to find.
 */
export type FakeStoneKind = 'natural' | 'lab' | 'gemstone';

export interface FakeStone {
  index: number;
  kind: FakeStoneKind;
  /** Nivoda's offer id, `DIAMOND/<uuid>` or `GEMSTONE/<uuid>`. */
  itemId: string;
  stoneId: string;
  supplierStockId: string;
  supplierName: string;
  certNumber: string;
  lab: string | null;
  shape: string;
  /** Carat weight in thousandths. */
  caratMilli: number;
  color: string;
  clarity: string;
  cut: string | null;
  polish: string | null;
  symmetry: string | null;
  floInt: string | null;
  floCol: string | null;
  length: number;
  width: number;
  depth: number;
  depthPercentage: number | null;
  table: number | null;
  girdle: string | null;
  gemType: string | null;
  image: string | null;
  video: string | null;
  availability: string;
  /** USD cents, as Nivoda's `price`. */
  priceCents: number;
  discount: number | null;
  /** Epoch milliseconds of the last change. */
  updatedAt: number;
}

/** What a search asks for; ranges are inclusive, as Nivoda's `from`/`to` filters. */
export interface FakeStoneFilter {
  kinds: readonly FakeStoneKind[];
  priceFromCents?: number;
  priceToCents?: number;
  /** Any of these carat ranges (thousandths). */
  caratRanges?: readonly { from?: number; to?: number }[];
  updatedFrom?: number;
  updatedTo?: number;
  certNumbers?: readonly string[];
  shapes?: readonly string[];
  order?: { by: 'price' | 'size' | 'none'; descending: boolean };
}

export interface FakeInventory {
  /** Stones ever offered (generated plus added); removed ones included. */
  readonly size: number;
  /** The stone as offered now, or null when it was removed (or never existed). */
  stone(index: number): FakeStone | null;
  /** Indices of the stones matching, in the filter's order (price, then index, by default). */
  search(filter: FakeStoneFilter): Uint32Array;
  /** Changes a stone (a new price, availability...); it counts as updated now. */
  update(index: number, patch: Partial<Omit<FakeStone, 'index' | 'kind' | 'itemId' | 'stoneId'>>): FakeStone;
  /** The stone is no longer offered. */
  remove(index: number): void;
  /** Offers a new stone of a kind (generated like the others); it counts as updated now. */
  add(kind: FakeStoneKind): FakeStone;
  /** The indices offered of one kind (for tests that need to pick stones). */
  indicesOf(kind: FakeStoneKind): Uint32Array;
}

export interface FakeInventoryOptions {
  stones: number;
  seed?: number;
  /** Share of lab grown diamonds and of gemstones; the rest is natural diamonds. */
  labShare?: number;
  gemstoneShare?: number;
  now?: () => number;
  mediaBaseUrl?: string;
}

/** Indices are packed with the price in a float64 sort key: 2^21 stones, prices below 2^32 cents. */
const MAX_STONES = 2 ** 21;
const KINDS: readonly FakeStoneKind[] = ['natural', 'lab', 'gemstone'];
const DAY = 24 * 60 * 60 * 1000;

/**
 * mulberry32 (the same numbers as @facet/contract's seededRandom) as a reusable object: a stone is
 * generated with two streams, and a closure per stream and stone cost a tenth of the fake's CPU on
 * a million-stone read (allocation, and tsx's keepNames helper run on every closure made).
 */
class StoneRandom {
  private state = 0;

  /** Restarts the stream of (seed, index, stream): the same stone every time, on any machine. */
  reset(seed: number, index: number, stream: number): this {
    this.state = (Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b) ^ Math.imul(stream + 7, 0xc2b2ae35)) >>> 0;
    return this;
  }

  /** The next unsigned 32-bit number; `next()` is it over 2^32. */
  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }
}

/**
 * A weighted choice, prepared once: the values and the running sums of their weights. Choosing
 * compares one roll with the sums instead of summing the weights and destructuring pairs per pick.
 * It picks exactly what subtracting the weights one by one from the roll did: the roll is a 32-bit
 * fraction times a small integer and the sums are small integers, so every step is exact in a double.
 */
interface Choice<T> {
  values: readonly T[];
  sums: readonly number[];
  total: number;
}

function choice<T>(weighted: readonly (readonly [T, number])[]): Choice<T> {
  const sums: number[] = [];
  let total = 0;
  for (const [, weight] of weighted) sums.push((total += weight));
  return { values: weighted.map(([value]) => value), sums, total };
}

function pick<T>(random: StoneRandom, { values, sums, total }: Choice<T>): T {
  const roll = random.next() * total;
  for (let i = 0; i < sums.length; i++) if (roll < sums[i]!) return values[i]!;
  return values[values.length - 1]!;
}

const SHAPES = choice([
  ['ROUND', 40], ['OVAL', 12], ['PEAR', 7], ['EMERALD', 7], ['CUSHION', 4], ['CUSHION MODIFIED', 4], ['PRINCESS', 6],
  ['RADIANT', 6], ['MARQUISE', 4], ['HEART', 3], ['ASSCHER', 3], ['TRILLIANT', 1],
] as const);
/** Shape -> length/width ratio. */
const RATIOS: Record<string, number> = { ROUND: 1, OVAL: 1.4, PEAR: 1.6, EMERALD: 1.45, CUSHION: 1.05, 'CUSHION MODIFIED': 1.1, PRINCESS: 1, RADIANT: 1.25, MARQUISE: 2, HEART: 0.95, ASSCHER: 1, TRILLIANT: 1 };
/** Carat bands (thousandths) and how common they are. */
const CARAT_BANDS = [[180, 499, 25], [500, 999, 35], [1000, 1499, 20], [1500, 1999, 8], [2000, 2999, 7], [3000, 4999, 4], [5000, 10000, 1]] as const;
const NATURAL_COLORS = choice([['D', 6], ['E', 10], ['F', 14], ['G', 18], ['H', 16], ['I', 12], ['J', 10], ['K', 7], ['L', 4], ['M', 3]] as const);
const LAB_COLORS = choice([['D', 22], ['E', 28], ['F', 25], ['G', 15], ['H', 7], ['I', 3]] as const);
const GEM_COLORS = choice([['Blue', 35], ['Red', 15], ['Green', 25], ['Pink', 15], ['Yellow', 10]] as const);
const COLOR_FACTOR: Record<string, number> = { D: 1.6, E: 1.45, F: 1.35, G: 1.2, H: 1.05, I: 0.9, J: 0.78, K: 0.62, L: 0.52, M: 0.45 };
const CLARITIES = choice([['FL', 1], ['IF', 3], ['VVS1', 8], ['VVS2', 10], ['VS1', 17], ['VS2', 20], ['SI1', 20], ['SI2', 14], ['I1', 7]] as const);
const CLARITY_FACTOR: Record<string, number> = { FL: 2, IF: 1.7, VVS1: 1.45, VVS2: 1.35, VS1: 1.2, VS2: 1.1, SI1: 0.92, SI2: 0.78, I1: 0.35 };
const GRADES = choice([['EX', 60], ['VG', 30], ['GD', 10]] as const);
const CUTS = choice([['EX', 55], ['VG', 30], ['GD', 12], ['F', 3]] as const);
const FLUORESCENCE = choice([['NON', 60], ['FNT', 20], ['MED', 12], ['STG', 6], ['VST', 2]] as const);
const GIRDLES = choice([['MEDIUM', 40], ['THIN - MEDIUM', 25], ['MEDIUM - SLIGHTLY THICK', 25], ['THIN - SLIGHTLY THICK', 10]] as const);
const NATURAL_LABS = choice([['GIA', 80], ['IGI', 12], ['HRD', 8]] as const);
const LAB_LABS = choice([['IGI', 75], ['GIA', 20], ['GCAL', 5]] as const);
const GEM_LABS = choice([['GRS', 35], ['AGL', 25], ['GUBELIN', 20], [null, 20]] as const);
const GEM_TYPES: Record<string, Choice<string>> = {
  Blue: choice([['Sapphire', 70], ['Spinel', 15], ['Aquamarine', 15]]),
  Red: choice([['Ruby', 80], ['Spinel', 20]]),
  Green: choice([['Emerald', 70], ['Tsavorite', 15], ['Tourmaline', 15]]),
  Pink: choice([['Sapphire', 60], ['Morganite', 25], ['Spinel', 15]]),
  Yellow: choice([['Sapphire', 70], ['Citrine', 30]]),
};
const SUPPLIERS = [
  ['Antwerp Brilliant Co', 'ABC'], ['Surat Star Exports', 'SSE'], ['Ramat Gan Diamonds', 'RGD'], ['Mumbai Gem House', 'MGH'],
  ['Hatton Garden Stones', 'HGS'], ['New York Solitaires', 'NYS'], ['Dubai Carat Traders', 'DCT'], ['Bangkok Colour Gems', 'BCG'],
  ['Lab Light Growers', 'LLG'], ['Clear Origin Labs', 'COL'], ['Pure Carbon Created', 'PCC'], ['Gaborone Rough & Polished', 'GRP'],
] as const;
const AVAILABILITY = choice([['AVAILABLE', 94], ['ON HOLD', 6]] as const);
const CARAT_CHOICES = choice(CARAT_BANDS.map(([from, to, weight]) => [[from, to] as const, weight] as const));
const SUPPLIER_CHOICES = choice(SUPPLIERS.map((supplier) => [supplier, 1] as const));
const GEM_CLARITIES = choice([['VVS', 20], ['VS', 40], ['SI', 30], ['I', 10]] as const);

/** A uuid's 36 characters are written here as bytes, then read as one flat string. */
const UUID_BYTES = Buffer.alloc(36);
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');

/** The last `digits` hex digits of `value`, lower case, into UUID_BYTES at `at`. */
function hexInto(value: number, at: number, digits: number) {
  for (let i = at + digits - 1; i >= at; i--) {
    UUID_BYTES[i] = HEX_DIGITS[value & 15]!;
    value >>>= 4;
  }
}

/**
 * A version 4 uuid from four 32-bit draws: their 32 hex digits with the version and variant digits
 * (the 13th and 17th) written over as '4' and 'a'. Two a stone: built in a byte buffer, because
 * joining hex pieces (padStart per word, slices, a template) was over a tenth of the fake's CPU.
 */
function uuidFrom(random: StoneRandom): string {
  const a = random.nextUint32();
  const b = random.nextUint32();
  const c = random.nextUint32();
  const d = random.nextUint32();
  hexInto(a, 0, 8);
  UUID_BYTES[8] = 0x2d; // -
  hexInto(b >>> 16, 9, 4);
  UUID_BYTES[13] = 0x2d;
  UUID_BYTES[14] = 0x34; // 4
  hexInto(b, 15, 3);
  UUID_BYTES[18] = 0x2d;
  UUID_BYTES[19] = 0x61; // a
  hexInto(c >>> 16, 20, 3);
  UUID_BYTES[23] = 0x2d;
  hexInto(c, 24, 4);
  hexInto(d, 28, 8);
  return UUID_BYTES.toString('latin1', 0, 36);
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function createFakeInventory(options: FakeInventoryOptions): FakeInventory {
  const { stones: generated, seed = 1, labShare = 0.45, gemstoneShare = 0.05, now = Date.now, mediaBaseUrl = 'https://media.fake-nivoda.test' } = options;
  if (!Number.isInteger(generated) || generated < 0 || generated > MAX_STONES) throw new RangeError(`stones must be an integer from 0 to ${MAX_STONES}`);
  const createdAt = now();
  // One generator per stream, restarted for each stone (generation never nests).
  const coreRandom = new StoneRandom();
  const coreColorRandom = new StoneRandom();
  const stoneRandom = new StoneRandom();
  const colorRandom = new StoneRandom();

  /** Kind (index into KINDS), price and carat of every generated stone: what searches need. */
  const kindOf = new Uint8Array(generated);
  const priceOf = new Uint32Array(generated);
  const caratOf = new Uint16Array(generated);

  /** The three numbers a stone's search position depends on, from its own random stream. */
  function core(index: number) {
    const random = coreRandom.reset(seed, index, 0);
    const roll = random.next();
    const kind = roll < gemstoneShare ? 2 : roll < gemstoneShare + labShare ? 1 : 0;
    const [from, to] = pick(random, CARAT_CHOICES);
    // Stones are cut to round hundredths, as certificates print them.
    const caratMilli = Math.round((from + random.next() * (to - from)) / 10) * 10;
    const carat = caratMilli / 1000;
    const colorRoll = coreColorRandom.reset(seed, index, 1);
    let perCarat: number;
    if (kind === 2) {
      perCarat = 150 + random.next() * 4500 * Math.pow(carat, 0.6);
    } else {
      const color = pick(colorRoll, kind === 1 ? LAB_COLORS : NATURAL_COLORS);
      const clarity = pick(colorRoll, CLARITIES);
      perCarat = 3000 * Math.pow(carat, 0.9) * COLOR_FACTOR[color]! * CLARITY_FACTOR[clarity]! * (0.85 + random.next() * 0.3);
      if (kind === 1) perCarat *= 0.12;
    }
    // Nivoda prices in whole dollars, sent as cents.
    const priceCents = Math.max(20, Math.round(perCarat * carat)) * 100;
    return { kind, caratMilli, priceCents };
  }

  for (let index = 0; index < generated; index++) {
    const { kind, caratMilli, priceCents } = core(index);
    kindOf[index] = kind;
    priceOf[index] = priceCents;
    caratOf[index] = caratMilli;
  }

  /** Per kind, generated indices sorted by (price, index): the float64 key packs both exactly. */
  const byPrice = KINDS.map((_, kind) => {
    let count = 0;
    for (let index = 0; index < generated; index++) if (kindOf[index] === kind) count++;
    const keys = new Float64Array(count);
    let at = 0;
    for (let index = 0; index < generated; index++) if (kindOf[index] === kind) keys[at++] = priceOf[index]! * MAX_STONES + index;
    keys.sort();
    const indices = new Uint32Array(count);
    const prices = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      indices[i] = keys[i]! % MAX_STONES;
      prices[i] = priceOf[indices[i]!]!;
    }
    return { indices, prices };
  });

  /** Stones changed, added or removed since generation: few, so kept as objects. */
  const overlay = new Map<number, FakeStone | null>();
  let size = generated;
  let version = 0;
  const cache = new Map<string, { version: number; result: Uint32Array }>();

  function generate(index: number, kindIndex: number, priceCents: number, caratMilli: number): FakeStone {
    const kind = KINDS[kindIndex]!;
    const random = stoneRandom.reset(seed, index, 2);
    const colorRoll = colorRandom.reset(seed, index, 1);
    const shape = pick(random, SHAPES);
    const isRound = shape === 'ROUND';
    const isGem = kind === 'gemstone';
    const color = pick(colorRoll, isGem ? GEM_COLORS : kind === 'lab' ? LAB_COLORS : NATURAL_COLORS);
    const clarity = isGem ? pick(random, GEM_CLARITIES) : pick(colorRoll, CLARITIES);
    const [supplierName, prefix] = pick(random, SUPPLIER_CHOICES);
    const carat = caratMilli / 1000;
    const ratio = RATIOS[shape] ?? 1;
    const diameter = 6.5 * Math.cbrt(carat);
    const width = round2(diameter / Math.sqrt(ratio));
    const depthPercentage = isGem ? null : round2(58 + random.next() * 8);
    const floInt = isGem ? null : pick(random, FLUORESCENCE);
    const hasVideo = random.next() < 0.7;
    const stoneId = uuidFrom(random);
    const itemId = `${isGem ? 'GEMSTONE' : 'DIAMOND'}/${uuidFrom(random)}`;
    return {
      index,
      kind,
      itemId,
      stoneId,
      supplierStockId: `${prefix}-${String(index + 1).padStart(8, '0')}`,
      supplierName,
      // Certificate numbers are unique and lead back to the stone (the fake's certificate search).
      certNumber: `${kind === 'lab' ? 'LG' : isGem ? 'GEM' : ''}${2_000_000_000 + index}`,
      lab: pick(random, isGem ? GEM_LABS : kind === 'lab' ? LAB_LABS : NATURAL_LABS),
      shape,
      caratMilli,
      color,
      clarity,
      cut: isGem ? null : isRound ? pick(random, CUTS) : random.next() < 0.3 ? pick(random, CUTS) : null,
      polish: isGem ? null : pick(random, GRADES),
      symmetry: isGem ? null : pick(random, GRADES),
      floInt,
      floCol: floInt && floInt !== 'NON' && random.next() < 0.8 ? 'BLUE' : null,
      length: round2(width * ratio),
      width,
      depth: round2(width * (depthPercentage ?? 62) / 100),
      depthPercentage,
      table: isGem ? null : round2(53 + random.next() * 12),
      girdle: isGem ? null : pick(random, GIRDLES),
      gemType: isGem ? pick(random, GEM_TYPES[color]!) : null,
      image: random.next() < 0.95 ? `${mediaBaseUrl}/images/${stoneId}/500/500.jpg` : null,
      video: hasVideo ? `${mediaBaseUrl}/videos/${stoneId}/500/500` : null,
      availability: pick(random, AVAILABILITY),
      priceCents,
      discount: kind === 'natural' ? -round2(20 + random.next() * 40) : null,
      updatedAt: createdAt - 60 * 60 * 1000 - Math.floor(random.next() * 30 * DAY),
    };
  }

  function stone(index: number): FakeStone | null {
    if (!Number.isInteger(index) || index < 0 || index >= size) return null;
    if (overlay.has(index)) return overlay.get(index) ?? null;
    return generate(index, kindOf[index]!, priceOf[index]!, caratOf[index]!);
  }

  /** First position in a sorted price column with price >= (or > when `after`) the value. */
  function bound(prices: Uint32Array, value: number, after: boolean) {
    let low = 0;
    let high = prices.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (after ? prices[mid]! <= value : prices[mid]! < value) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  const priceKey = (a: FakeStone) => a.priceCents * MAX_STONES + a.index;
  const caratMatches = (caratMilli: number, filter: FakeStoneFilter) =>
    !filter.caratRanges?.length || filter.caratRanges.some((range) => (range.from === undefined || caratMilli >= range.from) && (range.to === undefined || caratMilli <= range.to));
  const matchesExtra = (s: FakeStone, filter: FakeStoneFilter) =>
    caratMatches(s.caratMilli, filter) &&
    (filter.updatedFrom === undefined || s.updatedAt >= filter.updatedFrom) &&
    (filter.updatedTo === undefined || s.updatedAt <= filter.updatedTo) &&
    (!filter.shapes?.length || filter.shapes.includes(s.shape)) &&
    (!filter.certNumbers?.length || filter.certNumbers.some((number) => number.toUpperCase() === s.certNumber));
  const matches = (s: FakeStone, filter: FakeStoneFilter) =>
    filter.kinds.includes(s.kind) &&
    (filter.priceFromCents === undefined || s.priceCents >= filter.priceFromCents) &&
    (filter.priceToCents === undefined || s.priceCents <= filter.priceToCents) &&
    matchesExtra(s, filter);

  function searchByPrice(filter: FakeStoneFilter): Uint32Array {
    const from = filter.priceFromCents ?? 0;
    const to = filter.priceToCents ?? 0xffffffff;
    const slices = filter.kinds.map((kind) => {
      const column = byPrice[KINDS.indexOf(kind)]!;
      return column.indices.subarray(bound(column.prices, from, false), bound(column.prices, to, true));
    });
    const hasExtra = Boolean(filter.caratRanges?.length || filter.updatedFrom !== undefined || filter.updatedTo !== undefined || filter.shapes?.length || filter.certNumbers?.length);
    // The common case of a full read: one kind, a price range, nothing changed. No copy, no scan.
    if (slices.length === 1 && !hasExtra && overlay.size === 0) return slices[0]!;
    const found: FakeStone[] = [];
    // Price and carat are kept per stone: a read split by carat (where one price holds more stones
    // than an offset reaches) filters on them without generating the stones.
    const needsStone = filter.updatedFrom !== undefined || filter.updatedTo !== undefined || Boolean(filter.shapes?.length || filter.certNumbers?.length);
    for (const slice of slices) {
      for (const index of slice) {
        if (overlay.has(index)) continue;
        if (!needsStone) {
          if (caratMatches(caratOf[index]!, filter)) found.push({ index, priceCents: priceOf[index]! } as FakeStone);
          continue;
        }
        const s = generate(index, kindOf[index]!, priceOf[index]!, caratOf[index]!);
        if (matchesExtra(s, filter)) found.push(s);
      }
    }
    for (const s of overlay.values()) if (s && matches(s, filter)) found.push(s);
    found.sort((a, b) => priceKey(a) - priceKey(b));
    return Uint32Array.from(found, (s) => s.index);
  }

  /** Certificate numbers lead back to their stone; updated-since reads past generation look only at the overlay. */
  function searchFew(candidates: Iterable<number>, filter: FakeStoneFilter): Uint32Array {
    const found: FakeStone[] = [];
    const seen = new Set<number>();
    for (const index of candidates) {
      if (seen.has(index)) continue;
      seen.add(index);
      const s = stone(index);
      if (s && matches(s, filter)) found.push(s);
    }
    found.sort((a, b) => priceKey(a) - priceKey(b));
    return Uint32Array.from(found, (s) => s.index);
  }

  function orderBy(result: Uint32Array, filter: FakeStoneFilter): Uint32Array {
    const order = filter.order ?? { by: 'price', descending: false };
    if (order.by === 'price' && !order.descending) return result;
    const sorted = Array.from(result);
    if (order.by === 'size') sorted.sort((a, b) => stone(a)!.caratMilli - stone(b)!.caratMilli || a - b);
    if (order.by === 'none') sorted.sort((a, b) => a - b);
    if (order.descending) sorted.reverse();
    return Uint32Array.from(sorted);
  }

  function search(filter: FakeStoneFilter): Uint32Array {
    const key = JSON.stringify(filter);
    const cached = cache.get(key);
    if (cached && cached.version === version) {
      // Map order is insertion order: re-inserting keeps the most recently used last.
      cache.delete(key);
      cache.set(key, cached);
      return cached.result;
    }
    let result: Uint32Array;
    if (filter.certNumbers?.length) {
      const candidates = [...overlay.keys()];
      for (const number of filter.certNumbers) {
        const digits = /^(?:LG|GEM)?(\d+)$/i.exec(number.trim());
        if (digits) candidates.push(Number(digits[1]) - 2_000_000_000);
      }
      result = searchFew(candidates, filter);
    } else if (filter.updatedFrom !== undefined && filter.updatedFrom >= createdAt) {
      result = searchFew(overlay.keys(), filter);
    } else {
      result = searchByPrice(filter);
    }
    result = orderBy(result, filter);
    cache.set(key, { version, result });
    if (cache.size > 256) cache.delete(cache.keys().next().value!);
    return result;
  }

  return {
    get size() {
      return size;
    },
    stone,
    search,
    update(index, patch) {
      const current = stone(index);
      if (!current) throw new RangeError(`no stone ${index} is offered`);
      const next = { ...current, ...patch, updatedAt: now() };
      overlay.set(index, next);
      version++;
      return next;
    },
    remove(index) {
      if (!stone(index)) throw new RangeError(`no stone ${index} is offered`);
      overlay.set(index, null);
      version++;
    },
    add(kind) {
      if (size >= MAX_STONES) throw new RangeError('the fake holds at most 2^21 stones');
      const index = size++;
      const { caratMilli, priceCents } = core(index);
      const added = { ...generate(index, KINDS.indexOf(kind), priceCents, caratMilli), updatedAt: now() };
      overlay.set(index, added);
      version++;
      return added;
    },
    indicesOf(kind) {
      return search({ kinds: [kind] });
    },
  };
}
