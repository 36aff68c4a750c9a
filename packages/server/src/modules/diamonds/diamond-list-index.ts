import type { ListQueryOf } from '@facet/contract/list-query';
import { filterValuesOf } from '@facet/contract/list-query';
import { diamondListQuery } from '@facet/contract/modules/diamonds/diamond.schema';
import type { StoneState } from '@facet/contract/modules/diamonds/diamond.schema';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The diamonds list's read-side index (issue 12: any combination of the filters, each sort, with the
 * total, in milliseconds at a million stones). PostgreSQL stays the source of truth: this is a copy
 * of the filterable columns as typed arrays (one slot per stone, in id order), plus each sort's order
 * as a permutation, rebuilt from the table. A query is one pass over the arrays (the exact total and
 * the matching stones' places in the sort), then the page's 20 ids are read from PostgreSQL.
 *
 * Consistency: every write the list can see raises `diamond_list_state.version` in its own
 * transaction (`bumpListVersion`). The index holds the version its snapshot was read at (one
 * repeatable-read transaction), and the page's rows are read in one statement with the current
 * version: when they differ the index is stale, the answer comes from SQL, and a rebuild starts. So
 * a write is seen by every server process as soon as it commits; a sale made in this process is
 * applied to the arrays in place instead of a rebuild.
 */

export type DiamondListQuery = ListQueryOf<typeof diamondListQuery.filters>;
type SortField = 'createdAt' | 'price' | 'carat';

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

interface ListSnapshot {
  version: number;
  size: number;
  ids: Int32Array;
  flags: Uint8Array;
  /** diamond_shapes id, -1 when none. */
  shape: Int32Array;
  /** Codes of the words in `words` (0: none). */
  color: Int32Array;
  clarity: Int32Array;
  cut: Int32Array;
  words: Map<string, number>;
  /** Whole pounds; NaN when not for sale. */
  price: Float64Array;
  /** Thousandths of a carat (numeric(6,3)). */
  carat: Int32Array;
  sorts: Record<SortField, SortOrder>;
  /** Scratch for a query's matching ranks (queries run one at a time: the pass is synchronous). */
  scratch: Int32Array;
}

/** Raises the list's version: call in the transaction of every write to `diamonds` (merge, sweep, repricing, sale). */
export async function bumpListVersion(tx: Db): Promise<number> {
  const result = await tx.execute(
    sql`insert into diamond_list_state (id, version) values (1, 1) on conflict (id) do update set version = diamond_list_state.version + 1 returning version`,
  );
  return Number((result as unknown as { rows: { version: string | number }[] }).rows[0]!.version);
}

/** The version now in force, as a select expression (read with the page's rows, in one statement). */
export const listVersionSql = sql<string>`coalesce((select version from diamond_list_state where id = 1), 0)`;

const BUILD_BATCH = 100_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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
  const rank = new Int32Array(size);
  for (let k = 0; k < size; k += 1) rank[order[k]!] = k;
  return { order, rank };
}

