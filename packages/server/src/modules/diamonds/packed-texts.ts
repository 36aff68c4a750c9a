import type { SlotBits } from './slot-bits.ts';
import { setBit } from './slot-bits.ts';

/**
 * One short text per slot (the stones' lowercased SKUs, or certificates), packed for the diamonds
 * list's read-side index (diamond-list-index.ts): the slots' UTF-8 bytes one after another, each
 * followed by a 0 byte (PostgreSQL text never holds one), and each slot's first byte. A million
 * SKUs take about 17 MB here, where a JS string per stone would cost about 30 MB of heap and a
 * collector that walks them.
 */
export interface PackedTexts {
  bytes: Buffer;
  /** starts[slot] = the offset of the slot's first byte; starts[size] = bytes.length. */
  starts: Uint32Array;
}

const SEPARATOR = 0;

/** Appends slots' texts, copied from another packing or written from strings, in slot order. */
export function createPackedTextsBuilder(slots: number, bytesHint: number) {
  let bytes = Buffer.allocUnsafe(Math.max(64, bytesHint));
  let length = 0;
  let count = 0;
  const starts = new Uint32Array(slots + 1);
  const ensure = (more: number) => {
    if (length + more <= bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(bytes.length * 2, length + more));
    bytes.copy(grown, 0, 0, length);
    bytes = grown;
  };
  return {
    /** The next slot's text (null: none, stored empty; it matches no term, as SQL's `like` on null). */
    push(text: string | null) {
      starts[count++] = length;
      if (text) {
        // At most 3 bytes a UTF-16 unit.
        ensure(text.length * 3 + 1);
        length += bytes.write(text, length, 'utf8');
      } else ensure(1);
      bytes[length++] = SEPARATOR;
    },
    /** The texts of `from`'s slots [first, end), in one copy. */
    copy(from: PackedTexts, first: number, end: number) {
      if (end <= first) return;
      const byteFrom = from.starts[first]!;
      const byteTo = from.starts[end]!;
      ensure(byteTo - byteFrom);
      from.bytes.copy(bytes, length, byteFrom, byteTo);
      const shift = length - byteFrom;
      for (let slot = first; slot < end; slot += 1) starts[count++] = from.starts[slot]! + shift;
      length += byteTo - byteFrom;
    },
    /** The packing of the slots written, in a buffer of its exact length (the builder's slack is not kept). */
    finish(): PackedTexts {
      starts[count] = length;
      return { bytes: Buffer.from(bytes.subarray(0, length)), starts: count === slots ? starts : starts.slice(0, count + 1) };
    },
  };
}

export const packedText = (texts: PackedTexts, slot: number) => texts.bytes.toString('utf8', texts.starts[slot], texts.starts[slot + 1]! - 1);

/** The slot holding byte `at`: the last slot whose start is at or before it, from `low` on. */
function slotAtByte(starts: Uint32Array, at: number, low: number, size: number): number {
  let high = size - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Sets in `bits` (cleared first) the slots whose text holds `needle` (lowercased UTF-8 bytes) as a
 * literal substring, what SQL's `lower(col) like '%term%'` (the term escaped) keeps. One
 * Buffer.indexOf over the packing; each hit is mapped to its slot by binary search, and the search
 * goes on from the next slot's start, so each slot is found once. A needle holding the separator
 * matches nothing (it would span two slots).
 */
export function textMatchesInto(bits: SlotBits, texts: PackedTexts, size: number, needle: Buffer) {
  bits.fill(0);
  if (needle.length === 0 || needle.includes(SEPARATOR) || size === 0) return;
  const { bytes, starts } = texts;
  let from = 0;
  let slot = 0;
  for (;;) {
    const at = bytes.indexOf(needle, from);
    if (at < 0) return;
    slot = slotAtByte(starts, at, slot, size);
    setBit(bits, slot);
    from = starts[slot + 1]!;
  }
}
