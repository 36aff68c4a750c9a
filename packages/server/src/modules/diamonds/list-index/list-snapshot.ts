import type { ListQueryOf } from '@facet/contract/list-query';
import { filterValuesOf } from '@facet/contract/list-query';
import { diamondListQuery } from '@facet/contract/modules/diamonds/diamond.schema';
import type { StoneState } from '@facet/contract/modules/diamonds/diamond.schema';
import type { PackedTexts } from './packed-texts.ts';
import { createPackedTextsBuilder, packedText, textMatchesInto } from './packed-texts.ts';
import type { RangeBits, SlotBits } from './slot-bits.ts';
import { andAnyOf, andNot, andWith, buildRangeBits, clearBit, countBits, emptyBits, equalBits, fillAll, forEachBit, hasBit, placeInRange, precedesKey, rangeBitsInto, setBit } from './slot-bits.ts';

/**
 * The diamonds list's read-side index, in memory only (no database here: it is built and patched
 * from compact rows, so it can be tested on arrays). A copy of the filterable columns as typed
 * arrays (one slot per stone, in id order), each sort's order as a permutation, each filter value's
 * stones as a bitset (slot-bits.ts), and the lowercased SKUs and certificates packed in one buffer
 * each (packed-texts.ts). A query ORs and ANDs bitsets, a SKU or certificate substring's found by a
 * search of its buffer (the exact total is their popcount), and walks the sort's order for the
 * page's ids. Reading the rows and the changes from PostgreSQL: list-index-sql.ts; keeping a
 * snapshot current: diamond-list-index.ts.
 */

export type DiamondListQuery = ListQueryOf<typeof diamondListQuery.filters>;
type SortField = 'createdAt' | 'price' | 'carat';
/** The substring filters, by the query's name. */
type TextField = 'sku' | 'certificate';
const TEXT_FIELDS = ['sku', 'certificate'] as const;

const GEMSTONE = 1;
const LAB = 2;
const SOLD = 4;
const UNAVAILABLE = 8;

/** The place of each stone in one sort's order (ascending, nulls last, ties by id) and its inverse. */
interface SortOrder {
  /** order[k] = the slot of the k-th stone. */
  order: Int32Array;
  /** rank[slot] = k. */
  rank: Int32Array;
}

export interface ListSnapshot {
  version: number;
  /** The PostgreSQL snapshot the data was read at (`pg_current_snapshot()` as text): the next refresh reads the stones of the transactions it did not see. */
  pgSnapshot: string;
  /** The database's clock when it was read (ms since the epoch): a snapshot older than the change log's retention is rebuilt. */
  readAt: number;
  size: number;
  ids: Int32Array;
  flags: Uint8Array;
  /** diamond_shapes id, -1 when none. */
  shape: Int32Array;
  /** Codes of the words in `words` (0: none). */
  color: Int32Array;
  clarity: Int32Array;
  cut: Int32Array;
  /** Shared by the snapshots that follow one another (a refresh only adds words). */
  words: Map<string, number>;
  /** Whole pounds; NaN when not for sale. */
  price: Float64Array;
  /** Thousandths of a carat (numeric(6,3)). */
  carat: Int32Array;
  /** First seen, microseconds since the epoch (the sort's key, kept for refreshes). */
  created: Float64Array;
  sorts: Record<SortField, SortOrder>;
  /** The lowercased SKUs (`stock_id_lower`) and certificates (`certificate_lower`, empty when none), packed (packed-texts.ts): the substring filters. */
  texts: Record<TextField, PackedTexts>;
  /** Each filter value's stones as a bitset (slot-bits.ts), kept with the columns. */
  bits: FilterBits;
  /** Scratch for a query's matching ranks (queries run one at a time: the pass is synchronous). */
  scratch: Int32Array;
  /** The last combinations' matches (paging through one asks the same filters again), for this version only. */
  matches: MatchCache;
}

/**
 * The filters as bitsets over the slots: a query ORs a filter's values and ANDs the filters, word by
 * word (31,250 words at a million stones), where one pass over the columns tested every stone.
 */
