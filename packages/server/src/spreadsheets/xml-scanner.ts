/**
 * A small streaming XML tokenizer for the parts of an .xlsx package: fed text in chunks of any size,
 * it reports start tags (with their raw attribute text), end tags and, only while the handler asks
 * for it, character data. Element names are given without their namespace prefix (`x:row` is `row`),
 * as writers differ in the prefixes they use. No DTD is read (a DOCTYPE is refused) and no entity
 * other than XML's five and character references exists, so nothing in a file can expand.
 *
 * Much faster than a general SAX parser (exceljs's path): an .xlsx sheet of 60,000 rows is read in
 * well under a second, since the scanner jumps between '<' and '>' with indexOf and builds strings
 * only for what the handler keeps.
 */
export interface XmlHandler {
  /** Whether character data is wanted now (inside a value or text element). */
  capturing: boolean;
  /**
   * A start tag: its local name is `s` from `nameStart` to `nameEnd`, its attributes follow up to
   * `tagEnd` (the '>' or '/>'). Offsets rather than strings: a sheet has millions of tags, and the
   * handler slices only what it keeps.
   */
  open(s: string, nameStart: number, nameEnd: number, tagEnd: number, selfClosing: boolean): void;
  close(s: string, nameStart: number, nameEnd: number): void;
  /** Raw character data (entities not yet decoded) or a CDATA section's content (`isCdata`). */
  text(raw: string, isCdata: boolean): void;
}

export class XmlFormatError extends Error {}

/** A tag (or comment, CDATA...) longer than this without its end is no spreadsheet. */
const MAX_PENDING = 4 * 1024 * 1024;
const CDATA = '<![CDATA[';
const COMMENT = '<!--';

function isNameEnd(code: number) {
  // whitespace, '/', '>'
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 47 || code === 62 || Number.isNaN(code);
}

/** Where the tag's name starting at `from` ends, and where its local name (after any prefix) starts. */
function nameBounds(s: string, from: number): [number, number] {
  let stop = from;
  let local = from;
  for (;;) {
    const code = s.charCodeAt(stop);
    if (isNameEnd(code)) break;
    if (code === 58) local = stop + 1;
    stop++;
  }
  return [local, stop];
}

/** Whether the name from `start` to `end` of `s` is `name`. */
export const nameIs = (s: string, start: number, end: number, name: string) => end - start === name.length && s.startsWith(name, start);

export class XmlScanner {
  private carry = '';

  private readonly handler: XmlHandler;
  constructor(handler: XmlHandler) {
    this.handler = handler;
  }

  feed(chunk: string) {
    const s = this.carry ? this.carry + chunk : chunk;
    const h = this.handler;
    const n = s.length;
    let pos = 0;
    while (pos < n) {
      const lt = s.indexOf('<', pos);
      if (lt < 0) {
        // Text wanted is kept until its end is seen, so no entity reference is cut in two.
        if (!h.capturing) pos = n;
        break;
      }
      if (lt > pos && h.capturing) h.text(s.slice(pos, lt), false);
      pos = lt;
      const next = s.charCodeAt(lt + 1);
      if (next === 33 /* ! */) {
        const head = s.slice(lt, lt + 9);
        // A CDATA section or comment whose opening the chunk cut: wait for the rest.
        if (head.length < 9 && (CDATA.startsWith(head) || (head.length < 4 && COMMENT.startsWith(head)))) break;
        if (head === CDATA) {
          const end = s.indexOf(']]>', lt + 9);
          if (end < 0) break;
          if (h.capturing) h.text(s.slice(lt + 9, end), true);
          pos = end + 3;
          continue;
        }
        if (head.startsWith(COMMENT)) {
          const end = s.indexOf('-->', lt + 4);
          if (end < 0) break;
          pos = end + 3;
          continue;
        }
        throw new XmlFormatError('a DOCTYPE or unknown markup declaration');
      }
      const gt = s.indexOf('>', lt + 1);
      if (gt < 0) break;
      pos = gt + 1;
      if (next === 63 /* ? */) continue;
      if (next === 47 /* / */) {
        const [start, end] = nameBounds(s, lt + 2);
        h.close(s, start, end);
        continue;
      }
      const [start, end] = nameBounds(s, lt + 1);
      const selfClosing = s.charCodeAt(gt - 1) === 47;
      h.open(s, start, end, selfClosing ? gt - 1 : gt, selfClosing);
    }
    this.carry = pos < n ? s.slice(pos) : '';
    if (this.carry.length > MAX_PENDING) throw new XmlFormatError('unterminated markup');
  }

  /** The input ended: anything left unfinished is an error. */
  end() {
    if (this.carry.trim()) throw new XmlFormatError('truncated XML');
  }
}

const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML character data with its entity and character references replaced. */
export function decodeXmlText(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(ENTITY, (_match, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name) return NAMED[name]!;
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
    return code > 0x10ffff ? '\uFFFD' : String.fromCodePoint(code);
  });
}

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/**
 * The value of attribute `name` (as written, prefix included) of the tag whose attributes are `s`
 * from `from` to `to`, decoded; undefined when absent. One pass over the tag's few characters.
 */
export function attributeOf(s: string, from: number, to: number, name: string): string | undefined {
  let i = from;
  while (i < to) {
    if (isSpace(s.charCodeAt(i))) {
      i++;
      continue;
    }
    const nameStart = i;
    while (i < to && s.charCodeAt(i) !== 61 /* = */ && !isSpace(s.charCodeAt(i))) i++;
    const nameEnd = i;
    while (i < to && s.charCodeAt(i) !== 61) i++;
    i++;
    while (i < to && isSpace(s.charCodeAt(i))) i++;
    const quote = s.charCodeAt(i);
    if (quote !== 34 && quote !== 39) return undefined;
    const valueEnd = s.indexOf(quote === 34 ? '"' : "'", i + 1);
    if (valueEnd < 0 || valueEnd >= to) return undefined;
    if (nameIs(s, nameStart, nameEnd, name)) return decodeXmlText(s.slice(i + 1, valueEnd));
    i = valueEnd + 1;
  }
  return undefined;
}
