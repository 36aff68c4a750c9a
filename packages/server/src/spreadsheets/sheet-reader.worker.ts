import { serveTasks } from '../workers/worker-thread.ts';
import { parseSheet } from './sheet-parse.ts';

/** The spreadsheet pool's worker module (sheet-reader.ts): parses untrusted .xlsx and .xls files. */
export const sheetTasks = { parseSheet };

serveTasks(sheetTasks);
