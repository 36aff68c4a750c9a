import { DIAMOND_CLARITIES, DIAMOND_COLORS, DIAMOND_CUTS, diamondListQuery } from '@facet/contract/modules/diamonds/diamond.schema';
import { seededRandom } from '@facet/contract/seeded-random';
import { describe, expect, it } from 'vitest';
import type { CompactRow, DiamondListQuery, ListChanges, ListSnapshot } from './list-snapshot.ts';
import { applyListChanges, applySoldInPlace, buildListSnapshot, filterBitsMismatches, queryListSnapshot } from './list-snapshot.ts';

/**
 * The in-memory list index on plain arrays, no database: every answer (page and exact total) is
 * compared with a brute-force filter and sort of the same stones; and a snapshot patched with
 * changes (stones added, changed, sold, swept, repriced) answers exactly what one built afresh from
 * the rows as they now are answers.
 */

const GEMSTONE = 1;
const LAB = 2;
const SOLD = 4;
const UNAVAILABLE = 8;
const COLORS = Object.keys(DIAMOND_COLORS);
const CLARITIES = Object.keys(DIAMOND_CLARITIES);
const CUTS = Object.keys(DIAMOND_CUTS);
const SHAPES = [3, 5, 8, 13, 21];
const HEAD = { version: 1, pgSnapshot: '1:1:', readAt: 0 };

type Random = () => number;
const pick = <T,>(random: Random, values: readonly T[]) => values[Math.floor(random() * values.length)]!;
const pickSome = <T,>(random: Random, values: readonly T[], most: number) => [...new Set(Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(random, values)))];

/** A stone's row as the SQL reads it: a few values of each column so ties and empty filters happen. */
function randomRow(random: Random, id: number): CompactRow {
  const sku = `${pick(random, ['AB', 'cd', 'Éx', 'Q_'])}${Math.floor(random() * 100_000)}`.toLowerCase();
  return {
    i: id,
    f: Math.floor(random() * 16),
    s: random() < 0.1 ? null : pick(random, SHAPES),
    co: random() < 0.1 ? null : pick(random, COLORS),
    cl: random() < 0.1 ? null : pick(random, CLARITIES),
    cu: random() < 0.2 ? null : pick(random, CUTS),
    p: random() < 0.15 ? null : String(Math.floor(random() * 400) * 25),
    c: 200 + Math.floor(random() * 300) * 10,
    t: String(1_700_000_000_000_000 + Math.floor(random() * 2000) * 1_000_000),
    k: sku,
    ce: random() < 0.2 ? null : `${Math.floor(random() * 10_000_000)}`,
  };
}

function randomRows(random: Random, count: number): CompactRow[] {
  const rows: CompactRow[] = [];
  // From 10: there are free ids before the first stone as well as between and after.
  let id = 10;
  for (let n = 0; n < count; n += 1) {
    id += 1 + Math.floor(random() * 3);
    rows.push(randomRow(random, id));
  }
  return rows;
}

