import { readFile, stat } from 'node:fs/promises';
import { restoreNeutralised } from './formula-guard.ts';
import { parseXlsxPackage } from './xlsx-parse.ts';
import type { RowSink } from './xlsx-parse.ts';
import { ZipEntryTooLargeError } from './zip-reader.ts';

/**
 * Parsing of the first sheet of an uploaded spreadsheet. Runs inside the spreadsheet worker thread
 * (sheet-reader.ts); nothing here may be called on the main thread with untrusted input.
 */

/** One data row of a sheet: its 1-based line number in the sheet (the header is line 1 when it is the first row) and its non-empty cells by normalised header. */
export interface SheetRow {
  line: number;
  values: Record<string, string>;
}

export interface Sheet {
  /** The header row's names, normalised (normaliseHeader); empty names are kept as '' so positions stay. */
  headers: string[];
  /** Data rows below the header, blank rows left out. */
  rows: SheetRow[];
}

/** What went wrong: cellTooLong's detail is the cell's reference (C12), the others' details are for logs. */
export type SheetErrorKind = 'unsupported' | 'invalid' | 'tooLarge' | 'cellTooLong' | 'tooMuchText';

/** Names by which a worker's error crosses the thread boundary (only name and message survive). */
export const SHEET_ERROR_NAMES: Record<SheetErrorKind, string> = {
  unsupported: 'SheetUnsupportedError',
  invalid: 'SheetInvalidError',
  tooLarge: 'SheetTooLargeError',
  cellTooLong: 'SheetCellTooLongError',
  tooMuchText: 'SheetTooMuchTextError',
};

/**
 * Characters a cell holds at most: Excel's own limit, so no sheet a spreadsheet program saved has more.
 * A cell over it is refused, not cut: what it holds would not be what the person sees.
 */
export const SHEET_CELL_MAX_CHARS = 32_767;

export function sheetError(kind: SheetErrorKind, detail: string): Error {
  return Object.assign(new Error(detail), { name: SHEET_ERROR_NAMES[kind] });
}

export interface SheetLimits {
  /** Bytes of the file at most. */
  maxBytes: number;
  /** Data rows at most. */
  maxRows: number;
  /** Columns at most (wider rows are cut). */
  maxColumns: number;
  /**
   * Characters of the parsed sheet (its JSON text) at most. A file's size does not bound it: one long
   * shared string referenced by every cell is stored once in the file and copied into every row.
   */
  maxTextChars: number;
}

export interface ParseSheetInput extends SheetLimits {
  /** A file on disk, or the file's bytes. */
  source: string | Uint8Array;
  /** The name the user gave the file, when known: its extension must be .xlsx or .xls. */
  fileName?: string;
}

