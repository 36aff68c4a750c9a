/**
 * A stone as a diamond feed offers it, before the shop prices it: what the Nivoda adapter yields and
 * what the diamonds module ingests. Feed-neutral on purpose, so a second supplier is a second adapter
 * that yields the same shape, not a change to the ingest.
 */
export interface FeedStone {
  /** The feed's own id for the offer (Nivoda: the item id); unique within its source. */
  sourceId: string;
  /** The supplier's stock number, shown to staff as the SKU. */
  stockId: string;
  certificateNumber: string | null;
  /** Grading lab as the feed names it: 'GIA', 'IGI', 'HRD'. */
  lab: string | null;
  /** Shape as the feed names it ('ROUND', 'OVAL', 'CUSHION MODIFIED'); the module maps it to the shop's diamond shapes. */
  shape: string;
  /** Carat weight, 3 decimals. */
  carat: number;
  color: string | null;
  clarity: string | null;
  cut: string | null;
  polish: string | null;
  symmetry: string | null;
  /** Fluorescence intensity (Nivoda floInt) and colour (floCol). */
  fluorescence: string | null;
  fluorescenceColor: string | null;
  /** Measurements in millimetres. */
  lengthMm: number | null;
  widthMm: number | null;
  depthMm: number | null;
  depthPercent: number | null;
  tablePercent: number | null;
  girdle: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  /** The feed's availability word ('AVAILABLE', 'ON HOLD', ...). */
  availability: string;
  isLabGrown: boolean;
  isGemstone: boolean;
  /** Gemstones only: the gem's kind ('Sapphire', 'Emerald'); null for diamonds. */
  gemType: string | null;
  /** Who offers the stone through the feed (the supplier's name), when the feed says. */
  vendor: string | null;
  /** The supplier's price for the stone, an exact decimal string in supplierCurrency ('4120.00'). */
  supplierPrice: string;
  /** ISO 4217; Nivoda prices in USD. */
  supplierCurrency: string;
}

/** Which stones a feed read covers. */
export type FeedStoneKind = 'natural' | 'lab' | 'gemstone';

export interface FeedReadOptions {
  kind: FeedStoneKind;
  /** 'full' reads every stone offered; 'incremental' only those updated since `since`. */
  mode: 'full' | 'incremental';
  since?: Date;
  signal?: AbortSignal;
  /** Called as pages arrive: stones read so far and the feed's total when known. */
  onProgress?: (read: number, total: number | null) => void;
}

/** What the diamonds module needs from a feed; `integrations/nivoda` is the first implementation. */
export interface StoneFeed {
  /** The source name stored with each stone ('nivoda'). */
  readonly source: string;
  /** Every stone the read covers, in batches (a few hundred to a few thousand); throws when the run must stop. */
  read(options: FeedReadOptions): AsyncIterable<FeedStone[]>;
  /** One stone by its certificate number, or null when the feed has none (Pull Diamond). */
  findByCertificate(certificateNumber: string, signal?: AbortSignal): Promise<FeedStone | null>;
  /**
   * How a worker thread makes the same feed, as plain data copied to it, so a sync reads it there,
   * off the server's event loop (`readInWorker`); absent for a feed made with functions (a test's).
   */
  readonly worker?: FeedWorkerSpec;
}

/** A feed's type and the options it is made from (plain data). */
export interface FeedWorkerSpec {
  type: 'nivoda' | 'generated';
  options: unknown;
}