/** A random combination of the list's URL parameters, parsed as the route parses them. */
function randomQuery(random: Random, rows: readonly CompactRow[]): DiamondListQuery {
  const raw: Record<string, string> = {};
  if (random() < 0.3) raw.type = pick(random, ['gemstone', 'diamond', 'diamond,gemstone']);
  if (random() < 0.4) raw.diamondType = pick(random, ['lab', 'earth']);
  if (random() < 0.3) raw.shape = [...pickSome(random, SHAPES, 3), ...(random() < 0.2 ? [999] : [])].join(',');
  if (random() < 0.3) raw.color = pickSome(random, COLORS, 4).join(',');
  if (random() < 0.3) raw.clarity = pickSome(random, CLARITIES, 4).join(',');
  if (random() < 0.3) raw.cut = pickSome(random, CUTS, 3).join(',');
  if (random() < 0.35) {
    const from = Math.floor(random() * 400) * 25 + (random() < 0.3 ? 1 : 0);
    if (random() < 0.8) raw.priceFrom = String(from);
    if (random() < 0.8) raw.priceTo = String(from + Math.floor(random() * 4000));
  }
  if (random() < 0.3) {
    const from = 0.2 + Math.floor(random() * 300) / 100;
    if (random() < 0.8) raw.caratFrom = from.toFixed(3);
    if (random() < 0.8) raw.caratTo = (from + Math.floor(random() * 1500) / 1000).toFixed(3);
  }
  if (random() < 0.3) raw.state = pickSome(random, ['available', 'sold', 'unavailable'], 2).join(',');
  if (random() < 0.25) raw.pricing = pickSome(random, ['priced', 'unpriced'], 2).join(',');
  if (random() < 0.15) {
    const sku = pick(random, rows).k;
    const start = Math.floor(random() * sku.length);
    raw.sku = sku.slice(start, start + 1 + Math.floor(random() * 4)).toUpperCase();
  }
  if (random() < 0.1) raw.certificate = random() < 0.2 ? 'zz' : String(Math.floor(random() * 100));
  if (random() < 0.85) raw.sort = pick(random, ['createdAt', 'price', 'carat']);
  if (random() < 0.8) raw.order = pick(random, ['asc', 'desc']);
  raw.page = String(1 + Math.floor(random() ** 2 * 12));
  if (random() < 0.4) raw.pageSize = String(pick(random, [5, 50, 100]));
  return diamondListQuery.schema.parse(raw) as DiamondListQuery;
}

/** The answer by brute force: every stone tested against every filter as SQL words it, then sorted and cut. */
function bruteForce(rows: readonly CompactRow[], query: DiamondListQuery): { ids: number[]; total: number } {
  const q = query as DiamondListQuery & Record<string, unknown>;
  const has = <T,>(list: readonly T[] | undefined, value: T) => !list || list.includes(value);
  const price = (row: CompactRow) => (row.p === null ? null : Number(row.p));
  const kept = rows.filter((row) => {
    const stateOf = row.f & SOLD ? 'sold' : row.f & UNAVAILABLE ? 'unavailable' : 'available';
    const priceFrom = q.priceFrom as number | undefined;
    const priceTo = q.priceTo as number | undefined;
    const caratFrom = q.caratFrom as number | undefined;
    const caratTo = q.caratTo as number | undefined;
    const p = price(row);
    return (
      has(q.type as string[] | undefined, row.f & GEMSTONE ? 'gemstone' : 'diamond') &&
      (q.diamondType === undefined || q.diamondType === ((row.f & LAB) !== 0)) &&
      (!q.shape || (row.s !== null && (q.shape as number[]).includes(row.s))) &&
      (!q.color || (row.co !== null && (q.color as string[]).includes(row.co))) &&
      (!q.clarity || (row.cl !== null && (q.clarity as string[]).includes(row.cl))) &&
      (!q.cut || (row.cu !== null && (q.cut as string[]).includes(row.cu))) &&
      (priceFrom === undefined || (p !== null && p >= priceFrom)) &&
      (priceTo === undefined || (p !== null && p <= priceTo)) &&
      (caratFrom === undefined || row.c >= Math.round(caratFrom * 1000)) &&
      (caratTo === undefined || row.c <= Math.round(caratTo * 1000)) &&
      has(q.state as string[] | undefined, stateOf) &&
      has(q.pricing as string[] | undefined, p === null ? 'unpriced' : 'priced') &&
      (!q.sku || row.k.includes((q.sku as string).toLowerCase())) &&
      (!q.certificate || (row.ce ?? '').includes((q.certificate as string).toLowerCase()))
    );
  });
  const sort = query.sort ?? 'createdAt';
  const keyOf = (row: CompactRow) => (sort === 'price' ? price(row) : sort === 'carat' ? row.c : Number(row.t));
  // Ascending, nulls last, ties by id; descending is the same order reversed.
  const sorted = [...kept].sort((a, b) => {
    const x = keyOf(a);
    const y = keyOf(b);
    if (x === null || y === null) return x === y ? a.i - b.i : x === null ? 1 : -1;
    return x - y || a.i - b.i;
  });
  if ((query.order ?? (query.sort ? 'asc' : 'desc')) === 'desc') sorted.reverse();
  const offset = (query.page - 1) * query.pageSize;
  return { ids: sorted.slice(offset, offset + query.pageSize).map((row) => row.i), total: kept.length };
}

