import { hash } from 'node:crypto';
import { DIAMOND_CUTS } from '@facet/contract/modules/diamonds/diamond.schema';
import { copyField } from '../../../db/copy-field.ts';
import type { FeedStone } from '../../../integrations/nivoda/feed-stone.ts';
import { SeenIds } from './seen-ids.ts';

/**
 * A feed's stones as rows of the staging table (`diamond_feed_staging`, COPY's text format): each
 * stone checked and put in the shop's words (grades, name, decimals), digested, and written as one
 * line. Kept apart from the database code so a feed read can do all of it in a worker thread
 * (`feed-read.worker.ts`), off the server's event loop.
 */

/** The feed's columns, as the stage and `diamonds` both name them (the order the digest reads them in). */
export const STONE_COLUMNS = [
  'stock_id',
  'certificate',
  'lab',
  'shape_raw',
  'name',
  'carat',
  'color',
  'clarity',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'fluorescence_color',
  'length_mm',
  'width_mm',
  'depth_mm',
  'depth_percent',
  'table_percent',
  'girdle',
  'image',
  'video',
  'availability',
  'is_lab',
  'is_gemstone',
  'gem_type',
  'vendor',
  'supplier_price',
  'supplier_currency',
] as const;
type StoneColumn = (typeof STONE_COLUMNS)[number];
/** The columns every staged stone has a value for (not null in `diamonds`). */
type RequiredColumn = 'stock_id' | 'shape_raw' | 'name' | 'carat' | 'availability' | 'supplier_price' | 'supplier_currency';
/** A stone's columns as staged and stored: text (numbers as their decimal text), null where allowed, and the two flags. */
type StoneColumns = Record<Exclude<StoneColumn, RequiredColumn | 'is_lab' | 'is_gemstone'>, string | null> & Record<RequiredColumn, string> & { is_lab: boolean; is_gemstone: boolean };

const TEXT_MAX = 500;
const URL_MAX = 2000;
const text = (value: string | null | undefined, max = TEXT_MAX): string | null => {
  // NUL can be in no PostgreSQL text: dropped, so one stone that carries it does not fail the read.
  const trimmed = (value?.includes('\0') ? value.replaceAll('\0', '') : value)?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};
const upper = (value: string | null | undefined) => text(value)?.toUpperCase() ?? null;
const PLAIN_DECIMAL = /^\d{1,12}(\.\d+)?$/;
/** A number the column can hold (below `limit`, not negative), as a decimal string; otherwise undefined (the stone is refused). */
function decimalOf(value: number | string | null | undefined, limit: number): string | null | undefined {
  if (value === null || value === undefined) return null;
  // A number from 0.000001 up to the limit (at most 1e12) prints as plain digits: no pattern test
  // (seven values a stone, a million stones). Smaller or negative ones fall through to the test,
  // which refuses the exponent form and the sign.
  if (typeof value === 'number') return value >= 1e-6 && value < limit ? String(value) : value === 0 ? '0' : undefined;
  const textValue = value.trim();
  if (!PLAIN_DECIMAL.test(textValue) || Number(textValue) >= limit) return undefined;
  return textValue;
}

const CUT_WORDS: Record<string, keyof typeof DIAMOND_CUTS> = {
  ID: 'ID',
  IDEAL: 'ID',
  EX: 'EX',
  EXCELLENT: 'EX',
  VG: 'VG',
  'VERY GOOD': 'VG',
  G: 'G',
  GD: 'G',
  GOOD: 'G',
  F: 'F',
  FR: 'F',
  FAIR: 'F',
  P: 'P',
  PR: 'P',
  POOR: 'P',
};
/** Cut, polish and symmetry in the list's codes (EX, VG...); a word the shop does not know is kept as sent. */
const gradeOf = (value: string | null) => {
  const word = upper(value);
  return word === null ? null : (CUT_WORDS[word] ?? word);
};
/** Shape words in title case, remembered: a feed has a few dozen ('ROUND' → 'Round'), a million stones. */
const titleCases = new Map<string, string>();
function titleCase(words: string): string {
  let title = titleCases.get(words);
  if (title === undefined) {
    title = words.trim().toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
    // Bounded: a feed sending a new word with every stone only stops being remembered.
    if (titleCases.size < 1000) titleCases.set(words, title);
  }
  return title;
}