interface FilterBits {
  /** By the 16 values of the flags (type, origin, sold, no longer offered); absent: no stone has them. */
  flags: (SlotBits | undefined)[];
  shapes: Map<number, SlotBits>;
  /** By the code of a colour, clarity or cut word (`words`). */
  words: (SlotBits | undefined)[];
  /** The stones with a price. */
  priced: SlotBits;
  price: RangeBits;
  carat: RangeBits;
}

interface Matches {
  bits: SlotBits;
  total: number;
}
interface MatchCache {
  version: number;
  byFilters: Map<string, Matches>;
  /**
   * Sets of the snapshot's size no longer cached, to compute the next query's in: a new 125 KB
   * buffer per query is external memory V8 answers with full collections (a few ms each, at random).
   */
  spare: SlotBits[];
}
/** A few combinations: one is 125 KB at a million stones. */
const CACHED_COMBINATIONS = 12;

/** One stone's filterable columns, compact (numbers as text PostgreSQL writes once). */
export interface CompactRow {
  i: number;
  f: number;
  s: number | null;
  co: string | null;
  cl: string | null;
  cu: string | null;
  p: string | null;
  c: number;
  t: string;
  /** stock_id_lower, certificate_lower (PostgreSQL's lower(): the SQL filter compares the same texts). */
  k: string;
  ce: string | null;
}
const textOf: Record<TextField, (row: CompactRow) => string | null> = { sku: (row) => row.k, certificate: (row) => row.ce };

type Columns = Pick<ListSnapshot, 'ids' | 'flags' | 'shape' | 'color' | 'clarity' | 'cut' | 'price' | 'carat' | 'created'>;
function allocateColumns(capacity: number): Columns {
  return {
    ids: new Int32Array(capacity),
    flags: new Uint8Array(capacity),
    shape: new Int32Array(capacity),
    color: new Int32Array(capacity),
    clarity: new Int32Array(capacity),
    cut: new Int32Array(capacity),
    price: new Float64Array(capacity),
    carat: new Int32Array(capacity),
    created: new Float64Array(capacity),
  };
}
const COLUMN_NAMES = ['ids', 'flags', 'shape', 'color', 'clarity', 'cut', 'price', 'carat', 'created'] as const;

/** The code of a colour, clarity or cut word, adding it when new. */
function wordCode(words: Map<string, number>, prefix: string, word: string | null): number {
  if (word === null) return 0;
  const key = `${prefix}:${word}`;
  let value = words.get(key);
  if (value === undefined) {
    value = words.size + 1;
    words.set(key, value);
  }
  return value;
}

function writeSlot(columns: Columns, words: Map<string, number>, slot: number, row: CompactRow) {
  columns.ids[slot] = row.i;
  columns.flags[slot] = row.f;
  columns.shape[slot] = row.s ?? -1;
  columns.color[slot] = wordCode(words, 'color', row.co);
  columns.clarity[slot] = wordCode(words, 'clarity', row.cl);
  columns.cut[slot] = wordCode(words, 'cut', row.cu);
  columns.price[slot] = row.p === null ? Number.NaN : Number(row.p);
  columns.carat[slot] = row.c;
  columns.created[slot] = Number(row.t);
}

/** Dense ranks then one native sort of (rank × 2^21 + slot): the order by key, ties by slot (= by id). */
function sortOrder(keys: Float64Array | Int32Array, size: number): SortOrder {
  const distinct = Float64Array.from(keys).sort();
  let count = 0;
  for (let i = 0; i < distinct.length; i += 1) if (i === 0 || !Object.is(distinct[i], distinct[i - 1])) distinct[count++] = distinct[i]!;
  const values = distinct.subarray(0, count);
  const packed = new Float64Array(size);
  const SLOT = 2 ** 21;
  const isPackable = size <= SLOT && count * SLOT < Number.MAX_SAFE_INTEGER;
  for (let slot = 0; slot < size; slot += 1) {
    const key = keys[slot]!;
    let low = 0;
    let high = count - 1;
    if (Number.isNaN(key)) low = count;
    else
      while (low < high) {
        const middle = (low + high) >> 1;
        if (values[middle]! < key) low = middle + 1;
        else high = middle;
      }
    packed[slot] = isPackable ? low * SLOT + slot : low;
  }
  const order = new Int32Array(size);
  if (isPackable) {
    packed.sort();
    for (let k = 0; k < size; k += 1) order[k] = packed[k]! % SLOT;
  } else {
    for (let k = 0; k < size; k += 1) order[k] = k;
    order.sort((a, b) => packed[a]! - packed[b]! || a - b);
  }
  return { order, rank: ranksOf(order, size) };
}