/** Column names as the spec compares them: trimmed, lower case, every space and dash an underscore. */
export function normaliseHeader(name: string): string {
  return name.trim().toLowerCase().replace(/[\s-]/g, '_');
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, magic: number[]) {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** The format from the file's bytes (never from its name); the name's extension must still be one the spec accepts. */
export function detectFormat(head: Uint8Array, fileName?: string): 'xlsx' | 'xls' {
  const extension = fileName === undefined ? undefined : /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (fileName !== undefined && extension !== 'xlsx' && extension !== 'xls') throw sheetError('unsupported', `extension ${extension ?? '(none)'}`);
  if (startsWith(head, ZIP_MAGIC)) return 'xlsx';
  if (startsWith(head, OLE_MAGIC)) return 'xls';
  // Named as a spreadsheet but not one: a corrupt or disguised file.
  if (extension) throw sheetError('invalid', 'not a zip or OLE2 file');
  throw sheetError('unsupported', 'neither .xlsx nor .xls bytes');
}

/**
 * A cell's value as the text a person typed: numbers in plain digits, rich text joined, formulas by
 * their result; text trimmed, without the apostrophe an export put before formula-like text.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return restoreNeutralised(value.trim()).trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text?: unknown }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return cellText(v.richText.map((part) => (typeof part.text === 'string' ? part.text : '')).join(''));
    if ('result' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
  }
  return '';
}

/** A cell's reference as a spreadsheet names it: C12 for the third column of line 12. */
export function cellReference(line: number, column: number): string {
  let letters = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${letters}${line}`;
}

/**
 * Collects rows: the first non-blank row is the header; later blank rows are skipped. Each row is kept
 * as its JSON text, made as it is read: the cells are slices of the XML the scanner was fed, and a
 * row held as strings would keep that XML alive (a 60,000-row sheet held ~50 MB in this thread, for a
 * 15 MB answer). The text is also what crosses to the main thread and what the import stores.
 */
class SheetBuilder implements RowSink {
  headers: string[] | null = null;
  private readonly rows: string[] = [];
  private readonly limits: SheetLimits;
  /** Characters of the JSON text kept so far (the headers and every row). */
  private textLength = 0;
  constructor(limits: SheetLimits) {
    this.limits = limits;
  }

  private count(json: string) {
    this.textLength += json.length;
    if (this.textLength > this.limits.maxTextChars) throw sheetError('tooMuchText', `more than ${this.limits.maxTextChars} characters of text`);
  }

  add(line: number, cells: readonly unknown[]) {
    const texts: string[] = [];
    const width = Math.min(cells.length, this.limits.maxColumns);
    let isBlank = true;
    for (let i = 0; i < width; i++) {
      const text = cellText(cells[i]);
      if (text.length > SHEET_CELL_MAX_CHARS) throw sheetError('cellTooLong', cellReference(line, i));
      texts.push(text);
      if (text) isBlank = false;
    }
    if (isBlank) return;
    if (!this.headers) {
      this.headers = texts.map(normaliseHeader);
      this.count(JSON.stringify(this.headers));
      return;
    }
    if (this.rows.length >= this.limits.maxRows) throw sheetError('tooLarge', `more than ${this.limits.maxRows} rows`);
    const values: Record<string, string> = {};
    for (let i = 0; i < texts.length; i++) {
      const header = this.headers[i];
      // The first column of a name wins; unnamed columns are not data.
      if (header && texts[i] && !(header in values)) values[header] = texts[i]!;
    }
    const json = JSON.stringify({ line, values } satisfies SheetRow);
    this.count(json);
    this.rows.push(json);
  }

  /** The sheet as JSON text, `Sheet`'s shape. */
  result(): string {
    return `{"headers":${JSON.stringify(this.headers ?? [])},"rows":[${this.rows.join(',')}]}`;
  }
}

async function readHead(source: string | Uint8Array, maxBytes: number): Promise<Uint8Array> {
  if (typeof source !== 'string') {
    if (source.byteLength > maxBytes) throw sheetError('tooLarge', `more than ${maxBytes} bytes`);
    return source.subarray(0, 8);
  }
  const info = await stat(source);
  if (info.size > maxBytes) throw sheetError('tooLarge', `more than ${maxBytes} bytes`);
  const { open } = await import('node:fs/promises');
  const handle = await open(source, 'r');
  try {
    const head = new Uint8Array(8);
    await handle.read(head, 0, 8, 0);
    return head;
  } finally {
    await handle.close();
  }
}

async function parseXlsx(source: string | Uint8Array, builder: SheetBuilder, limits: SheetLimits) {
  const bytes = typeof source === 'string' ? await readFile(source) : Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  try {
    await parseXlsxPackage(bytes, builder, limits.maxColumns);
  } catch (error) {
    if (error instanceof ZipEntryTooLargeError) throw sheetError('tooLarge', error.message);
    throw error;
  }
}

async function parseXls(source: string | Uint8Array, builder: SheetBuilder, limits: SheetLimits) {
  const XLSX = await import('@e965/xlsx');
  const bytes = typeof source === 'string' ? await readFile(source) : source;
  const workbook = XLSX.read(bytes, { type: 'array', dense: true, sheetRows: limits.maxRows + 2, cellDates: true, bookSheets: false });
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet) return;
  const data = (sheet as { '!data'?: ({ v?: unknown }[] | undefined)[] })['!data'] ?? [];
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    builder.add(
      r + 1,
      Array.from({ length: row.length }, (_, c) => row[c]?.v),
    );
  }
}

/** Reads the first sheet of an .xlsx or .xls file. Throws errors named by SHEET_ERROR_NAMES. */
export async function parseSheet(input: ParseSheetInput): Promise<Sheet> {
  return JSON.parse(await parseSheetText(input)) as Sheet;
}

/** The first sheet of an .xlsx or .xls file as JSON text of a `Sheet`. Throws errors named by SHEET_ERROR_NAMES. */
export async function parseSheetText(input: ParseSheetInput): Promise<string> {
  const head = await readHead(input.source, input.maxBytes);
  const format = detectFormat(head, input.fileName);
  const builder = new SheetBuilder(input);
  try {
    if (format === 'xlsx') await parseXlsx(input.source, builder, input);
    else await parseXls(input.source, builder, input);
  } catch (error) {
    if (error instanceof Error && Object.values(SHEET_ERROR_NAMES).includes(error.name)) throw error;
    // Whatever the parser chokes on (a broken zip, a truncated OLE2 stream, bad XML) is a corrupt file.
    throw sheetError('invalid', error instanceof Error ? error.message : String(error));
  }
  return builder.result();
}