/** '1.01 ct Round H VS1 Excellent Lab Grown Diamond', '2.10 ct Oval Sapphire'; the words given as the columns hold them. */
function nameOf(stone: FeedStone, carat: string, color: string | null, clarity: string | null, cut: string | null): string {
  let name = `${Number(carat).toFixed(2)} ct`;
  const shape = titleCase(stone.shape);
  if (shape) name += ` ${shape}`;
  if (stone.isGemstone) {
    const gemColor = text(stone.color);
    if (gemColor) name += ` ${gemColor}`;
    return `${name} ${text(stone.gemType) ?? 'Gemstone'}`;
  }
  const cutLabel = cut && cut in DIAMOND_CUTS ? DIAMOND_CUTS[cut as keyof typeof DIAMOND_CUTS] : cut;
  if (color) name += ` ${color}`;
  if (clarity) name += ` ${clarity}`;
  if (cutLabel) name += ` ${cutLabel}`;
  return `${name} ${stone.isLabGrown ? 'Lab Grown Diamond' : 'Natural Diamond'}`;
}

/** A stone as it is staged: its id, the digest of its columns, and those columns as COPY fields. */
interface StagedStone {
  sourceId: string;
  /** `diamonds.feed_hash`: the merge's test of a changed stone. */
  feedHash: string;
  /** The STONE_COLUMNS as tab-separated COPY fields (`copyField`). */
  fields: string;
}

/** A feed stone as the columns hold it, or null when a value fits no column (the stone is refused, the read goes on). */
function prepareStone(stone: FeedStone): StagedStone | null {
  const sourceId = text(stone.sourceId, 200);
  const shape = upper(stone.shape);
  const carat = decimalOf(stone.carat, 1000);
  const supplierPrice = decimalOf(stone.supplierPrice, 1e12);
  const lengthMm = decimalOf(stone.lengthMm, 100_000);
  const widthMm = decimalOf(stone.widthMm, 100_000);
  const depthMm = decimalOf(stone.depthMm, 100_000);
  const depthPercent = decimalOf(stone.depthPercent, 1000);
  const tablePercent = decimalOf(stone.tablePercent, 1000);
  const currency = upper(stone.supplierCurrency);
  if (!sourceId || !shape || !carat || Number(carat) <= 0 || !supplierPrice || !currency) return null;
  if (lengthMm === undefined || widthMm === undefined || depthMm === undefined || depthPercent === undefined || tablePercent === undefined) return null;
  const cut = stone.isGemstone ? upper(stone.cut) : gradeOf(stone.cut);
  const color = upper(stone.color);
  const clarity = upper(stone.clarity);
  const columns: StoneColumns = {
    stock_id: text(stone.stockId, 200) ?? sourceId,
    certificate: text(stone.certificateNumber, 100),
    lab: upper(stone.lab),
    shape_raw: shape,
    name: nameOf(stone, carat, color, clarity, cut),
    carat,
    color,
    clarity: clarity?.replace(/\s+/g, '') ?? null,
    cut,
    polish: gradeOf(stone.polish),
    symmetry: gradeOf(stone.symmetry),
    fluorescence: upper(stone.fluorescence),
    fluorescence_color: upper(stone.fluorescenceColor),
    length_mm: lengthMm,
    width_mm: widthMm,
    depth_mm: depthMm,
    depth_percent: depthPercent,
    table_percent: tablePercent,
    girdle: text(stone.girdle),
    image: text(stone.imageUrl, URL_MAX),
    video: text(stone.videoUrl, URL_MAX),
    availability: upper(stone.availability) ?? 'AVAILABLE',
    is_lab: stone.isLabGrown,
    is_gemstone: stone.isGemstone,
    gem_type: text(stone.gemType),
    vendor: text(stone.vendor),
    supplier_price: supplierPrice,
    supplier_currency: currency.slice(0, 3),
  };
  let fields = copyField(columns[STONE_COLUMNS[0]]);
  for (let i = 1; i < STONE_COLUMNS.length; i += 1) fields += `\t${copyField(columns[STONE_COLUMNS[i]!])}`;
  // The digest of the fields as staged, made here in the process that reads the feed rather than in
  // SQL (the row's text there cost the merge 14 s per 600,000 stones). COPY's escaping is one-to-one,
  // so two stones digest alike only when every column is alike; the stored digest is always one made
  // here, so the two never differ in how. (Until 2026-11-26 it digested the values' JSON: the first
  // sync after that change rewrites each stone it reads once, with HOT updates.)
  return { sourceId, feedHash: hash('md5', fields, 'hex'), fields };
}

/** The staging table's columns, in the order of each line. */
export const STAGED_COLUMNS = ['stage_key', 'seq', 'source_id', 'feed_hash', ...STONE_COLUMNS];

/** One batch of a read as staging rows: `count` lines (`rows`, text or its UTF-8), the stones refused as malformed, and those the table holds unchanged (not staged). */
export interface StagedBatch {
  rows: string | Uint8Array;
  count: number;
  rejected: number;
  unchanged: number;
}

/**
 * The stones of one kind the table holds on offer with the feed columns and shop shape a read would
 * give them again (`readKnownStones`): a full read stages only the stones that are not among them, so
 * a nightly sync with nothing changed writes nothing. Each is a fingerprint, the first 8 bytes of
 * md5(source id ':' feed hash) as two 32-bit halves, sorted by (high, low), with its stone's id:
 * 12 bytes a stone, where the ids and digests as strings would hold ~100 MB at a million.
 */