function ranksOf(order: Int32Array, size: number): Int32Array {
  const rank = new Int32Array(size);
  for (let k = 0; k < size; k += 1) rank[order[k]!] = k;
  return rank;
}

/** Whether slot a comes before slot b in a sort: by key ascending, nulls (NaN) last, ties by slot (= by id). */
const precedes = (keys: Float64Array | Int32Array, a: number, b: number) => precedesKey(keys[a]!, a, keys[b]!, b);

/**
 * A sort's order after some stones changed: the unchanged stones keep their order (their keys did not
 * move), the changed ones are sorted on their own and merged in. Linear in the stones, plus the
 * changed ones' sort: a few milliseconds at a million.
 */
function mergedSortOrder(previous: Int32Array, slotOfPrevious: Int32Array | null, changed: Int32Array, isChanged: Uint8Array, keys: Float64Array | Int32Array, size: number): SortOrder {
  const sortedChanged = changed.sort((a, b) => (precedes(keys, a, b) ? -1 : 1));
  const order = new Int32Array(size);
  let k = 0;
  let c = 0;
  for (let p = 0; p < previous.length; p += 1) {
    const slot = slotOfPrevious ? slotOfPrevious[previous[p]!]! : previous[p]!;
    if (isChanged[slot] === 1) continue;
    while (c < sortedChanged.length && precedes(keys, sortedChanged[c]!, slot)) order[k++] = sortedChanged[c++]!;
    order[k++] = slot;
  }
  while (c < sortedChanged.length) order[k++] = sortedChanged[c++]!;
  return { order, rank: ranksOf(order, size) };
}

const SORT_KEYS: Record<SortField, (columns: Columns) => Float64Array | Int32Array> = {
  createdAt: (columns) => columns.created,
  price: (columns) => columns.price,
  carat: (columns) => columns.carat,
};

/** The set of `list[value]`, made empty when no stone had that value yet. */
const setOf = (list: (SlotBits | undefined)[], value: number, size: number) => (list[value] ??= emptyBits(size));

/** Adds the stone in `slot` to the sets of its values, as its columns hold them (not the range prefixes). */
function addToBits(bits: FilterBits, columns: Columns, slot: number, size: number) {
  setBit(setOf(bits.flags, columns.flags[slot]!, size), slot);
  const shape = columns.shape[slot]!;
  if (shape >= 0) {
    let set = bits.shapes.get(shape);
    if (!set) bits.shapes.set(shape, (set = emptyBits(size)));
    setBit(set, slot);
  }
  // Code 0: no word.
  if (columns.color[slot] !== 0) setBit(setOf(bits.words, columns.color[slot]!, size), slot);
  if (columns.clarity[slot] !== 0) setBit(setOf(bits.words, columns.clarity[slot]!, size), slot);
  if (columns.cut[slot] !== 0) setBit(setOf(bits.words, columns.cut[slot]!, size), slot);
  if (!Number.isNaN(columns.price[slot]!)) setBit(bits.priced, slot);
}

/** Takes the stone in `slot` out of the sets of its values, as its columns hold them (before they are rewritten). */
function removeFromBits(bits: FilterBits, columns: Columns, slot: number) {
  const clear = (set: SlotBits | undefined) => set && clearBit(set, slot);
  clear(bits.flags[columns.flags[slot]!]);
  clear(bits.shapes.get(columns.shape[slot]!));
  clear(bits.words[columns.color[slot]!]);
  clear(bits.words[columns.clarity[slot]!]);
  clear(bits.words[columns.cut[slot]!]);
  clearBit(bits.priced, slot);
}

/** Every filter value's set, from the columns and the price and carat orders: a build, or a refresh that gave stones new slots. */
function buildFilterBits(columns: Columns, sorts: Record<SortField, SortOrder>, size: number): FilterBits {
  const bits: FilterBits = {
    flags: [],
    shapes: new Map(),
    words: [],
    priced: emptyBits(size),
    price: buildRangeBits(sorts.price.order, columns.price, size),
    carat: buildRangeBits(sorts.carat.order, columns.carat, size),
  };
  for (let slot = 0; slot < size; slot += 1) addToBits(bits, columns, slot, size);
  return bits;
}

