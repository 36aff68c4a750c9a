import { MESSAGES } from '@facet/contract/messages';
import { PRICE_SHEET_MAX_BYTES } from '@facet/contract/modules/product-prices/product-price.schema';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidField } from '../../http/errors.ts';
import { SheetReadError, readSheet } from '../../spreadsheets/sheet-reader.ts';
import type { PriceSheet } from './product-price.service.ts';

/** A price sheet has two columns; a few more are read (and ignored) so a stray column is no error. */
const PRICE_SHEET_MAX_COLUMNS = 20;
/** Text read at most: 200,000 rows (the reader's row limit) of a SKU and a price are ~14 million characters. */
const PRICE_SHEET_MAX_TEXT_CHARS = 16 * 1024 * 1024;

/** The uploaded sheet's one file, read whole (a price sheet is small), within the limit. */
async function receiveSheetFile(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.uploadNotMultipart);
  let received: { bytes: Buffer; fileName: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: PRICE_SHEET_MAX_BYTES, files: 1 } })) {
      if (part.type !== 'file' || received) continue;
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      received = { bytes, fileName: part.filename ?? '' };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (!(error as { statusCode?: number }).statusCode) throw invalidField('file', MESSAGES.invalidFile);
    throw error;
  }
  if (!received) throw invalidField('file', MESSAGES.required);
  return received;
}

const tooLarge = () => {
  const message = MESSAGES.maxFileSizeMb(PRICE_SHEET_MAX_BYTES / 1024 / 1024);
  return new AppError('PAYLOAD_TOO_LARGE', message, [{ path: ['file'], message }]);
};

/** The price sheet of an upload: its first sheet's normalised headers and rows (off the main thread). */
export async function readPriceSheet(request: FastifyRequest): Promise<{ sheet: PriceSheet; fileName: string }> {
  const { bytes, fileName } = await receiveSheetFile(request);
  try {
    const sheet = await readSheet(bytes, { fileName, maxBytes: PRICE_SHEET_MAX_BYTES, maxColumns: PRICE_SHEET_MAX_COLUMNS, maxTextChars: PRICE_SHEET_MAX_TEXT_CHARS });
    return { sheet, fileName: fileName.slice(0, 255) };
  } catch (error) {
    throw error instanceof SheetReadError ? error.toAppError() : error;
  }
}
