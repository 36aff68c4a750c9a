/**
 * Sets of slots as bitsets, for the diamonds list's read-side index (list-snapshot.ts): a filter
 * value's stones are one bitset, a query's filters are ORs and ANDs over the words (1,000,000 stones:
 * 31,250 words a set), and its total is their popcount. Int32Array words: V8 keeps them small
 * integers, where a Uint32Array's high bit would make a heap number.
 */
export type SlotBits = Int32Array;

export const wordsFor = (size: number) => (size + 31) >>> 5;
export const emptyBits = (size: number): SlotBits => new Int32Array(wordsFor(size));

export function setBit(bits: SlotBits, slot: number) {
  bits[slot >>> 5]! |= 1 << (slot & 31);
}
export function clearBit(bits: SlotBits, slot: number) {
  bits[slot >>> 5]! &= ~(1 << (slot & 31));
}
export const hasBit = (bits: SlotBits, slot: number) => ((bits[slot >>> 5]! >>> (slot & 31)) & 1) === 1;

/** Makes `bits` every slot below `size`; the bits past it stay clear (every set's are, so ANDs and counts need no mask). */
export function fillAll(bits: SlotBits, size: number): SlotBits {
  bits.fill(-1);
  if (size & 31) bits[bits.length - 1] = (1 << (size & 31)) - 1;
  return bits;
}

