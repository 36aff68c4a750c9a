import path from 'node:path/posix';
import type { XmlHandler } from './xml-scanner.ts';
import { XmlScanner, attributeOf, decodeXmlText, nameIs } from './xml-scanner.ts';
import type { ZipEntry } from './zip-reader.ts';
import { entryText, zipEntries } from './zip-reader.ts';

/**
 * The first sheet of an .xlsx package, read straight from its XML (ECMA-376 SpreadsheetML): the
 * package's relationships name the workbook, the workbook's first <sheet> and its relationship name
 * the sheet's part, and the shared strings are read before it. Cell values come out as exceljs's
 * reader gave them (its streaming reader was 10 to 20 times slower): shared and inline strings as
 * text, numbers as numbers (styles are not read, so a date stays its serial number), booleans, a
 * formula by its cached result, an error cell as nothing.
 */

/** Where rows go: a 1-based line number and the row's values by 0-based column. */
export interface RowSink {
  add(line: number, cells: readonly unknown[]): void;
}

/** Inflated XML read at most: shared strings are held (the worker's heap bounds them too), the sheet is streamed. */
const MAX_PART_BYTES = 16 * 1024 * 1024;
const MAX_SHARED_STRINGS_BYTES = 256 * 1024 * 1024;
const MAX_SHEET_BYTES = 512 * 1024 * 1024;

const RELATIONSHIP = /<(?:[\w.-]+:)?Relationship\b([^>]*)>/g;
const SHEET_ELEMENT = /<(?:[\w.-]+:)?sheet\b([^>]*)>/;
// The sheet's relationship id is r:id, whatever prefix the relationships namespace has.
const SHEET_RELATIONSHIP = /\s[\w.-]+:id\s*=\s*(?:"([^"]*)"|'([^']*)')/;

async function wholeText(bytes: Buffer, entry: ZipEntry, maxBytes = MAX_PART_BYTES): Promise<string> {
  let text = '';
  for await (const chunk of entryText(bytes, entry, maxBytes)) text += chunk;
  return text;
}

async function scan(bytes: Buffer, entry: ZipEntry, maxBytes: number, handler: XmlHandler & { done?: boolean }) {
  const scanner = new XmlScanner(handler);
  for await (const chunk of entryText(bytes, entry, maxBytes)) {
    scanner.feed(chunk);
    // The rest of the part is not read once the handler has what it needs.
    if (handler.done) return;
  }
  scanner.end();
}

interface Relationship {
  id: string;
  type: string;
  target: string;
}

function relationshipsOf(xml: string): Relationship[] {
  return [...xml.matchAll(RELATIONSHIP)].map(([, attributes = '']) => ({
    id: attributeOf(attributes, 0, attributes.length, 'Id') ?? '',
    type: attributeOf(attributes, 0, attributes.length, 'Type') ?? '',
    target: attributeOf(attributes, 0, attributes.length, 'Target') ?? '',
  }));
}

/** A relationship's target as a part name: relative to the folder of the part that names it, or absolute from the package's root. */
const resolvePart = (fromFolder: string, target: string) => (target.startsWith('/') ? target.slice(1) : path.normalize(path.join(fromFolder, target)));

/** The sheet's column letters (the letters of `A12`, `AB3`) as a 0-based index; -1 when there are none. */
function columnOf(reference: string): number {
  let column = 0;
  let i = 0;
  for (; i < reference.length; i++) {
    const code = reference.charCodeAt(i) | 0x20;
    if (code < 97 || code > 122) break;
    column = column * 26 + (code - 96);
  }
  return i === 0 ? -1 : column - 1;
}

/** The shared string table: each <si>'s text (its runs joined; phonetic guides left out). */
class SharedStringsHandler implements XmlHandler {
  readonly strings: string[] = [];
  capturing = false;
  private inPhonetic = false;
  private current = '';

  open(s: string, start: number, end: number, _tagEnd: number, selfClosing: boolean) {
    if (nameIs(s, start, end, 'si')) this.current = '';
    else if (nameIs(s, start, end, 'rPh')) this.inPhonetic = !selfClosing;
    else if (nameIs(s, start, end, 't') && !this.inPhonetic && !selfClosing) this.capturing = true;
  }

