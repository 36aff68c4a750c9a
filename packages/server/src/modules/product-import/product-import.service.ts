import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@facet/contract/messages';
import type { ImportCheckResponse, ImportLineError } from '@facet/contract/modules/product-import/product-import.schema';
import { IMPORT_LINE_ERRORS_SHOWN, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, productImportJobParamsSchema } from '@facet/contract/modules/product-import/product-import.schema';
import { PRODUCT_SHEET_COLUMNS } from '@facet/contract/modules/products/product-sheet';
import { sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { AppError, invalidField } from '../../http/errors.ts';
import { sanitizeRichTextField } from '../../http/rich-text-field.ts';
import { defineJobKind } from '../../jobs/job-kind.ts';
import type { JobKind } from '../../jobs/job-kind.ts';
import type { Sheet } from '../../spreadsheets/sheet-reader.ts';
import { SheetReadError, readSheetText } from '../../spreadsheets/sheet-reader.ts';
import { planImport, sheetRowsOf } from './product-import.plan.ts';
import type { ImportPlan } from './product-import.plan.ts';
import { writeImport } from './product-import.write.ts';

export const PRODUCT_IMPORT_JOB_KIND = 'products.import' as const;
/** How long a checked file waits for its apply. */
const CHECKED_FILE_RETENTION_MS = 24 * 60 * 60 * 1000;
/**
 * Disk the checked files (sheets and their records) use at most: the oldest checks are let go first
 * (their apply then asks to check again). One check's sheet is at most the reader's text limit, 64 Mi
 * characters (192 MB of UTF-8 at worst), so the newest always fits.
 */
const CHECKED_FILES_MAX_BYTES = 512 * 1024 * 1024;
/** New rows from which an import refreshes the planner's statistics of the catalogue's tables. */
const ANALYZE_AFTER_ROWS = 1000;

const KNOWN_COLUMNS = new Set<string>(PRODUCT_SHEET_COLUMNS);

/** The sheet-level rules of document 2 §5: not blank, a product sheet, with the sku and product_title columns. */
export function checkSheetShape(sheet: Sheet) {
  if (!sheet.headers.length || !sheet.rows.length) throw invalidField('file', MESSAGES.productSheetBlank);
  if (!sheet.headers.some((header) => KNOWN_COLUMNS.has(header))) throw invalidField('file', MESSAGES.invalidProductSheet);
  if (!sheet.headers.includes('sku') || !sheet.headers.includes('product_title')) throw invalidField('file', MESSAGES.invalidHeadersInSheet);
}

/**
 * The checked sheet as the check keeps it for the apply: its parsed rows as JSON (cells are text), so
 * the job reads them back in a fraction of the time a second parse of the .xlsx took (1-4 s for 60,000
 * rows; JSON both ways about 0.15-0.3 s, no slower than v8's serialisation). The job still plans them
 * again against the catalogue of its own time. The check stores the text the reader's thread sent
 * (readSheetText), which is this; here for a sheet made otherwise (tests).
 */
export const checkedSheetText = (sheet: Sheet): string => JSON.stringify({ headers: sheet.headers, rows: sheet.rows } satisfies Sheet);
const checkedSheetOf = (text: string) => JSON.parse(text) as Sheet;

export const formatLineError = (error: ImportLineError) => MESSAGES.importLine(error.line, error.messages);

/** What the check keeps beside the file: its answer and every line error (the download). */
interface CheckRecord {
  response: ImportCheckResponse;
  errors: ImportLineError[];
}

/** Where checked sheets wait for their apply: the routes' check writes there, the import job reads there. */
export const importsDirOf = (config: Pick<Config, 'exportsDir'>) => path.join(config.exportsDir, 'imports');

/**
 * `maxStoredBytes`: the disk budget of checked files (tests set a small one).
 */
export function createProductImportService(db: Db, dir: string, { maxStoredBytes = CHECKED_FILES_MAX_BYTES }: { maxStoredBytes?: number } = {}) {
  const filePath = (token: string) => path.join(dir, `${token}.sheet`);
  const recordPath = (token: string) => path.join(dir, `${token}.json`);
  /** A checked file can be applied until its retention ends; then it must be checked again. */
  const assertStillChecked = (token: string) => {
    if (!fs.existsSync(recordPath(token)) || !fs.existsSync(filePath(token))) throw invalidField('token', MESSAGES.importCheckAgain);
  };

  /**
   * Removes the expired checked files, then the oldest checks (both files of a token) until `incoming`
   * more bytes fit the budget; the check `keep` is never let go. Synchronous from the listing to the
   * write that follows, so two checks in this process do not both count the same free room.
   */
  function makeRoom(incoming: number, keep: string, now = Date.now()) {
    fs.mkdirSync(dir, { recursive: true });
    const checks = new Map<string, { files: string[]; bytes: number; newest: number }>();
    let total = 0;
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat?.isFile()) continue;
      if (now - stat.mtimeMs > CHECKED_FILE_RETENTION_MS) {
        fs.rmSync(file, { force: true });
        continue;
      }
      total += stat.size;
      const token = path.parse(name).name;
      const check = checks.get(token) ?? { files: [], bytes: 0, newest: 0 };
      check.files.push(file);
      check.bytes += stat.size;
      check.newest = Math.max(check.newest, stat.mtimeMs);
      checks.set(token, check);
    }
    checks.delete(keep);
    const oldestFirst = [...checks.values()].sort((a, b) => a.newest - b.newest);
    for (const check of oldestFirst) {
      if (total + incoming <= maxStoredBytes) break;
      for (const file of check.files) fs.rmSync(file, { force: true });
      total -= check.bytes;
    }
  }

  /** Writes one of a check's files within the disk budget. */
  function store(file: string, text: string, token: string) {
    makeRoom(Buffer.byteLength(text), token);
    fs.writeFileSync(file, text);
  }

  /** The upload's sheet, and its JSON text (what the check stores for the apply, as the reader sent it). */
  async function read(source: string | Uint8Array, fileName: string): Promise<{ sheet: Sheet; text: string }> {
    try {
      const text = await readSheetText(source, { fileName, maxBytes: IMPORT_MAX_BYTES, maxRows: IMPORT_MAX_ROWS });
      const sheet = checkedSheetOf(text);
      checkSheetShape(sheet);
      return { sheet, text };
    } catch (error) {
      if (error instanceof SheetReadError) throw error.toAppError('file');
      throw error;
    }
  }

  const sanitize = (html: string) => sanitizeRichTextField('description', html);

  /** SKUs of the sheet's products whose media library has no image, and no video. */
  async function withoutMedia(plan: ImportPlan) {
    const skus = plan.products.map((p) => p.columns.sku);
    if (!skus.length) return { images: [], videos: [] };
    const rows = rowsOf<{ sku: string; has_image: boolean; has_video: boolean }>(
      await db.execute(sql`
        select s.sku,
          exists (select 1 from product_media_library m where m.sku = lower(s.sku) and m.kind = 'image' and m.deleted_at is null) as has_image,
          exists (select 1 from product_media_library m where m.sku = lower(s.sku) and m.kind = 'video' and m.deleted_at is null) as has_video
        from jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb) as s(sku)`),
    );
    return { images: rows.filter((r) => !r.has_image).map((r) => r.sku), videos: rows.filter((r) => !r.has_video).map((r) => r.sku) };
  }


  return {
    /**
     * The dry run ("Check Data"): reads the upload, checks every rule and answers what the apply
     * would do. The file is kept under a token for the apply and the errors download.
     */
    async check(upload: { path: string; byteSize: number; fileName: string }): Promise<ImportCheckResponse> {
      if (upload.byteSize === 0) throw invalidField('file', MESSAGES.productSheetBlank);
      // The sheet is kept for the apply before the plan is made, and let go: neither it nor its JSON is
      // held while the plan is (the check's peak memory). Without its record the file is never applied.
      const token = randomUUID();
      const rows = await (async () => {
        const { sheet, text } = await read(upload.path, upload.fileName);
        store(filePath(token), text, token);
        return sheetRowsOf(sheet);
      })();
      // The plan names lines with errors, and writes nothing.
      let plan: ImportPlan;
      let media: Awaited<ReturnType<typeof withoutMedia>>;
      try {
        plan = await planImport(db, rows, sanitize);
        media = await withoutMedia(plan);
      } catch (error) {
        fs.rmSync(filePath(token), { force: true });
        throw error;
      }
      const response: ImportCheckResponse = {
        token,
        fileName: upload.fileName,
        rows: plan.rows,
        products: plan.counts.products,
        variants: plan.counts.variants,
        lineErrorCount: plan.errors.length,
        lineErrors: plan.errors.slice(0, IMPORT_LINE_ERRORS_SHOWN).map(formatLineError),
        skusWithoutImages: media.images,
        skusWithoutVideos: media.videos,
      };
      store(recordPath(token), JSON.stringify({ response, errors: plan.errors } satisfies CheckRecord), token);
      return response;
    },

    /** The checked file's record, or 400 when it was never checked or is gone. */
    checked(token: string): CheckRecord {
      assertStillChecked(token);
      return JSON.parse(fs.readFileSync(recordPath(token), 'utf8')) as CheckRecord;
    },

    /** The apply of a checked file as a job (document 2 §4): one transaction, all or nothing. */
    job(): JobKind {
      return defineJobKind({
        kind: PRODUCT_IMPORT_JOB_KIND,
        label: 'Product import',
        permission: 'products',
        params: productImportJobParamsSchema,
        /** A retry is an apply: refused (400, check it again) once the checked file has expired. */
        start: async (params, { submit }) => {
          assertStillChecked(params.token);
          return submit(params);
        },
        async run({ params, db: jobDb, context, progress, succeed }) {
          const file = filePath(params.token);
          if (!fs.existsSync(file)) throw new Error(MESSAGES.importCheckAgain);
          await progress(0, 3);
          const plan = await planImport(db, sheetRowsOf(checkedSheetOf(fs.readFileSync(file, 'utf8'))), sanitize).catch((error: unknown) => {
            throw error instanceof AppError ? new Error(error.message) : error;
          });
          if (plan.errors.length) {
            const shown = plan.errors.slice(0, 20).map(formatLineError).join('\n');
            throw new Error(`${plan.errors.length} line(s) with errors; nothing was imported.\n${shown}`);
          }
          await progress(1, 3);
          const written = await jobDb.transaction(async (tx) => {
            const { counts } = await writeImport(tx, plan, context.actor?.id ?? null);
            const result = { fileName: params.fileName, rows: plan.rows, products: plan.counts.products, variants: plan.counts.variants, ...counts };
            await writeAudit(tx, context, { action: 'import', entity: 'product', after: result });
            await succeed(tx, result);
            return counts;
          });
          // After a big import the planner's statistics describe the catalogue from before it (a hundred
          // rows where 60,000 now are) until autovacuum comes round: fresh ones now, after the commit, so
          // the list and the next check plan for what is there. Best effort: the import is done either way.
          if (written.productsCreated + written.variantsCreated >= ANALYZE_AFTER_ROWS) {
            await jobDb.execute(sql`analyze products, product_attribute_values, product_categories, product_related`).catch(() => undefined);
          }
          fs.rmSync(file, { force: true });
          fs.rmSync(recordPath(params.token), { force: true });
        },
      });
    },
  };
}