export function countBits(bits: SlotBits): number {
  let total = 0;
  for (let w = 0; w < bits.length; w += 1) {
    let v = bits[w]!;
    if (v === 0) continue;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return total;
}

/** result &= (one of `sets`): a choice filter's values ORed, ANDed in. No sets: nothing matches. */
export function andAnyOf(result: SlotBits, sets: readonly SlotBits[]) {
  if (sets.length === 0) {
    result.fill(0);
    return;
  }
  if (sets.length === 1) {
    andWith(result, sets[0]!);
    return;
  }
  const count = sets.length;
  for (let w = 0; w < result.length; w += 1) {
    const r = result[w]!;
    if (r === 0) continue;
    let any = 0;
    for (let s = 0; s < count; s += 1) any |= sets[s]![w]!;
    result[w] = r & any;
  }
}

export function andWith(result: SlotBits, bits: SlotBits) {
  for (let w = 0; w < result.length; w += 1) result[w]! &= bits[w]!;
}

export function andNot(result: SlotBits, bits: SlotBits) {
  for (let w = 0; w < result.length; w += 1) result[w]! &= ~bits[w]!;
}

/** Calls `each(slot)` for every slot in the set, ascending. */
export function forEachBit(bits: SlotBits, each: (slot: number) => void) {
  for (let w = 0; w < bits.length; w += 1) {
    let word = bits[w]!;
    while (word !== 0) {
      const lowest = word & -word;
      each((w << 5) + 31 - Math.clz32(lowest));
      word ^= lowest;
    }
  }
}

export const equalBits = (a: SlotBits, b: SlotBits) => a.length === b.length && a.every((word, w) => word === b[w]);

/** Whether (x, slot x) comes before (y, slot y) in a sort: key ascending, nulls (NaN) last, ties by slot (= by id). */
export function precedesKey(x: number, xSlot: number, y: number, ySlot: number): boolean {
  if (x === y) return xSlot < ySlot;
  const isXNull = Number.isNaN(x);
  const isYNull = Number.isNaN(y);
  if (isXNull || isYNull) return isXNull && isYNull ? xSlot < ySlot : isYNull;
  return x < y;
}

/**
 * A range filter over one sort's key (price, carat) as bitsets. The sort's order is cut into buckets
 * at fixed places (a boundary is a key and a slot: a place in the order, kept when stones move), and
 * `prefix[j]` is the set of stones before boundary j. The stones of a range of keys are a stretch of
 * the order: the whole buckets inside it are `prefix[b] & ~prefix[a]`, the two part buckets at its
 * ends are set one stone at a time (about a bucket each). A stone whose key changes is moved in the
 * prefixes in place (`placeInRange`); the boundaries stay, so buckets drift apart in size only until
 * the next build.
 */
export interface RangeBits {
  boundaryKeys: Float64Array;
  boundarySlots: Int32Array;
  prefix: SlotBits[];
}

/** 32 buckets: the prefixes are 31 sets (4 MB at a million stones), a part bucket 31,250 stones. */
const RANGE_BUCKETS = 32;

export function buildRangeBits(order: Int32Array, keys: Float64Array | Int32Array, size: number): RangeBits {
  const step = Math.max(1, Math.ceil(size / RANGE_BUCKETS));
  const places: number[] = [];
  for (let k = step; k < size; k += step) places.push(k);
  const running = emptyBits(size);
  const prefix: SlotBits[] = [];
  let k = 0;
  for (const place of places) {
    while (k < place) setBit(running, order[k++]!);
    prefix.push(running.slice());
  }
  return {
    boundaryKeys: Float64Array.from(places, (place) => keys[order[place]!]!),
    boundarySlots: Int32Array.from(places, (place) => order[place]!),
    prefix,
  };
}

/** Puts `slot` (its key now `key`) in the prefixes it belongs to and takes it out of the others. */
export function placeInRange(range: RangeBits, slot: number, key: number) {
  for (let j = 0; j < range.prefix.length; j += 1) {
    if (precedesKey(key, slot, range.boundaryKeys[j]!, range.boundarySlots[j]!)) setBit(range.prefix[j]!, slot);
    else clearBit(range.prefix[j]!, slot);
  }
}

/** The first place k in `order` at which `isBefore(slot)` turns false (it must be true then false along the order). */
function firstPlaceNotBefore(order: Int32Array, size: number, isBefore: (slot: number) => boolean): number {
  let low = 0;
  let high = size;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isBefore(order[middle]!)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Makes `result` the stones whose key is within [from, to] (NaN never is). `order` is the sort's
 * current order (ascending, NaN last, ties by slot), which the prefixes agree with.
 */
export function rangeBitsInto(result: SlotBits, range: RangeBits, order: Int32Array, keys: Float64Array | Int32Array, size: number, from: number, to: number): SlotBits {
  result.fill(0);
  const low = firstPlaceNotBefore(order, size, (slot) => keys[slot]! < from);
  const high = firstPlaceNotBefore(order, size, (slot) => keys[slot]! <= to);
  if (high <= low) return result;
  // The boundaries' places now, with the order's two ends as boundaries of their own (nothing and everything before them).
  const count = range.prefix.length;
  const places = new Int32Array(count + 2);
  for (let j = 0; j < count; j += 1) {
    const boundaryKey = range.boundaryKeys[j]!;
    const boundarySlot = range.boundarySlots[j]!;
    places[j + 1] = firstPlaceNotBefore(order, size, (slot) => precedesKey(keys[slot]!, slot, boundaryKey, boundarySlot));
  }
  places[count + 1] = size;
  let a = 0;
  while (a <= count + 1 && places[a]! < low) a += 1;
  let b = count + 1;
  while (b >= 0 && places[b]! > high) b -= 1;
  const setPlaces = (fromPlace: number, toPlace: number) => {
    for (let k = fromPlace; k < toPlace; k += 1) setBit(result, order[k]!);
  };
  if (a >= b) {
    // Within a bucket or two: stone by stone.
    setPlaces(low, high);
    return result;
  }
  // prefix[b] & ~prefix[a], where place 0 has nothing before it and the end everything.
  const before = (j: number) => (j === 0 ? null : j === count + 1 ? 'all' : range.prefix[j - 1]!);
  const upper = before(b);
  const lower = before(a);
  if (upper === 'all') fillAll(result, size);
  else if (upper !== null) result.set(upper);
  if (lower !== null && lower !== 'all') andNot(result, lower);
  setPlaces(low, places[a]!);
  setPlaces(places[b]!, high);
  return result;
}