  close(s: string, start: number, end: number) {
    if (nameIs(s, start, end, 't')) this.capturing = false;
    else if (nameIs(s, start, end, 'rPh')) this.inPhonetic = false;
    else if (nameIs(s, start, end, 'si')) this.strings.push(this.current);
  }

  text(raw: string, isCdata: boolean) {
    this.current += isCdata ? raw : decodeXmlText(raw);
  }
}

/** The rows of a worksheet part, each handed to the sink when its </row> is read. */
class SheetHandler implements XmlHandler {
  capturing = false;
  done = false;
  private inSheetData = false;
  private line = 0;
  private cells: unknown[] | null = null;
  private column = -1;
  private cellColumn = -1;
  private cellType = 'n';
  private value: string | undefined;
  private inlineText: string | undefined;
  private inInline = false;
  private inPhonetic = false;
  private captured = '';

  private readonly sink: RowSink;
  private readonly sharedStrings: readonly string[];
  private readonly maxColumns: number;
  constructor(sink: RowSink, sharedStrings: readonly string[], maxColumns: number) {
    this.sink = sink;
    this.sharedStrings = sharedStrings;
    this.maxColumns = maxColumns;
  }

  open(s: string, start: number, end: number, tagEnd: number, selfClosing: boolean) {
    const length = end - start;
    const first = s.charCodeAt(start);
    if (length === 1) {
      if (first === 99 /* c */) this.openCell(s, end, tagEnd, selfClosing);
      else if (first === 118 /* v */) {
        if (this.cellColumn < 0) return;
        this.captured = '';
        if (selfClosing) this.value = '';
        else this.capturing = true;
      } else if (first === 116 /* t */ && this.inInline && !this.inPhonetic && !selfClosing) {
        this.captured = '';
        this.capturing = true;
      }
    } else if (nameIs(s, start, end, 'row')) {
      if (!this.inSheetData) return;
      const r = attributeOf(s, end, tagEnd, 'r');
      this.line = r === undefined ? this.line + 1 : Number.parseInt(r, 10);
      if (!Number.isSafeInteger(this.line) || this.line < 1) throw new Error(`bad row number ${r}`);
      this.column = -1;
      this.cells = [];
      if (selfClosing) this.endRow();
    } else if (nameIs(s, start, end, 'is')) {
      if (this.cellColumn >= 0 && !selfClosing) {
        this.inInline = true;
        this.inlineText = '';
      }
    } else if (nameIs(s, start, end, 'rPh')) this.inPhonetic = this.inInline && !selfClosing;
    else if (nameIs(s, start, end, 'sheetData')) {
      if (selfClosing) this.done = true;
      else this.inSheetData = true;
    }
  }

  private openCell(s: string, from: number, to: number, selfClosing: boolean) {
    if (!this.cells) return;
    const r = attributeOf(s, from, to, 'r');
    const column = r === undefined ? -1 : columnOf(r);
    this.column = column < 0 ? this.column + 1 : column;
    // An empty cell (<c r="B2" s="1"/>) holds nothing; only its place counts.
    if (selfClosing) return;
    this.cellColumn = this.column;
    this.cellType = attributeOf(s, from, to, 't') ?? 'n';
    this.value = undefined;
    this.inlineText = undefined;
  }

  close(s: string, start: number, end: number) {
    const length = end - start;
    const first = s.charCodeAt(start);
    if (length === 1) {
      if (first === 99 /* c */) {
        if (this.cellColumn >= 0 && this.cellColumn < this.maxColumns) this.cells![this.cellColumn] = this.cellValue();
        this.cellColumn = -1;
      } else if (first === 118 /* v */) {
        if (this.capturing) {
          this.capturing = false;
          this.value = this.captured;
        }
      } else if (first === 116 /* t */ && this.capturing) {
        this.capturing = false;
        this.inlineText += this.captured;
      }
    } else if (nameIs(s, start, end, 'row')) {
      if (this.cells) this.endRow();
    } else if (nameIs(s, start, end, 'is')) this.inInline = false;
    else if (nameIs(s, start, end, 'rPh')) this.inPhonetic = false;
    else if (nameIs(s, start, end, 'sheetData')) {
      this.inSheetData = false;
      this.done = true;
    }
  }

