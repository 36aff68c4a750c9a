import type { FeedStone, FeedStoneKind } from './feed-stone.ts';

/** A certificate as Nivoda sends it: any field may be missing or null, numbers sometimes as strings. */
export interface NivodaCertificate {
  lab?: string | null;
  shape?: string | null;
  certNumber?: string | null;
  carats?: number | string | null;
  color?: string | null;
  clarity?: string | null;
  cut?: string | null;
  polish?: string | null;
  symmetry?: string | null;
  floInt?: string | null;
  floCol?: string | null;
  length?: number | string | null;
  width?: number | string | null;
  depth?: number | string | null;
  depthPercentage?: number | string | null;
  table?: number | string | null;
  girdle?: string | null;
  labgrown?: boolean | null;
  gemType?: string | null;
}

/** The stone of an offer: `diamond` in diamonds_by_query, `gemstone` in gemstones_by_query. */
interface NivodaStone {
  id?: string | null;
  image?: string | null;
  video?: string | null;
  availability?: string | null;
  supplierStockId?: string | null;
  supplier?: { name?: string | null } | null;
  certificate?: NivodaCertificate | null;
}

/** One offer of a search page. */
export interface NivodaItem {
  id?: string | null;
  /** US cents (Nivoda's integrations divide by 100). */
  price?: number | string | null;
  discount?: number | null;
  diamond?: NivodaStone | null;
  gemstone?: NivodaStone | null;
}

export type MappedItem = { stone: FeedStone; skipped?: undefined } | { stone?: undefined; skipped: string };

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function number(value: unknown): number | null {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

/** A measurement: zero or negative means the supplier left it out. */
function measure(value: unknown): number | null {
  const parsed = number(value);
  return parsed !== null && parsed > 0 ? Math.round(parsed * 100) / 100 : null;
}

/** Whole cents -> an exact decimal string in units ('412000' -> '4120.00'), with no float arithmetic. */
export function centsToDecimal(value: unknown): string | null {
  let digits: string;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) return null;
    digits = String(value);
  } else if (typeof value === 'string' && /^\d+$/.test(value.trim())) {
    digits = value.trim().replace(/^0+(?=\d)/, '');
  } else {
    return null;
  }
  const padded = digits.padStart(3, '0');
  return `${padded.slice(0, -2)}.${padded.slice(-2)}`;
}

/**
 * One Nivoda offer as a FeedStone, or why it cannot be one (no id, no price, no carat weight). The
 * read's kind says natural, lab or gemstone; a diamond's own certificate `labgrown`, when sent, wins
 * (a certificate search does not say which kind it looked in).
 */
export function mapNivodaItem(item: NivodaItem, kind: FeedStoneKind | 'diamond'): MappedItem {
  const isGemstone = kind === 'gemstone';
  const stone = (isGemstone ? item.gemstone : item.diamond) ?? null;
  const sourceId = text(item.id);
  if (!sourceId) return { skipped: 'an offer without an id' };
  if (!stone) return { skipped: `offer ${sourceId} has no ${isGemstone ? 'gemstone' : 'diamond'}` };
  const certificate = stone.certificate ?? {};
  const supplierPrice = centsToDecimal(item.price);
  if (supplierPrice === null || supplierPrice === '0.00') return { skipped: `offer ${sourceId} has no price` };
  const carats = number(certificate.carats);
  if (carats === null || carats <= 0) return { skipped: `offer ${sourceId} has no carat weight` };
  const floInt = text(certificate.floInt);
  return {
    stone: {
      sourceId,
      stockId: text(stone.supplierStockId) ?? text(stone.id) ?? sourceId,
      certificateNumber: text(certificate.certNumber),
      lab: text(certificate.lab)?.toUpperCase() ?? null,
      shape: text(certificate.shape)?.toUpperCase() ?? 'UNKNOWN',
      carat: Math.round(carats * 1000) / 1000,
      color: text(certificate.color),
      clarity: text(certificate.clarity),
      cut: text(certificate.cut),
      polish: text(certificate.polish),
      symmetry: text(certificate.symmetry),
      fluorescence: floInt,
      // A colour without an intensity says nothing.
      fluorescenceColor: floInt ? text(certificate.floCol) : null,
      lengthMm: measure(certificate.length),
      widthMm: measure(certificate.width),
      depthMm: measure(certificate.depth),
      depthPercent: measure(certificate.depthPercentage),
      tablePercent: measure(certificate.table),
      girdle: text(certificate.girdle),
      imageUrl: text(stone.image),
      videoUrl: text(stone.video),
      availability: text(stone.availability)?.toUpperCase() ?? 'UNKNOWN',
      isLabGrown: !isGemstone && (typeof certificate.labgrown === 'boolean' ? certificate.labgrown : kind === 'lab'),
      isGemstone,
      gemType: isGemstone ? text(certificate.gemType) : null,
      vendor: text(stone.supplier?.name),
      supplierPrice,
      supplierCurrency: 'USD',
    },
  };
}