/** Reads the snapshot from PostgreSQL: the version and every stone, in one repeatable-read transaction. */
async function readListSnapshot(db: Db): Promise<ListSnapshot> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const [head] = rowsOf<{ version: string; size: string }>(await tx.execute(sql`select ${listVersionSql} as version, (select count(*) from diamonds) as size`));
    const capacity = Number(head!.size);
    const ids = new Int32Array(capacity);
    const flags = new Uint8Array(capacity);
    const shape = new Int32Array(capacity);
    const color = new Int32Array(capacity);
    const clarity = new Int32Array(capacity);
    const cut = new Int32Array(capacity);
    const price = new Float64Array(capacity);
    const carat = new Int32Array(capacity);
    const created = new Float64Array(capacity);
    const words = new Map<string, number>();
    const code = (word: string | null) => {
      if (word === null) return 0;
      let value = words.get(word);
      if (value === undefined) {
        value = words.size + 1;
        words.set(word, value);
      }
      return value;
    };
    let size = 0;
    let after = 0;
    for (;;) {
      // Compact rows (numbers as text PostgreSQL writes once), read by id in batches.
      const rows = rowsOf<{ i: number; f: number; s: number | null; co: string | null; cl: string | null; cu: string | null; p: string | null; c: number; t: string }>(
        await tx.execute(sql`
          select id as i, (is_gemstone::int + 2 * is_lab::int + 4 * is_sold::int + 8 * is_unavailable::int) as f, shape_id as s,
            color as co, clarity as cl, cut as cu, price::text as p, (carat * 1000)::int as c,
            (extract(epoch from created_at) * 1000000)::bigint::text as t
          from diamonds where id > ${after} order by id limit ${BUILD_BATCH}`),
      );
      for (const row of rows) {
        if (size === capacity) break;
        ids[size] = row.i;
        flags[size] = row.f;
        shape[size] = row.s ?? -1;
        color[size] = code(row.co === null ? null : `color:${row.co}`);
        clarity[size] = code(row.cl === null ? null : `clarity:${row.cl}`);
        cut[size] = code(row.cu === null ? null : `cut:${row.cu}`);
        price[size] = row.p === null ? Number.NaN : Number(row.p);
        carat[size] = row.c;
        created[size] = Number(row.t);
        size += 1;
      }
      if (rows.length < BUILD_BATCH || size === capacity) break;
      after = rows[rows.length - 1]!.i;
    }
    const slice = <T extends { subarray(from: number, to: number): T }>(array: T) => array.subarray(0, size);
    return {
      version: Number(head!.version),
      size,
      ids: slice(ids),
      flags: slice(flags),
      shape: slice(shape),
      color: slice(color),
      clarity: slice(clarity),
      cut: slice(cut),
      words,
      price: slice(price),
      carat: slice(carat),
      sorts: { createdAt: sortOrder(slice(created), size), price: sortOrder(slice(price), size), carat: sortOrder(slice(carat), size) },
      scratch: new Int32Array(size),
    };
  });
}

/** Whether the index can answer a query: SKU and certificate substrings are PostgreSQL's (trigram indexes). */
export const isIndexable = (query: DiamondListQuery) => !query.sku && !query.certificate && !(query as { search?: string }).search;

/** A lookup table of the words of `prefix` a choice filter allows (null: no condition). */
function wordTable(snapshot: ListSnapshot, prefix: string, values: readonly string[] | undefined): Uint8Array | null {
  if (!values) return null;
  const table = new Uint8Array(snapshot.words.size + 1);
  for (const value of values) {
    const code = snapshot.words.get(`${prefix}:${value}`);
    if (code !== undefined) table[code] = 1;
  }
  return table;
}

const STATE_FLAGS: Record<StoneState, (flags: number) => boolean> = {
  available: (flags) => (flags & (SOLD | UNAVAILABLE)) === 0,
  sold: (flags) => (flags & SOLD) !== 0,
  unavailable: (flags) => (flags & (SOLD | UNAVAILABLE)) === UNAVAILABLE,
};

/**
 * One page of a query (with its defaults applied) and the exact total: the ids in the sort's order.
 * The filters are tables and bounds checked in one pass over the slots; the matches' ranks are kept,
 * and the page is then either walked off the sort's order (many matches: a few steps per row) or cut
 * from the sorted ranks (few matches).
 */
