import type { FeedReadOptions, FeedStone, FeedStoneKind, StoneFeed } from './feed-stone.ts';
import type { NivodaClient, NivodaClientConfig, NivodaPage, NivodaSearchQuery } from './nivoda-client.ts';
import { NIVODA_PAGE_LIMIT, createNivodaClient } from './nivoda-client.ts';
import type { NivodaItem } from './nivoda-mapping.ts';
import { mapNivodaItem } from './nivoda-mapping.ts';

export interface NivodaFeedConfig extends NivodaClientConfig {
  /** Requests in flight during a read (default 8). */
  concurrency?: number;
  /**
   * Pages of 50 asked in one request, as aliased root fields of one query (default 1). Against the
   * real service, where each request costs a network round trip, 4 cuts a read's requests fourfold;
   * against the local fake it costs more CPU than it saves. GUESS: Nivoda runs several aliased searches in one query.
   */
  pagesPerRequest?: number;
  /** Stones per yielded batch (default 2,000). */
  batchSize?: number;
  /** A partition is split until it holds at most this many stones, so offsets stay small (default 5,000). */
  maxPartitionSize?: number;
  /** An offer that cannot be a FeedStone (no id, price or carat weight) is left out and reported here. */
  onSkippedItem?: (reason: string) => void;
  /** A partition that cannot be split further (thousands of stones of one price and weight). */
  onWarning?: (message: string) => void;
}

/**
 * A slice of the search space: whole US dollars and thousandths of a carat, each [from, to), except
 * that a range reaching its ceiling includes it. Nivoda's range filters include both ends, so each
 * page is asked for [from, to] and the stones on the upper edge are dropped here: a stone priced
 * exactly on a boundary is read once, by the partition above it, however Nivoda rounds.
 */
interface Partition {
  priceFrom: number;
  priceTo: number;
  caratFrom: number;
  caratTo: number;
}

const PRICE_CEILING = 100_000_000;
const CARAT_CEILING = 1_000_000;
/** Where geometric cuts start: prices and weights spread over orders of magnitude. */
const GEOMETRIC_ANCHOR = 64;

/** Cuts [from, to) into about `pieces` integer ranges: geometric when it spans orders of magnitude. */
function cuts(from: number, to: number, pieces: number): [number, number][] {
  const edges: number[] = [from];
  const anchor = Math.max(from, GEOMETRIC_ANCHOR);
  if (to / Math.max(from, 1) > 16 && to > anchor) {
    const ratio = Math.pow(to / anchor, 1 / pieces);
    for (let i = 0; i < pieces; i++) edges.push(Math.round(anchor * Math.pow(ratio, i)));
  } else {
    for (let i = 1; i < pieces; i++) edges.push(Math.round(from + ((to - from) * i) / pieces));
  }
  edges.push(to);
  const unique = [...new Set(edges)].filter((edge) => edge >= from && edge <= to).sort((a, b) => a - b);
  return unique.slice(1).map((edge, i) => [unique[i]!, edge]);
}

function split(partition: Partition, count: number, maxPartitionSize: number): Partition[] {
  const pieces = Math.min(32, Math.max(2, Math.ceil((2 * count) / maxPartitionSize)));
  if (partition.priceTo - partition.priceFrom > 1) return cuts(partition.priceFrom, partition.priceTo, pieces).map(([priceFrom, priceTo]) => ({ ...partition, priceFrom, priceTo }));
  if (partition.caratTo - partition.caratFrom > 1) return cuts(partition.caratFrom, partition.caratTo, pieces).map(([caratFrom, caratTo]) => ({ ...partition, caratFrom, caratTo }));
  return [];
}

function queryFor(base: NivodaSearchQuery, partition: Partition): NivodaSearchQuery {
  const query: NivodaSearchQuery = { ...base, dollar_value: { from: partition.priceFrom, to: partition.priceTo } };
  if (partition.caratFrom > 0 || partition.caratTo < CARAT_CEILING) query.sizes = [{ from: partition.caratFrom / 1000, to: partition.caratTo / 1000 }];
  return query;
}