/**
 * Tests: the filter sets of the snapshot that differ from what its columns say (empty: none), after
 * however many refreshes and sales patched them in place. A range's prefix j must hold exactly the
 * stones before its boundary.
 */
export function filterBitsMismatches(snapshot: ListSnapshot): string[] {
  const { size, bits } = snapshot;
  const fresh = buildFilterBits(snapshot, snapshot.sorts, size);
  const mismatches: string[] = [];
  const compare = (label: string, held: SlotBits | undefined, expected: SlotBits | undefined) => {
    if (!equalBits(held ?? emptyBits(size), expected ?? emptyBits(size))) mismatches.push(label);
  };
  for (let flags = 0; flags < 16; flags += 1) compare(`flags ${flags}`, bits.flags[flags], fresh.flags[flags]);
  for (const shape of new Set([...bits.shapes.keys(), ...fresh.shapes.keys()])) compare(`shape ${shape}`, bits.shapes.get(shape), fresh.shapes.get(shape));
  for (let code = 0; code < Math.max(bits.words.length, fresh.words.length); code += 1) compare(`word ${code}`, bits.words[code], fresh.words[code]);
  compare('priced', bits.priced, fresh.priced);
  for (const field of ['price', 'carat'] as const) {
    const range = bits[field];
    const keys = SORT_KEYS[field](snapshot);
    range.prefix.forEach((prefix, j) => {
      const expected = emptyBits(size);
      for (let slot = 0; slot < size; slot += 1) if (precedesKey(keys[slot]!, slot, range.boundaryKeys[j]!, range.boundarySlots[j]!)) setBit(expected, slot);
      compare(`${field} prefix ${j}`, prefix, expected);
    });
  }
  return mismatches;
}

/** An empty cache for `version`, keeping the sets of `previous` as spares when they are of the same size. */
function newMatchCache(version: number, previous: MatchCache | null = null, isSameSize = false): MatchCache {
  const spare = previous && isSameSize ? [...previous.spare, ...[...previous.byFilters.values()].map((matches) => matches.bits)] : [];
  return { version, byFilters: new Map(), spare };
}


/** The snapshot's version, the PostgreSQL snapshot it was read at and the database's clock then. */
export type SnapshotHead = Pick<ListSnapshot, 'version' | 'pgSnapshot' | 'readAt'>;

/** Lets the event loop answer what is waiting (a list) between two long steps of a build. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A snapshot built from compact rows in id order, pushed batch by batch (at most `capacity`: the
 * count read in the same transaction), then finished: the sort orders, the packed texts and the
 * filter sets.
 */
export function createListSnapshotBuilder(capacity: number) {
  const columns = allocateColumns(capacity);
  const words = new Map<string, number>();
  // About 10-12 bytes a SKU or certificate; the builders grow when a feed's are longer.
  const texts = { sku: createPackedTextsBuilder(capacity, capacity * 12), certificate: createPackedTextsBuilder(capacity, capacity * 12) };
  let size = 0;
  return {
    /** Adds the rows (id order, after those pushed before); false once the capacity is reached. */
    push(rows: readonly CompactRow[]): boolean {
      for (const row of rows) {
        if (size === capacity) return false;
        writeSlot(columns, words, size, row);
        for (const field of TEXT_FIELDS) texts[field].push(textOf[field](row));
        size += 1;
      }
      return size < capacity;
    },
    async finish(head: SnapshotHead): Promise<ListSnapshot> {
      const sliced = Object.fromEntries(COLUMN_NAMES.map((name) => [name, columns[name].subarray(0, size)])) as unknown as Columns;
      // Each step below is a few hundred ms at a million, on the event loop the lists share: a turn
      // between them, so a list waits for one step, not for the whole tail of the build.
      const createdAt = sortOrder(sliced.created, size);
      await nextTurn();
      const price = sortOrder(sliced.price, size);
      await nextTurn();
      const sorts = { createdAt, price, carat: sortOrder(sliced.carat, size) };
      await nextTurn();
      const packed = { sku: texts.sku.finish(), certificate: texts.certificate.finish() };
      await nextTurn();
      return {
        ...head,
        size,
        ...sliced,
        words,
        sorts,
        texts: packed,
        bits: buildFilterBits(sliced, sorts, size),
        scratch: new Int32Array(size),
        matches: newMatchCache(head.version),
      };
    },
  };
}