interface KnownStones {
  high: Uint32Array;
  low: Uint32Array;
  ids: Int32Array;
}

/**
 * The known stones as the database answers them (`readKnownStones`): 24 hex digits a stone, its
 * fingerprint's 16 then its id's 8, in fingerprint order. Parsed where the read runs (its thread), not
 * on the event loop that hands it over: 1M stones' parse held that for 0.3 s at each full sync's start.
 */
export type PackedKnownStones = string;

const PACKED_STONE_DIGITS = 24;

function parseKnownStones(packed: PackedKnownStones): KnownStones {
  const size = packed.length / PACKED_STONE_DIGITS;
  const known: KnownStones = { high: new Uint32Array(size), low: new Uint32Array(size), ids: new Int32Array(size) };
  for (let k = 0, at = 0; k < size; k += 1, at += PACKED_STONE_DIGITS) {
    known.high[k] = Number.parseInt(packed.slice(at, at + 8), 16);
    known.low[k] = Number.parseInt(packed.slice(at + 8, at + 16), 16);
    known.ids[k] = Number.parseInt(packed.slice(at + 16, at + 24), 16);
  }
  return known;
}

/** A staged stone's fingerprint, as `readKnownStones` makes it in SQL from `diamonds`. */
export function stoneFingerprint(sourceId: string, feedHash: string): [number, number] {
  const digest = hash('md5', `${sourceId}:${feedHash}`, 'hex');
  return [Number.parseInt(digest.slice(0, 8), 16), Number.parseInt(digest.slice(8, 16), 16)];
}

/** The place of a fingerprint among the known stones, or -1. */
function findKnown(known: KnownStones, high: number, low: number): number {
  let first = 0;
  let last = known.ids.length - 1;
  while (first <= last) {
    const middle = (first + last) >>> 1;
    const h = known.high[middle]!;
    const l = known.low[middle]!;
    if (h === high && l === low) return middle;
    if (h < high || (h === high && l < low)) first = middle + 1;
    else last = middle - 1;
  }
  return -1;
}

/** What a read found beside its staged rows, once its batches are done. */
export interface ReadOutcome {
  /** Whether an id came twice (then the merge keeps only its last staging). */
  repeatedIds: boolean;
  /** Known stones the read sent unchanged (not staged). */
  unchanged: number;
  /** The ids of the known stones it did not send unchanged: gone from the feed, or changed (and staged). A full read's sweep looks at these. */
  missedIds: Int32Array;
}

/** A read's stones as staging rows, batch by batch, under the read's stage key, leaving out the `known` stones it sends unchanged. */
export interface StagedRead {
  batches(stageKey: string, known?: PackedKnownStones | null): AsyncIterable<StagedBatch>;
  /** Once the batches are done. */
  outcome(): ReadOutcome;
}

/** A feed read's batches turned into staging rows in this thread. */
export function stagedRead(stones: AsyncIterable<FeedStone[]>): StagedRead {
  const seen = new SeenIds();
  let unchanged = 0;
  let isKnown: Uint8Array | null = null;
  let knownStones: KnownStones | null = null;
  return {
    async *batches(stageKey, packedKnown = null) {
      const known = packedKnown === null ? null : parseKnownStones(packedKnown);
      knownStones = known;
      isKnown = known && new Uint8Array(known.ids.length);
      let seq = 0;
      for await (const batch of stones) {
        let rows = '';
        let count = 0;
        let rejected = 0;
        let same = 0;
        for (const stone of batch) {
          const staged = prepareStone(stone);
          if (!staged) {
            rejected += 1;
            continue;
          }
          const isFirst = seen.add(staged.sourceId);
          if (known) {
            const place = findKnown(known, ...stoneFingerprint(staged.sourceId, staged.feedHash));
            if (place >= 0) isKnown![place] = 1;
            // Sent again after a staging of it, it is staged again: the merge keeps a stone's last staging.
            if (place >= 0 && isFirst) {
              same += 1;
              continue;
            }
          }
          rows += `${stageKey}\t${seq + count}\t${copyField(staged.sourceId)}\t${staged.feedHash}\t${staged.fields}\n`;
          count += 1;
        }
        seq += count;
        unchanged += same;
        yield { rows, count, rejected, unchanged: same };
      }
    },
    outcome() {
      const missed: number[] = [];
      if (knownStones && isKnown) for (let place = 0; place < isKnown.length; place += 1) if (isKnown[place] === 0) missed.push(knownStones.ids[place]!);
      return { repeatedIds: seen.repeated, unchanged, missedIds: Int32Array.from(missed) };
    },
  };
}
