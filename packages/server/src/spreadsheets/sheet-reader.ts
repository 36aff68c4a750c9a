import { MESSAGES } from '@facet/contract/messages';
import { AppError } from '../http/errors.ts';
import type { WorkerPool } from '../workers/worker-pool.ts';
import { WorkerPoolBusyError, WorkerTaskTimeoutError, createWorkerPool } from '../workers/worker-pool.ts';
import type { Sheet, SheetErrorKind, SheetLimits } from './sheet-parse.ts';
import { SHEET_CELL_MAX_CHARS, SHEET_ERROR_NAMES } from './sheet-parse.ts';
import type { sheetTasks } from './sheet-reader.worker.ts';

export type { Sheet, SheetRow } from './sheet-parse.ts';
export { normaliseHeader } from './sheet-parse.ts';

/**
 * Reads the first sheet of an uploaded .xlsx or .xls file in a worker thread (DESIGN: CPU-heavy
 * parsing of untrusted spreadsheets runs off the main thread with time and size limits). The API
 * keeps answering while a big or hostile file is parsed; a file past a limit is refused.
 */

/** What went wrong with a file, as the spec words it for the person who uploaded it. */
export class SheetReadError extends Error {
  readonly kind: SheetErrorKind;
  readonly detail?: string;
  constructor(kind: SheetErrorKind, message: string, detail?: string) {
    super(message);
    this.kind = kind;
    this.detail = detail;
    this.name = 'SheetReadError';
  }

  /** The 400 the routes answer with. */
  toAppError(field = 'file'): AppError {
    return new AppError('VALIDATION_FAILED', this.message, [{ path: [field], message: this.message }]);
  }
}

const MESSAGE_BY_KIND: Record<SheetErrorKind, (detail: string) => string> = {
  unsupported: () => MESSAGES.fileFormatNotSupported,
  invalid: () => MESSAGES.invalidFile,
  tooLarge: () => MESSAGES.fileTooComplex,
  cellTooLong: (cell) => MESSAGES.sheetCellTooLong(cell, SHEET_CELL_MAX_CHARS),
  tooMuchText: () => MESSAGES.sheetTooMuchText,
};

export interface ReadSheetOptions extends Partial<SheetLimits> {
  /** The name the user gave the file: its extension must be .xlsx or .xls. */
  fileName?: string;
  /** How long parsing may take, in ms. */
  timeoutMs?: number;
}

/**
 * Defaults sized for the product import: 60,000 rows (10,000 products with 50,000 variants) parse in a
 * few seconds, into ~15 MB of JSON text; four times that is read at most (the thread's heap holds it
 * twice, the main thread once more, and the import keeps it on disk for its apply).
 */
export const SHEET_DEFAULT_LIMITS: SheetLimits & { timeoutMs: number } = {
  maxBytes: 50 * 1024 * 1024,
  maxRows: 200_000,
  maxColumns: 200,
  maxTextChars: 64 * 1024 * 1024,
  timeoutMs: 60_000,
};

/** Heap a parsing thread may use: a zip bomb or a sheet of millions of cells ends the thread, not the server. */
const SHEET_WORKER_HEAP_MB = 384;

let pool: WorkerPool<typeof sheetTasks> | undefined;

function sheetPool(): WorkerPool<typeof sheetTasks> {
  pool ??= createWorkerPool<typeof sheetTasks>({
    file: new URL('./sheet-reader.worker.ts', import.meta.url),
    // One file at a time: parsing is memory-hungry and the machine small; others wait in the queue.
    size: 1,
    maxQueue: 8,
    timeoutMs: SHEET_DEFAULT_LIMITS.timeoutMs,
    resourceLimits: { maxOldGenerationSizeMb: SHEET_WORKER_HEAP_MB },
    // A big sheet leaves the thread's heap grown (~100 MB for 60,000 rows) while the import plans the
    // rows on the main thread: a thread a file, ended as soon as it answers, gives that back first.
    retireAfterTask: true,
  });
  return pool;
}

/** Stops the spreadsheet thread (tests, shutdown). */
export async function closeSheetReader() {
  await pool?.close();
  pool = undefined;
}

/**
 * The first sheet of `source` (a path or the file's bytes): normalised headers and the non-blank rows
 * with their 1-based line numbers. Throws SheetReadError ('The file format is not supported.',
 * 'Invalid file', too large/complex, a cell or the whole over its characters), or an AppError 429 when
 * the parsing queue is full.
 */
export async function readSheet(source: string | Uint8Array, options: ReadSheetOptions = {}): Promise<Sheet> {
  return JSON.parse(await readSheetText(source, options)) as Sheet;
}

/** readSheet's sheet as the JSON text the thread sends (for a caller that stores it as it is). */
export async function readSheetText(source: string | Uint8Array, options: ReadSheetOptions = {}): Promise<string> {
  const { timeoutMs = SHEET_DEFAULT_LIMITS.timeoutMs, fileName, ...limits } = options;
  try {
    return await sheetPool().run(
      'parseSheetText',
      {
        source,
        ...(fileName === undefined ? {} : { fileName }),
        maxBytes: limits.maxBytes ?? SHEET_DEFAULT_LIMITS.maxBytes,
        maxRows: limits.maxRows ?? SHEET_DEFAULT_LIMITS.maxRows,
        maxColumns: limits.maxColumns ?? SHEET_DEFAULT_LIMITS.maxColumns,
        maxTextChars: limits.maxTextChars ?? SHEET_DEFAULT_LIMITS.maxTextChars,
      },
      { timeoutMs },
    );
  } catch (error) {
    if (error instanceof WorkerPoolBusyError) throw new AppError('TOO_MANY_REQUESTS', MESSAGES.serverBusy, undefined, { 'Retry-After': '1' });
    if (error instanceof WorkerTaskTimeoutError) throw new SheetReadError('tooLarge', MESSAGE_BY_KIND.tooLarge(error.message), error.message);
    const name = error instanceof Error ? error.name : '';
    const kind = (Object.keys(SHEET_ERROR_NAMES) as SheetErrorKind[]).find((k) => SHEET_ERROR_NAMES[k] === name);
    if (kind) throw new SheetReadError(kind, MESSAGE_BY_KIND[kind]((error as Error).message), (error as Error).message);
    // The thread ran out of its heap or died: the file was too much to read.
    if (error instanceof Error && /ERR_WORKER_OUT_OF_MEMORY|out of memory|exited with code/i.test(`${(error as { code?: string }).code ?? ''} ${error.message}`)) {
      throw new SheetReadError('tooLarge', MESSAGE_BY_KIND.tooLarge(error.message), error.message);
    }
    throw error;
  }
}