/** A snapshot of `rows` (id order) at once: tests, and anything that holds its rows already. */
export function buildListSnapshot(head: SnapshotHead, rows: readonly CompactRow[]): Promise<ListSnapshot> {
  const builder = createListSnapshotBuilder(rows.length);
  builder.push(rows);
  return builder.finish(head);
}

/** What changed after a snapshot: the version and PostgreSQL snapshot now, and the changed stones as they are now. */
export interface ListChanges {
  version: number;
  pgSnapshot: string;
  readAt: number;
  rows: CompactRow[];
  /** Every stone's id and price (NaN: none), in id order, when a repricing of more stones than are read one by one was logged. */
  prices: { ids: Int32Array; prices: Float64Array } | null;
}

/**
 * The snapshot with `changes` applied: changed stones rewritten in their slots, new stones given slots
 * (in id order), each sort's order merged where keys moved. Without new stones the columns are
 * patched in place (a query is synchronous, so none sees them half-way; the caller installs the
 * result at once), and a sort whose keys did not move is shared with the previous snapshot.
 */
export function applyListChanges(previous: ListSnapshot, changes: ListChanges): ListSnapshot | null {
  const rows = [...changes.rows].sort((a, b) => a.i - b.i);
  const added = rows.filter((row) => slotOf(previous, row.i) < 0);
  const size = previous.size + added.length;
  let columns: Columns = previous;
  let slotOfPrevious: Int32Array | null = null;
  if (added.length > 0) {
    columns = allocateColumns(size);
    slotOfPrevious = new Int32Array(previous.size);
    let p = 0;
    let a = 0;
    for (let slot = 0; slot < size; slot += 1) {
      if (a < added.length && (p >= previous.size || added[a]!.i < previous.ids[p]!)) {
        columns.ids[slot] = added[a]!.i;
        a += 1;
        continue;
      }
      for (const name of COLUMN_NAMES) columns[name][slot] = previous[name][p]!;
      slotOfPrevious[p] = slot;
      p += 1;
    }
  }
  // Every stone's price, read in the same snapshot as the rows, is for exactly the stones the slots
  // will hold (a stone is never deleted; a new one is among the rows). Checked before anything is
  // patched in place; otherwise the caller rebuilds.
  if (changes.prices) {
    const priceIds = changes.prices.ids;
    if (priceIds.length !== size || priceIds.some((id, k) => id !== columns.ids[k])) return null;
  }
  const next = { ...previous, ...columns, size, version: changes.version, pgSnapshot: changes.pgSnapshot, readAt: changes.readAt };
  const FIELDS = ['createdAt', 'price', 'carat'] as const;
  // Per sort, the stones whose key moved (new stones, a new price...): only they are re-placed, and a
  // sort no key of which moved (a sale, a sweep) keeps its order as it is.
  const moved = Object.fromEntries(FIELDS.map((field) => [field, [] as number[]])) as Record<SortField, number[]>;
  // Per text, the slots (ascending) whose text is new or changed: the packing is made again only when there are any.
  const newTexts: Record<TextField, TextOfSlot[]> = { sku: [], certificate: [] };
  for (const row of rows) {
    const previousSlot = slotOf(previous, row.i);
    for (const field of TEXT_FIELDS) {
      const text = textOf[field](row) ?? '';
      if (previousSlot < 0 || packedText(previous.texts[field], previousSlot) !== text) newTexts[field].push({ slot: slotOf(next, row.i), text, isNew: previousSlot < 0 });
    }
    // Read before the slot is written: without new stones the columns are the previous snapshot's.
    const previousKeys = FIELDS.map((field) => (previousSlot < 0 ? Number.NaN : SORT_KEYS[field](previous)[previousSlot]!));
    const slot = slotOf(next, row.i);
    // In place (no new slots): the stone leaves its old values' sets and joins its new ones'. With new
    // slots every set is built again below.
    if (slotOfPrevious === null) removeFromBits(previous.bits, columns, slot);
    writeSlot(columns, previous.words, slot, row);
    if (slotOfPrevious === null) {
      addToBits(previous.bits, columns, slot, size);
      placeInRange(previous.bits.price, slot, columns.price[slot]!);
      placeInRange(previous.bits.carat, slot, columns.carat[slot]!);
    }
    FIELDS.forEach((field, index) => {
      if (previousSlot < 0 || !Object.is(previousKeys[index], SORT_KEYS[field](columns)[slot])) moved[field].push(slot);
    });
  }
  if (changes.prices) {
    const { prices } = changes.prices;
    for (let slot = 0; slot < size; slot += 1) {
      const price = prices[slot]!;
      if (Object.is(columns.price[slot], price)) continue;
      if (slotOfPrevious === null) {
        if (Number.isNaN(price)) clearBit(previous.bits.priced, slot);
        else setBit(previous.bits.priced, slot);
      }
      columns.price[slot] = price;
      moved.price.push(slot);
    }
  }
  const sortOf = (field: SortField): SortOrder => {
    if (moved[field].length === 0 && slotOfPrevious === null) return previous.sorts[field];
    // Most keys moved (a repricing of the feed): sorted afresh, quicker than merging them one by one.
    if (moved[field].length > size / 8) return sortOrder(SORT_KEYS[field](columns), size);
    const isMoved = new Uint8Array(size);
    for (const slot of moved[field]) isMoved[slot] = 1;
    return mergedSortOrder(previous.sorts[field].order, slotOfPrevious, Int32Array.from(moved[field]), isMoved, SORT_KEYS[field](columns), size);
  };
  const sorts = { createdAt: sortOf('createdAt'), price: sortOf('price'), carat: sortOf('carat') };
  const texts = { ...previous.texts };
  for (const field of TEXT_FIELDS) if (newTexts[field].length > 0) texts[field] = repackTexts(previous.texts[field], previous.size, size, newTexts[field]);
  let bits = slotOfPrevious === null ? previous.bits : buildFilterBits(columns, sorts, size);
  // After a repricing of the feed the price buckets are cut again along the new order.
  if (changes.prices && slotOfPrevious === null) bits = { ...bits, price: buildRangeBits(sorts.price.order, columns.price, size) };
  return {
    ...next,
    sorts,
    texts,
    bits,
    scratch: size === previous.size ? previous.scratch : new Int32Array(size),
    matches: newMatchCache(changes.version, previous.matches, size === previous.size),
  };
}

