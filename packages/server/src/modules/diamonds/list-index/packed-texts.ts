import type { SlotBits } from './slot-bits.ts';
import { setBit } from './slot-bits.ts';

/**
 * One short text per slot (the stones' lowercased SKUs, or certificates), packed for the diamonds
 * list's read-side index (list-snapshot.ts): the slots' UTF-8 bytes one after another, each
 * followed by a 0 byte (PostgreSQL text never holds one), and each slot's first byte. A million
 * SKUs take about 17 MB here, where a JS string per stone would cost about 30 MB of heap and a
 * collector that walks them.
 */
export interface PackedTexts {
  bytes: Buffer;
  /** starts[slot] = the offset of the slot's first byte; starts[size] = bytes.length. */
  starts: Uint32Array;
  /**
   * Per block of 64 slots, the byte trigrams its texts hold, hashed into 2048 bits (64 words): a
   * search reads only the blocks that hold every trigram of its term (`textMatchesInto`).
   */
  signatures: Int32Array;
}

const SEPARATOR = 0;
const BLOCK_SHIFT = 6;
const SIGNATURE_WORDS = 64;
/** A trigram's bit in its block's signature: the top 11 bits of a multiplicative hash. */
const trigramBit = (trigram: number) => Math.imul(trigram, 0x9e3779b1) >>> 21;

/** Each block's signature: one pass over the bytes, the trigrams within each slot's text (none spans a separator). */
function signaturesOf(bytes: Buffer, starts: Uint32Array, size: number): Int32Array {
  const blocks = (size + (1 << BLOCK_SHIFT) - 1) >> BLOCK_SHIFT;
  const signatures = new Int32Array(blocks * SIGNATURE_WORDS);
  for (let block = 0; block < blocks; block += 1) {
    const end = starts[Math.min(size, (block + 1) << BLOCK_SHIFT)]!;
    const base = block * SIGNATURE_WORDS;
    let run = 0;
    let trigram = 0;
    for (let at = starts[block << BLOCK_SHIFT]!; at < end; at += 1) {
      const byte = bytes[at]!;
      if (byte === SEPARATOR) {
        run = 0;
        continue;
      }
      trigram = ((trigram << 8) | byte) & 0xffffff;
      run += 1;
      if (run >= 3) {
        const bit = trigramBit(trigram);
        signatures[base + (bit >>> 5)]! |= 1 << (bit & 31);
      }
    }
  }
  return signatures;
}

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
        // ASCII byte by byte (a few times quicker than a write call per text); otherwise the encoder.
        let isAscii = true;
        for (let c = 0; c < text.length; c += 1) {
          const code = text.charCodeAt(c);
          if (code >= 0x80) {
            isAscii = false;
            break;
          }
          bytes[length + c] = code;
        }
        length += isAscii ? text.length : bytes.write(text, length, 'utf8');
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
      const packed = Buffer.from(bytes.subarray(0, length));
      const slotStarts = count === slots ? starts : starts.slice(0, count + 1);
      return { bytes: packed, starts: slotStarts, signatures: signaturesOf(packed, slotStarts, count) };
    },
  };
}

export const packedText = (texts: PackedTexts, slot: number) => texts.bytes.toString('utf8', texts.starts[slot], texts.starts[slot + 1]! - 1);