function expectSameAnswers(snapshot: ListSnapshot, rows: readonly CompactRow[], queries: readonly DiamondListQuery[]) {
  let nonEmpty = 0;
  for (const query of queries) {
    const expected = bruteForce(rows, query);
    const answer = queryListSnapshot(snapshot, query);
    // Compared as text first: a thousand deep comparisons cost seconds; the diff is shown when they differ.
    if (JSON.stringify(answer) !== JSON.stringify(expected)) expect({ query, ...answer }).toEqual({ query, ...expected });
    if (expected.ids.length > 0) nonEmpty += 1;
  }
  // The combinations are not all empty: the comparison says something.
  expect(nonEmpty).toBeGreaterThan(queries.length / 4);
}

const parse = (raw: Record<string, string>) => diamondListQuery.schema.parse(raw) as DiamondListQuery;

/** Each filter alone, each sort and order, pages from the first to past the last. */
function eachFilterSortAndPage(rows: readonly CompactRow[]): DiamondListQuery[] {
  const filters: Record<string, string>[] = [
    {},
    { type: 'gemstone' },
    { type: 'diamond' },
    { diamondType: 'lab' },
    { diamondType: 'earth' },
    { shape: `${SHAPES[0]},${SHAPES[2]}` },
    { color: 'D,G' },
    { clarity: CLARITIES.slice(0, 3).join(',') },
    { cut: 'ID' },
    { priceFrom: '1000', priceTo: '5000' },
    { priceTo: '2500' },
    { caratFrom: '1.000' },
    { caratFrom: '0.500', caratTo: '0.900' },
    { state: 'available' },
    { state: 'sold,unavailable' },
    { pricing: 'priced' },
    { pricing: 'unpriced' },
    { sku: rows[7]!.k.slice(2, 5) },
    { certificate: '12' },
  ];
  const queries: DiamondListQuery[] = [];
  for (const filter of filters)
    for (const sort of [undefined, 'createdAt', 'price', 'carat'])
      for (const order of [undefined, 'asc', 'desc'])
        for (const [page, pageSize] of [['1', '20'], ['40', '100'], ['61', '100'], ['500', '100']] as const)
          queries.push(parse({ ...filter, ...(sort && { sort }), ...(order && { order }), page, pageSize }));
  return queries;
}

describe('the list snapshot on plain arrays', () => {
  // Over 4096 stones: a query with many matches walks the sort's order, one with few sorts their ranks.
  const random = seededRandom(20_231);
  const rows = randomRows(random, 6000);

  it('answers each filter, sort, order and page as a brute-force filter and sort does', async () => {
    const snapshot = await buildListSnapshot(HEAD, rows);
    expect(snapshot.size).toBe(rows.length);
    expectSameAnswers(snapshot, rows, eachFilterSortAndPage(rows));
  });

  it('answers random combinations of every filter as a brute-force filter and sort does', async () => {
    const snapshot = await buildListSnapshot(HEAD, rows);
    const queries = Array.from({ length: 600 }, () => randomQuery(random, rows));
    expectSameAnswers(snapshot, rows, queries);
    // Asked again (the cached matches of the same combinations): the same answers.
    expectSameAnswers(snapshot, rows, queries.slice(0, 100));
  });

  it('an empty snapshot answers nothing', async () => {
    const snapshot = await buildListSnapshot(HEAD, []);
    expect(queryListSnapshot(snapshot, parse({ sort: 'price' }))).toEqual({ ids: [], total: 0 });
  });
});

