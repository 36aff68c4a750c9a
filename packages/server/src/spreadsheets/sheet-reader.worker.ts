import { serveTasks } from '../workers/worker-thread.ts';
import { parseSheetText } from './sheet-parse.ts';

/** The spreadsheet pool's worker module (sheet-reader.ts): parses untrusted .xlsx and .xls files. */
export const sheetTasks = { parseSheetText };

serveTasks(sheetTasks);
