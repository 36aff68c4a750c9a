import { z } from 'zod';

/**
 * Product import from a spreadsheet (document 2 §2, §3, §4, §5): a check (dry run) of the uploaded
 * file, then its apply as one job. Column names are compared normalised (lower case, spaces and
 * dashes to underscores). The columns are the product sheet's (`products/product-sheet.ts`), the
 * same the product export writes.
 */

/** The numbered option columns (option N name and value, N 1 to 3). */
export const IMPORT_OPTION_NUMBERS = [1, 2, 3] as const;

/** Separator of several values in one cell (categories, attributes, options, related SKUs). */
export const IMPORT_LIST_SEPARATOR = '|';

/** The accepted files: the spec's extensions. */
export const IMPORT_FILE_ACCEPT = '.xlsx,.xls';
/** Largest upload accepted (a sheet of 10,000 products with 50,000 variants is about 5 MB). */
export const IMPORT_MAX_BYTES = 30 * 1024 * 1024;
export const IMPORT_MAX_MB = 30;
/** Data rows at most in one file. */
export const IMPORT_MAX_ROWS = 100_000;

/** Line errors an answer lists at most; the download has them all. */
export const IMPORT_LINE_ERRORS_SHOWN = 200;

export const importLineErrorSchema = z.object({ line: z.number().int(), messages: z.array(z.string()) });
export type ImportLineError = z.infer<typeof importLineErrorSchema>;

const countsSchema = z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int() });
export type ImportCounts = z.infer<typeof countsSchema>;

/** What the check (dry run) answers: what the apply would do, or why it cannot. */
export const importCheckResponseSchema = z.object({
  /** Names the checked file for the apply and the errors download. */
  token: z.string(),
  fileName: z.string(),
  rows: z.number().int(),
  products: countsSchema,
  variants: countsSchema,
  /** Every line with errors counts; the list holds the first IMPORT_LINE_ERRORS_SHOWN, formatted as the spec's 'Line- N: messages'. */
  lineErrorCount: z.number().int(),
  lineErrors: z.array(z.string()),
  /** SKUs of the sheet with no image / no video in their media library. */
  skusWithoutImages: z.array(z.string()),
  skusWithoutVideos: z.array(z.string()),
});
export type ImportCheckResponse = z.infer<typeof importCheckResponseSchema>;

export const importTokenSchema = z.string().regex(/^[0-9a-f-]{36}$/, 'Invalid token');
export const importApplySchema = z.object({ token: importTokenSchema });
export type ImportApplyInput = z.infer<typeof importApplySchema>;
export const importTokenParamsSchema = z.object({ token: importTokenSchema });

/** The apply job's input and result. */
export const productImportJobParamsSchema = z.object({ token: importTokenSchema, fileName: z.string() });
export type ProductImportJobParams = z.infer<typeof productImportJobParamsSchema>;
export const importApplyResponseSchema = z.object({ jobId: z.number().int() });

export const IMPORT_EXAMPLE_FILE_NAME = 'product-import-example';
export const importErrorsPath = (token: string) => `/api/products/import/${token}/errors`;
export const IMPORT_EXAMPLE_PATH = '/api/products/import/example';