interface TextOfSlot {
  /** The stone's slot in the new snapshot. */
  slot: number;
  text: string;
  /** A new stone (a new slot), not a changed one. */
  isNew: boolean;
}

/**
 * A text packing with some slots' texts replaced and new slots inserted (`changed`, by new slot
 * ascending): one linear pass, the runs of unchanged slots between them copied in one piece each.
 * The slots not in `changed` are the previous ones in the same order (new stones only insert slots).
 */
function repackTexts(previous: PackedTexts, previousSize: number, size: number, changed: readonly TextOfSlot[]): PackedTexts {
  const extra = changed.reduce((sum, { text }) => sum + text.length * 3 + 1, 0);
  const builder = createPackedTextsBuilder(size, previous.bytes.length + extra);
  let slot = 0;
  let previousSlot = 0;
  for (const { slot: changedSlot, text, isNew } of changed) {
    const unchanged = changedSlot - slot;
    builder.copy(previous, previousSlot, previousSlot + unchanged);
    previousSlot += unchanged + (isNew ? 0 : 1);
    builder.push(text);
    slot = changedSlot + 1;
  }
  builder.copy(previous, previousSlot, previousSize);
  const packed = builder.finish();
  if (packed.starts.length !== size + 1) throw new Error(`list index: ${packed.starts.length - 1} texts repacked for ${size} slots`);
  return packed;
}

/** Whether the index can answer a query: every filter is the index's (a free-text search, which the diamonds list has none of, would be SQL's). */
export const isIndexable = (query: DiamondListQuery) => !(query as { search?: string }).search;

