/**
 * The exports' guard against formula injection, in both directions. A text cell that a spreadsheet
 * would run as a formula once edited (=, +, -, @, tab, carriage return first) is written with a leading
 * apostrophe (http/xlsx-writer.ts); reading a sheet back, that one apostrophe is dropped again, so a
 * value exported and imported (a product sheet's description '-50% off') comes back exactly as it was.
 * A leading apostrophe before anything else is the cell's own text and is kept.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const neutraliseFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

export const restoreNeutralised = (text: string) => (text.charCodeAt(0) === 39 /* ' */ && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text);