describe('a snapshot with changes applied answers as one built afresh', () => {
  const random = seededRandom(777);
  const base = randomRows(random, 5000);
  const queries = [...Array.from({ length: 300 }, () => randomQuery(random, base)), ...eachFilterSortAndPage(base).filter((_, k) => k % 7 === 0)];

  /** Applies `changes` to a snapshot of `before` and compares it with a build of `after`: same answers, same packed texts, consistent filter sets. */
  async function expectAppliedAsBuilt(before: readonly CompactRow[], after: readonly CompactRow[], changes: Omit<ListChanges, 'version' | 'pgSnapshot' | 'readAt'>) {
    const previous = await buildListSnapshot(HEAD, before);
    // A query before the changes fills the match cache, which must not answer for the new version.
    queryListSnapshot(previous, queries[0]!);
    const next = applyListChanges(previous, { ...changes, version: 2, pgSnapshot: '2:2:', readAt: 1 });
    expect(next).not.toBeNull();
    const built = await buildListSnapshot({ ...HEAD, version: 2 }, after);
    expect(next!.version).toBe(2);
    expect(next!.size).toBe(built.size);
    expect([...next!.ids]).toEqual([...built.ids]);
    expect(filterBitsMismatches(next!)).toEqual([]);
    for (const field of ['sku', 'certificate'] as const) {
      expect(next!.texts[field].bytes.equals(built.texts[field].bytes), field).toBe(true);
      expect([...next!.texts[field].starts], field).toEqual([...built.texts[field].starts]);
    }
    for (const field of ['createdAt', 'price', 'carat'] as const) expect([...next!.sorts[field].order], field).toEqual([...built.sorts[field].order]);
    for (const query of queries) {
      const answer = queryListSnapshot(next!, query);
      const expected = queryListSnapshot(built, query);
      if (JSON.stringify(answer) !== JSON.stringify(expected)) expect({ query, ...answer }).toEqual({ query, ...expected });
    }
    expectSameAnswers(next!, after, queries);
    return next!;
  }

  /** `rows` with some of them replaced by `change` (every `step`-th from `from`): the rows after, and the changed ones. */
  function changeSome(rows: readonly CompactRow[], from: number, step: number, change: (row: CompactRow) => CompactRow) {
    const changed: CompactRow[] = [];
    const after = rows.map((row, k) => {
      if (k < from || (k - from) % step !== 0) return row;
      const next = change(row);
      changed.push(next);
      return next;
    });
    return { after, changed };
  }

  it('added stones (new ids between, before and after the others)', async () => {
    const taken = new Set(base.map((row) => row.i));
    const ids = [1, ...base.filter((_, k) => k % 97 === 0).map((row) => row.i + 1), base.at(-1)!.i + 5].filter((id) => !taken.has(id));
    const fresh = ids.map((id) => randomRow(random, id));
    const after = [...base, ...fresh].sort((a, b) => a.i - b.i);
    expect(fresh.length).toBeGreaterThan(20);
    await expectAppliedAsBuilt(base, after, { rows: fresh, prices: null });
  });

  it('changed stones (every column: colour, shape, price, carat, SKU, certificate, dates)', async () => {
    const { after, changed } = changeSome(base, 3, 41, (row) => ({ ...randomRow(random, row.i) }));
    await expectAppliedAsBuilt(base, after, { rows: changed, prices: null });
  });

  it('sold and swept stones (only their flags)', async () => {
    const sold = changeSome(base, 1, 23, (row) => ({ ...row, f: row.f | SOLD }));
    const swept = changeSome(sold.after, 2, 31, (row) => ({ ...row, f: row.f | UNAVAILABLE }));
    const back = changeSome(swept.after, 5, 53, (row) => ({ ...row, f: row.f & ~(SOLD | UNAVAILABLE) }));
    const changed = new Map([...sold.changed, ...swept.changed, ...back.changed].map((row) => [row.i, row]));
    await expectAppliedAsBuilt(base, back.after, { rows: [...changed.values()].map((row) => back.after.find((other) => other.i === row.i)!), prices: null });
  });

  it('a sale applied in place answers as a build with the stone sold', async () => {
    const snapshot = await buildListSnapshot(HEAD, base);
    const stone = base.find((row) => (row.f & SOLD) === 0)!;
    expect(applySoldInPlace(snapshot, stone.i, true, 2)).toBe(true);
    expect(applySoldInPlace(snapshot, 999_999_999, true, 3)).toBe(false);
    expect(snapshot.version).toBe(2);
    expect(filterBitsMismatches(snapshot)).toEqual([]);
    expectSameAnswers(snapshot, base.map((row) => (row.i === stone.i ? { ...row, f: row.f | SOLD } : row)), queries);
  });

  it('repriced stones, read one by one', async () => {
    const { after, changed } = changeSome(base, 0, 13, (row) => ({ ...row, p: random() < 0.2 ? null : String(Math.floor(random() * 400) * 25) }));
    await expectAppliedAsBuilt(base, after, { rows: changed, prices: null });
  });

  it('a repricing of the feed (every price read at once), with stones added and changed in the same refresh', async () => {
    const newPrice = () => (random() < 0.2 ? null : String(Math.floor(random() * 400) * 25));
    const { after: changedAfter, changed } = changeSome(base, 4, 59, (row) => randomRow(random, row.i));
    const added = [randomRow(random, base.at(-1)!.i + 7), randomRow(random, base.at(-1)!.i + 9)];
    const withAdded = [...changedAfter, ...added];
    const after = withAdded.map((row) => ({ ...row, p: newPrice() }));
    const changedIds = new Set([...changed, ...added].map((row) => row.i));
    await expectAppliedAsBuilt(base, after, {
      rows: after.filter((row) => changedIds.has(row.i)),
      prices: { ids: Int32Array.from(after, (row) => row.i), prices: Float64Array.from(after, (row) => (row.p === null ? Number.NaN : Number(row.p))) },
    });
  });

  it('a repricing of the feed without new stones, and refreshes one after another', async () => {
    const after = base.map((row) => (random() < 0.1 ? row : { ...row, p: String(Math.floor(random() * 400) * 25) }));
    let snapshot = await expectAppliedAsBuilt(base, after, {
      rows: [],
      prices: { ids: Int32Array.from(after, (row) => row.i), prices: Float64Array.from(after, (row) => (row.p === null ? Number.NaN : Number(row.p))) },
    });
    let rows = after;
    for (let round = 0; round < 4; round += 1) {
      const { after: next, changed } = changeSome(rows, round, 17 + round, (row) => randomRow(random, row.i));
      const added = randomRow(random, rows.at(-1)!.i + 1);
      rows = [...next, added];
      const applied = applyListChanges(snapshot, { version: 3 + round, pgSnapshot: '3:3:', readAt: 2, rows: [...changed, added], prices: null });
      expect(applied).not.toBeNull();
      snapshot = applied!;
      expect(filterBitsMismatches(snapshot)).toEqual([]);
      expectSameAnswers(snapshot, rows, queries.slice(0, 150));
    }
  });

  it('a repricing that does not cover the stones the slots hold is refused (the index rebuilds)', async () => {
    const snapshot = await buildListSnapshot(HEAD, base);
    const ids = Int32Array.from(base.slice(1), (row) => row.i);
    expect(applyListChanges(snapshot, { version: 2, pgSnapshot: '2:2:', readAt: 1, rows: [], prices: { ids, prices: new Float64Array(ids.length) } })).toBeNull();
  });
});