/** The sets of the words of `prefix` a choice filter allows (undefined: no condition). */
function wordSets(snapshot: ListSnapshot, prefix: string, values: readonly string[] | undefined): SlotBits[] | undefined {
  if (!values) return undefined;
  const sets: SlotBits[] = [];
  for (const value of new Set(values)) {
    const code = snapshot.words.get(`${prefix}:${value}`);
    const set = code === undefined ? undefined : snapshot.bits.words[code];
    if (set) sets.push(set);
  }
  return sets;
}

const STATE_FLAGS: Record<StoneState, (flags: number) => boolean> = {
  available: (flags) => (flags & (SOLD | UNAVAILABLE)) === 0,
  sold: (flags) => (flags & SOLD) !== 0,
  unavailable: (flags) => (flags & (SOLD | UNAVAILABLE)) === UNAVAILABLE,
};

type FilterValues = ReturnType<typeof filterValuesOf<typeof diamondListQuery.filters>>;

/**
 * The stones a query's filters keep, as a set, and how many: each filter's values ORed, the filters
 * ANDed, word by word; a price or carat range from its prefixes (slot-bits.ts). Kept for the
 * snapshot's version, so the next pages of the same filters cost only their walk.
 */
function matchesOf(snapshot: ListSnapshot, values: FilterValues): Matches {
  // Type and origin: every stone must have (flags & mask) === want; with the states, a table of the 16 flag values.
  let mask = 0;
  let want = 0;
  if (values.type?.length === 1) {
    mask |= GEMSTONE;
    if (values.type[0] === 'gemstone') want |= GEMSTONE;
  }
  if (values.diamondType !== undefined) {
    mask |= LAB;
    if (values.diamondType) want |= LAB;
  }
  const states = values.state;
  const allowedFlags: number[] = [];
  for (let flags = 0; flags < 16; flags += 1) if ((flags & mask) === want && (!states || states.some((state) => STATE_FLAGS[state](flags)))) allowedFlags.push(flags);
  const pricing = values.pricing?.length === 1 ? values.pricing[0] : undefined;
  // Carat ranges have at most 3 decimals: compared in thousandths, exactly.
  const caratFrom = values.carat?.from === undefined ? -1 : Math.round(values.carat.from * 1000);
  const caratTo = values.carat?.to === undefined ? 2 ** 31 - 1 : Math.round(values.carat.to * 1000);
  const priceFrom = values.price?.from ?? Number.NEGATIVE_INFINITY;
  const priceTo = values.price?.to ?? Number.POSITIVE_INFINITY;
  const shapes = values.shape && [...new Set(values.shape)].sort((a, b) => a - b);
  const sorted = (list: readonly string[] | undefined) => list && [...new Set(list)].sort();
  // As SQL's `searchLoweredCondition`: an empty term is no filter, any other is a literal substring of the lowercased text.
  const terms = TEXT_FIELDS.flatMap((field) => (values[field] ? [{ field, term: values[field].toLowerCase() }] : []));
  const key = JSON.stringify([
    terms.map(({ field, term }) => [field, term]),
    allowedFlags,
    shapes ?? null,
    sorted(values.color) ?? null,
    sorted(values.clarity) ?? null,
    sorted(values.cut) ?? null,
    pricing ?? null,
    values.price ? [priceFrom, priceTo] : null,
    values.carat ? [caratFrom, caratTo] : null,
  ]);
  if (snapshot.matches.version !== snapshot.version) snapshot.matches = newMatchCache(snapshot.version, snapshot.matches, true);
  const { byFilters: cache, spare } = snapshot.matches;
  const cached = cache.get(key);
  if (cached) {
    // Most recently used last: the first is the one to drop.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }

  const { bits: sets, size } = snapshot;
  const take = () => spare.pop() ?? emptyBits(size);
  // A range's set first, then the other range and the choice filters ANDed into it.
  const bits = take();
  if (values.price) rangeBitsInto(bits, sets.price, snapshot.sorts.price.order, snapshot.price, size, priceFrom, priceTo);
  if (values.carat) {
    const carats = values.price ? take() : bits;
    rangeBitsInto(carats, sets.carat, snapshot.sorts.carat.order, snapshot.carat, size, caratFrom, caratTo);
    if (carats !== bits) {
      andWith(bits, carats);
      spare.push(carats);
    }
  }
  if (!values.price && !values.carat) fillAll(bits, size);
  // Flag values no stone has have no set; when every present one is allowed the filter keeps everything.
  const flagSets = allowedFlags.flatMap((flags) => sets.flags[flags] ?? []);
  if (flagSets.length < sets.flags.filter(Boolean).length) andAnyOf(bits, flagSets);
  if (shapes) andAnyOf(bits, shapes.flatMap((id) => sets.shapes.get(id) ?? []));
  for (const [prefix, chosen] of [['color', values.color], ['clarity', values.clarity], ['cut', values.cut]] as const) {
    const words = wordSets(snapshot, prefix, chosen);
    if (words) andAnyOf(bits, words);
  }
  if (pricing === 'priced') andWith(bits, sets.priced);
  if (pricing === 'unpriced') andNot(bits, sets.priced);
  for (const { field, term } of terms) {
    const found = take();
    textMatchesInto(found, snapshot.texts[field], size, Buffer.from(term, 'utf8'));
    andWith(bits, found);
    spare.push(found);
  }

  const matches = { bits, total: countBits(bits) };
  cache.set(key, matches);
  if (cache.size > CACHED_COMBINATIONS) {
    const [oldest, dropped] = cache.entries().next().value!;
    cache.delete(oldest);
    spare.push(dropped.bits);
  }
  return matches;
}

/**
 * One page of a query (with its defaults applied) and the exact total: the ids in the sort's order.
 * The matching stones are a set (`matchesOf`); the page is then either walked off the sort's order
 * (many matches: a few steps per row, one bit read each) or cut from the matches' sorted ranks (few).
 */
export function queryListSnapshot(snapshot: ListSnapshot, query: DiamondListQuery): { ids: number[]; total: number } {
  const values = filterValuesOf(diamondListQuery.filters, query as unknown as Record<string, unknown>);
  const { bits, total } = matchesOf(snapshot, values);
  const field = (query.sort ?? 'createdAt') as SortField;
  const isAscending = (query.order ?? (query.sort ? 'asc' : 'desc')) === 'asc';
  const { order, rank } = snapshot.sorts[field];
  const { scratch, size } = snapshot;

  const offset = (query.page - 1) * query.pageSize;
  const end = Math.min(total, offset + query.pageSize);
  const ids: number[] = [];
  if (offset >= total) return { ids, total };
  // Walking the order reads about (offset + page) × size / total slots; sorting the ranks, total × log(total).
  const walkSteps = (end * size) / total;
  if (total > 4096 && walkSteps * 4 < total * Math.log2(total)) {
    let seen = 0;
    for (let k = 0; k < size && ids.length < end - offset; k += 1) {
      const slot = order[isAscending ? k : size - 1 - k]!;
      if (!hasBit(bits, slot)) continue;
      if (seen >= offset) ids.push(snapshot.ids[slot]!);
      seen += 1;
    }
  } else {
    let count = 0;
    forEachBit(bits, (slot) => {
      scratch[count++] = rank[slot]!;
    });
    const ranks = scratch.subarray(0, count).sort();
    for (let k = offset; k < end; k += 1) ids.push(snapshot.ids[order[ranks[isAscending ? k : total - 1 - k]!]!]!);
  }
  return { ids, total };
}

/** The slot of a stone's id (slots are in id order), or -1. */
function slotOf(snapshot: ListSnapshot, id: number): number {
  let low = 0;
  let high = snapshot.size - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = snapshot.ids[middle]!;
    if (value === id) return middle;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * A sale or its revert of stone `id`, committed at `version`, applied in place (its flags and their
 * sets). False when the stone is not in the snapshot (nothing changed).
 */
export function applySoldInPlace(snapshot: ListSnapshot, id: number, isSold: boolean, version: number): boolean {
  const slot = slotOf(snapshot, id);
  if (slot < 0) return false;
  const flags = isSold ? snapshot.flags[slot]! | SOLD : snapshot.flags[slot]! & ~SOLD;
  clearBit(snapshot.bits.flags[snapshot.flags[slot]!]!, slot);
  setBit(setOf(snapshot.bits.flags, flags, snapshot.size), slot);
  snapshot.flags[slot] = flags;
  snapshot.version = version;
  return true;
}