/** Whether an offer belongs to the partition (see Partition); what cannot be read is left to the mapping to report. */
function isInside(item: NivodaItem, partition: Partition, kind: FeedStoneKind): boolean {
  const cents = Number(item.price);
  if (Number.isFinite(cents) && (cents < partition.priceFrom * 100 || (partition.priceTo < PRICE_CEILING && cents >= partition.priceTo * 100))) return false;
  const carats = Number((kind === 'gemstone' ? item.gemstone : item.diamond)?.certificate?.carats);
  if (!Number.isFinite(carats)) return true;
  // Floor, not round: a weight Nivoda holds finer than 1/1000 ct still falls inside the range it was asked with.
  const milli = Math.floor(carats * 1000 + 1e-6);
  return milli >= partition.caratFrom && (partition.caratTo >= CARAT_CEILING || milli < partition.caratTo);
}

/** The stones a kind of read covers, and how to ask for them. */
function searcherFor(client: NivodaClient, kind: FeedStoneKind) {
  if (kind === 'gemstone') return { base: {} as NivodaSearchQuery, searchPages: client.searchGemstonePages, count: client.countGemstones };
  return { base: { labgrown: kind === 'lab' } as NivodaSearchQuery, searchPages: client.searchDiamondPages, count: client.countDiamonds };
}

interface Leaf {
  partition: Partition;
  /** Offers already read in this partition: a stone that moves while pages are read is yielded once. */
  seen: Set<string> | null;
  scheduledTo: number;
  pendingPages: number;
}

type Task = { type: 'count'; partition: Partition; isRoot: boolean } | { type: 'pages'; leaf: Leaf; offsets: number[] };

/**
 * The Nivoda feed. A full read counts the kind's stones, splits the price range (then the carat
 * range) until every partition holds at most maxPartitionSize stones, and reads the partitions'
 * pages of 50 with `concurrency` requests in flight; counting and reading overlap. An incremental
 * read does the same over the stones updated since the watermark. Stones come out in batches in no
 * particular order. When a request fails for good (NivodaError after the client's retries) the
 * read stops: requests in flight are aborted, stones read but not yet yielded are dropped, and the
 * error is thrown, so the caller decides what the stones it already has are worth.
 */