export function queryListSnapshot(snapshot: ListSnapshot, query: DiamondListQuery): { ids: number[]; total: number } {
  const values = filterValuesOf(diamondListQuery.filters, query as unknown as Record<string, unknown>);
  // Flags: every stone must have (flags & mask) === want.
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
  const stateTable = new Uint8Array(16);
  const states = values.state;
  for (let flags = 0; flags < 16; flags += 1) stateTable[flags] = !states || states.some((state) => STATE_FLAGS[state](flags)) ? 1 : 0;
  const pricing = values.pricing?.length === 1 ? values.pricing[0] : undefined;
  const priceFrom = values.price?.from ?? Number.NEGATIVE_INFINITY;
  const priceTo = values.price?.to ?? Number.POSITIVE_INFINITY;
  const hasPriceRange = values.price !== undefined;
  // Carat ranges have at most 3 decimals: compared in thousandths, exactly.
  const caratFrom = values.carat?.from === undefined ? -1 : Math.round(values.carat.from * 1000);
  const caratTo = values.carat?.to === undefined ? 2 ** 31 - 1 : Math.round(values.carat.to * 1000);
  let shapeTable: Uint8Array | null = null;
  if (values.shape) {
    shapeTable = new Uint8Array(Math.max(0, ...values.shape.filter((id) => Number.isSafeInteger(id) && id >= 0 && id < 1_000_000)) + 1);
    for (const id of values.shape) if (id >= 0 && id < shapeTable.length) shapeTable[id] = 1;
  }
  const colorTable = wordTable(snapshot, 'color', values.color);
  const clarityTable = wordTable(snapshot, 'clarity', values.clarity);
  const cutTable = wordTable(snapshot, 'cut', values.cut);

  const field = (query.sort ?? 'createdAt') as SortField;
  const isAscending = (query.order ?? (query.sort ? 'asc' : 'desc')) === 'asc';
  const { order, rank } = snapshot.sorts[field];
  const { flags, shape, color, clarity, cut, price, carat, scratch, size } = snapshot;

  const matches = (slot: number) => {
    const f = flags[slot]!;
    if ((f & mask) !== want || stateTable[f] === 0) return false;
    const p = price[slot]!;
    if (hasPriceRange && !(p >= priceFrom && p <= priceTo)) return false;
    if (pricing !== undefined && (pricing === 'priced') === Number.isNaN(p)) return false;
    const c = carat[slot]!;
    if (c < caratFrom || c > caratTo) return false;
    if (shapeTable !== null) {
      const s = shape[slot]!;
      if (s < 0 || s >= shapeTable.length || shapeTable[s] === 0) return false;
    }
    if (colorTable !== null && colorTable[color[slot]!] === 0) return false;
    if (clarityTable !== null && clarityTable[clarity[slot]!] === 0) return false;
    if (cutTable !== null && cutTable[cut[slot]!] === 0) return false;
    return true;
  };

  let total = 0;
  for (let slot = 0; slot < size; slot += 1) if (matches(slot)) scratch[total++] = rank[slot]!;

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
      if (!matches(slot)) continue;
      if (seen >= offset) ids.push(snapshot.ids[slot]!);
      seen += 1;
    }
  } else {
    const ranks = scratch.subarray(0, total).sort();
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

interface ListIndexStats {
  builds: number;
  lastBuildMs: number;
  size: number;
  version: number | null;
}

/**
 * The index of one server process: built on first use and whenever a list finds it stale, one build at
 * a time, in the background (the list answers from SQL meanwhile).
 */
export function createListIndex(db: Db) {
  let snapshot: ListSnapshot | null = null;
  let building: Promise<void> | null = null;
  const stats: ListIndexStats = { builds: 0, lastBuildMs: 0, size: 0, version: null };

  function rebuild(): Promise<void> {
    building ??= (async () => {
      const started = performance.now();
      try {
        const built = await readListSnapshot(db);
        // A sale applied in place while the build read may be newer than the build: keep the newer.
        if (!snapshot || built.version >= snapshot.version) snapshot = built;
        stats.builds += 1;
        stats.lastBuildMs = performance.now() - started;
        stats.size = built.size;
        stats.version = built.version;
      } finally {
        building = null;
      }
    })();
    return building;
  }

  return {
    /** The snapshot to answer from, or null (none yet): a build is started when there is none. */
    current(): ListSnapshot | null {
      if (!snapshot) void rebuild().catch(() => undefined);
      return snapshot;
    },
    /** Called when a list read a version other than the snapshot's: rebuild in the background. */
    stale(seen: number) {
      if (snapshot && seen !== snapshot.version) void rebuild().catch(() => undefined);
    },
    /** Builds now (start-up, tests, the bench). */
    rebuild,
    /**
     * A sale or its revert committed by this process at `version`: applied in place when it is the one
     * write after the snapshot's; otherwise the next list finds the index stale.
     */
    applySold(id: number, isSold: boolean, version: number) {
      if (!snapshot || snapshot.version !== version - 1) return;
      const slot = slotOf(snapshot, id);
      if (slot < 0) return;
      snapshot.flags[slot] = isSold ? snapshot.flags[slot]! | SOLD : snapshot.flags[slot]! & ~SOLD;
      snapshot.version = version;
    },
    stats: () => ({ ...stats }),
  };
}
export type ListIndex = ReturnType<typeof createListIndex>;