/** The slot holding byte `at`: the last slot whose start is at or before it, in [low, high]. */
function slotAtByte(starts: Uint32Array, at: number, low: number, high: number): number {
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Sets the slots in [first, end) whose text holds `needle`, slot by slot, byte by byte: for a term
 * found in many slots, where a native indexOf call per hit costs more than reading the bytes.
 */
function scanSlots(bits: SlotBits, texts: PackedTexts, first: number, end: number, needle: Buffer) {
  const { bytes, starts } = texts;
  const head = needle[0]!;
  const length = needle.length;
  for (let slot = first; slot < end; slot += 1) {
    // The last place the needle can start: its end at the text's end (the separator excluded).
    const last = starts[slot + 1]! - 1 - length;
    for (let at = starts[slot]!; at <= last; at += 1) {
      if (bytes[at] !== head) continue;
      let k = 1;
      while (k < length && bytes[at + k] === needle[k]) k += 1;
      if (k === length) {
        setBit(bits, slot);
        break;
      }
    }
  }
}

/** Hits after which a search that finds its term in more than one slot in 8 goes on byte by byte. */
const DENSE_AFTER_HITS = 256;

/**
 * Sets the slots in [first, end) whose text holds `needle`: Buffer.indexOf over their bytes, each
 * hit mapped to its slot by binary search, the search going on from the next slot's start (so each
 * slot is found once); once hits are dense, the rest byte by byte (`scanSlots`).
 */
function matchSlots(bits: SlotBits, texts: PackedTexts, first: number, end: number, needle: Buffer) {
  const { bytes, starts } = texts;
  const base = starts[first]!;
  const view = first === 0 && end === starts.length - 1 ? bytes : bytes.subarray(base, starts[end]);
  let from = 0;
  let slot = first;
  let hits = 0;
  for (;;) {
    const at = view.indexOf(needle, from);
    if (at < 0) return;
    slot = slotAtByte(starts, base + at, slot, end - 1);
    setBit(bits, slot);
    hits += 1;
    if (hits >= DENSE_AFTER_HITS && (slot + 1 - first) < hits * 8) {
      scanSlots(bits, texts, slot + 1, end, needle);
      return;
    }
    from = starts[slot + 1]! - base;
  }
}

/**
 * Sets in `bits` (cleared first) the slots whose text holds `needle` (lowercased UTF-8 bytes) as a
 * literal substring, what SQL's `lower(col) like '%term%'` (the term escaped) keeps. A term of three
 * bytes or more is looked for only in the runs of blocks whose signature has every one of its
 * trigrams (a text holding the term holds them all: no match is missed); a shorter one in every
 * slot. Within a run, one Buffer.indexOf over its bytes; each hit is mapped to its slot by binary
 * search, and the search goes on from the next slot's start, so each slot is found once. A needle
 * holding the separator matches nothing (it would span two slots).
 */
export function textMatchesInto(bits: SlotBits, texts: PackedTexts, size: number, needle: Buffer) {
  bits.fill(0);
  if (needle.length === 0 || needle.includes(SEPARATOR) || size === 0) return;
  if (needle.length < 3) {
    // Found in most slots of a real feed (a digit, two letters): read them all.
    scanSlots(bits, texts, 0, size, needle);
    return;
  }
  // The term's trigrams as (word, mask) of a signature.
  const masks = new Map<number, number>();
  for (let at = 0; at + 3 <= needle.length; at += 1) {
    const bit = trigramBit((needle[at]! << 16) | (needle[at + 1]! << 8) | needle[at + 2]!);
    masks.set(bit >>> 5, (masks.get(bit >>> 5) ?? 0) | (1 << (bit & 31)));
  }
  const words = Int32Array.from(masks.keys());
  const wanted = Int32Array.from(masks.values());
  const { signatures } = texts;
  const blocks = (size + (1 << BLOCK_SHIFT) - 1) >> BLOCK_SHIFT;
  let runStart = -1;
  for (let block = 0; block <= blocks; block += 1) {
    let isCandidate = block < blocks;
    if (isCandidate) {
      const base = block * SIGNATURE_WORDS;
      for (let k = 0; k < words.length; k += 1) {
        if ((signatures[base + words[k]!]! & wanted[k]!) !== wanted[k]!) {
          isCandidate = false;
          break;
        }
      }
    }
    if (isCandidate) {
      if (runStart < 0) runStart = block;
    } else if (runStart >= 0) {
      matchSlots(bits, texts, runStart << BLOCK_SHIFT, Math.min(size, block << BLOCK_SHIFT), needle);
      runStart = -1;
    }
  }
}