  text(raw: string, isCdata: boolean) {
    this.captured += isCdata ? raw : decodeXmlText(raw);
  }

  private cellValue(): unknown {
    const value = this.value;
    switch (this.cellType) {
      case 's': {
        if (value === undefined) return undefined;
        return this.sharedStrings[Number.parseInt(value, 10)];
      }
      case 'inlineStr':
        return this.inlineText ?? value;
      case 'str':
        return value;
      case 'b':
        return value === undefined || value === '' ? undefined : Number.parseInt(value, 10) !== 0;
      case 'e':
        return undefined;
      case 'd': {
        if (!value) return undefined;
        return new Date(value);
      }
      default:
        // A formula's cached result of any other type is read as a number, as exceljs did.
        return value === undefined ? undefined : Number.parseFloat(value);
    }
  }

  private endRow() {
    this.sink.add(this.line, this.cells!);
    this.cells = null;
  }
}

/** Reads the first sheet of the .xlsx in `bytes` into `sink`. Throws for a package with no worksheet. */
export async function parseXlsxPackage(bytes: Buffer, sink: RowSink, maxColumns: number, { maxSheetBytes = MAX_SHEET_BYTES } = {}): Promise<void> {
  const entries = zipEntries(bytes);
  const byName = new Map<string, ZipEntry>();
  for (const entry of entries) if (!byName.has(entry.name.toLowerCase())) byName.set(entry.name.toLowerCase(), entry);
  const part = (name: string) => byName.get(name.toLowerCase());
  const readRelationships = async (partName: string) => {
    const rels = part(path.join(path.dirname(partName), '_rels', `${path.basename(partName)}.rels`));
    return rels ? relationshipsOf(await wholeText(bytes, rels)) : [];
  };

  const packageRelationships = await readRelationships('');
  const office = packageRelationships.find((rel) => rel.type.endsWith('/officeDocument'));
  const workbookName = office ? resolvePart('', office.target) : 'xl/workbook.xml';
  const workbookFolder = path.dirname(workbookName);
  const workbookRelationships = await readRelationships(workbookName);

  let sheetName: string | undefined;
  const workbook = part(workbookName);
  if (workbook) {
    const first = SHEET_ELEMENT.exec(await wholeText(bytes, workbook));
    const match = first ? SHEET_RELATIONSHIP.exec(first[1]!) : null;
    const id = match ? decodeXmlText(match[1] ?? match[2] ?? '') : undefined;
    const target = workbookRelationships.find((rel) => rel.id === id)?.target;
    if (target) sheetName = resolvePart(workbookFolder, target);
  }
  // A package whose workbook does not say: its first worksheet part, as exceljs read it.
  const sheet = (sheetName ? part(sheetName) : undefined) ?? entries.find((entry) => /^xl\/worksheets\/sheet\d+\.xml$/i.test(entry.name));
  // A zip with no worksheet is no spreadsheet (anything zipped and named .xlsx), not a blank one:
  // a workbook always holds at least one sheet, and an empty sheet is a part with no rows.
  if (!sheet) throw new Error('the package holds no worksheet');

  const sharedTarget = workbookRelationships.find((rel) => rel.type.endsWith('/sharedStrings'))?.target;
  const sharedPart = part(sharedTarget ? resolvePart(workbookFolder, sharedTarget) : path.join(workbookFolder, 'sharedStrings.xml'));
  const shared = new SharedStringsHandler();
  if (sharedPart) await scan(bytes, sharedPart, MAX_SHARED_STRINGS_BYTES, shared);

  const rows = new SheetHandler(sink, shared.strings, maxColumns);
  await scan(bytes, sheet, maxSheetBytes, rows);
  if (!rows.done) throw new Error('the sheet ends before its </sheetData>');
}