export function createNivodaFeed(config: NivodaFeedConfig, client: NivodaClient = createNivodaClient(config)): StoneFeed {
  const { concurrency = 8, pagesPerRequest = 1, batchSize = 2_000, maxPartitionSize = 5_000, onSkippedItem, onWarning } = config;

  async function* read(options: FeedReadOptions): AsyncGenerator<FeedStone[]> {
    const { kind, mode, since, signal: callerSignal, onProgress } = options;
    if (mode === 'incremental' && !since) throw new Error('An incremental read needs the watermark (since)');
    const searcher = searcherFor(client, kind);
    const base: NivodaSearchQuery = mode === 'incremental' ? { ...searcher.base, updated: { from: since!.toISOString() } } : searcher.base;
    const stop = new AbortController();
    const signal = callerSignal ? AbortSignal.any([callerSignal, stop.signal]) : stop.signal;

    const tasks: Task[] = [{ type: 'count', partition: { priceFrom: 0, priceTo: PRICE_CEILING, caratFrom: 0, caratTo: CARAT_CEILING }, isRoot: true }];
    const buffer: FeedStone[] = [];
    // Keeps a slow consumer from making the reader hold the whole feed.
    const highWater = batchSize * 2 + concurrency * pagesPerRequest * NIVODA_PAGE_LIMIT;
    let inFlight = 0;
    let failure: { error: unknown } | null = null;
    let total: number | null = null;
    let yielded = 0;
    let wake: (() => void) | null = null;

    const schedulePages = (leaf: Leaf, count: number) => {
      const offsets: number[] = [];
      for (; leaf.scheduledTo < count; leaf.scheduledTo += NIVODA_PAGE_LIMIT) offsets.push(leaf.scheduledTo);
      for (let i = 0; i < offsets.length; i += pagesPerRequest) {
        leaf.pendingPages++;
        tasks.push({ type: 'pages', leaf, offsets: offsets.slice(i, i + pagesPerRequest) });
      }
    };

    async function run(task: Task) {
      if (task.type === 'count') {
        const count = await searcher.count(queryFor(base, task.partition), signal);
        if (task.isRoot) {
          total = count;
          onProgress?.(0, total);
        }
        if (count === 0) return;
        const parts = count > maxPartitionSize ? split(task.partition, count, maxPartitionSize) : [];
        if (count > maxPartitionSize && parts.length === 0) {
          onWarning?.(`Nivoda partition $${task.partition.priceFrom}, ${task.partition.caratFrom / 1000} ct holds ${count} stones and cannot be split further; it is read with deep offsets`);
        }
        if (parts.length) for (const partition of parts) tasks.push({ type: 'count', partition, isRoot: false });
        else schedulePages({ partition: task.partition, seen: new Set(), scheduledTo: 0, pendingPages: 0 }, count);
        return;
      }
      const { leaf, offsets } = task;
      let pages: NivodaPage[];
      try {
        pages = await searcher.searchPages(queryFor(base, leaf.partition), offsets, signal);
      } finally {
        leaf.pendingPages--;
      }
      // The partition grew while it was read: read the new pages too.
      const count = Math.max(...pages.map((page) => page.total_count));
      if (count > leaf.scheduledTo) schedulePages(leaf, count);
      for (const item of pages.flatMap((page) => page.items)) {
        if (!isInside(item, leaf.partition, kind)) continue;
        if (item.id && leaf.seen) {
          if (leaf.seen.has(item.id)) continue;
          leaf.seen.add(item.id);
        }
        const mapped = mapNivodaItem(item, kind);
        if (mapped.stone) buffer.push(mapped.stone);
        else onSkippedItem?.(mapped.skipped);
      }
      if (leaf.pendingPages === 0) leaf.seen = null;
    }

    const start = (task: Task) => {
      inFlight++;
      void run(task)
        .catch((error: unknown) => {
          failure ??= { error };
          stop.abort();
        })
        .finally(() => {
          inFlight--;
          const resume = wake;
          wake = null;
          resume?.();
        });
    };

    try {
      for (;;) {
        callerSignal?.throwIfAborted();
        if (failure) throw (failure as { error: unknown }).error;
        while (inFlight < concurrency && tasks.length > 0 && buffer.length < highWater) start(tasks.pop()!);
        const isDone = inFlight === 0 && tasks.length === 0;
        if (buffer.length >= batchSize || (isDone && buffer.length > 0)) {
          const batch = buffer.splice(0, batchSize);
          yielded += batch.length;
          onProgress?.(yielded, total);
          yield batch;
          continue;
        }
        if (isDone) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    } finally {
      // The consumer stopped early, the caller aborted or a request failed: nothing keeps reading.
      stop.abort();
    }
  }

  /** Exact certificate match, ignoring case and spaces; an available offer before a held one, then the cheapest. */
  async function findByCertificate(certificateNumber: string, signal?: AbortSignal): Promise<FeedStone | null> {
    const wanted = certificateNumber.replace(/\s+/g, '').toUpperCase();
    if (!wanted) return null;
    // GUESS: whether a diamond search without `labgrown` covers both kinds is not documented, so each is asked.
    const searches: [FeedStoneKind, () => Promise<NivodaPage>][] = [
      ['natural', () => client.searchDiamonds({ labgrown: false, certificate_numbers: [wanted] }, 0, NIVODA_PAGE_LIMIT, signal)],
      ['lab', () => client.searchDiamonds({ labgrown: true, certificate_numbers: [wanted] }, 0, NIVODA_PAGE_LIMIT, signal)],
      ['gemstone', () => client.searchGemstones({ certificate_numbers: [wanted] }, 0, NIVODA_PAGE_LIMIT, signal)],
    ];
    for (const [kind, search] of searches) {
      const page = await search();
      const matches = page.items
        .map((item) => mapNivodaItem(item, kind).stone)
        .filter((stone): stone is FeedStone => stone?.certificateNumber?.replace(/\s+/g, '').toUpperCase() === wanted);
      if (matches.length === 0) continue;
      matches.sort((a, b) => Number(b.availability === 'AVAILABLE') - Number(a.availability === 'AVAILABLE') || Number(a.supplierPrice) - Number(b.supplierPrice));
      return matches[0]!;
    }
    return null;
  }

  // A worker can make the same feed only from plain options (no injected fetch, clock or callbacks).
  const plain = Object.values(config).every((value) => typeof value !== 'function');
  return { source: 'nivoda', read, findByCertificate, ...(plain && { worker: { type: 'nivoda' as const, options: config } }) };
}
