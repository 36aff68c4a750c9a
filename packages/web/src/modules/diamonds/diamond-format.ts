const wholePounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** A stone's price: whole pounds (the price rounds to the pound), e.g. £4,770. */
export const formatPounds = (amount: number) => wholePounds.format(amount);

/** A weight in carats as the trade writes it, e.g. 1.01 ct. */
export const formatCarat = (carat: number) => `${carat.toFixed(2)} ct`;

/** Joining words the trade writes in lower case inside a phrase ('Medium to Slightly Thick'). */
const SMALL_WORDS = new Set(['to', 'and', 'or', 'of', 'with', 'in']);
/** Two-letter words of English, not grades: the other two-letter capitals (IF, FL, EX, VG) are grades and stay. */
const SHORT_WORDS = new Set(['be', 'by', 'on', 'at', 'no', 'as', 'is', 'up']);
/** Abbreviations the feed writes in capitals that stay so (grading labs, fluorescence and girdle shorthand). */
const KEPT_CAPITALS = new Set(['GIA', 'IGI', 'HRD', 'AGS', 'GCAL', 'EGL', 'GSI', 'GRS', 'SSEF', 'NA', 'N/A', 'STK', 'THK', 'THN', 'MED', 'VTK', 'VTN', 'EX', 'VG', 'ID']);

function titleCaseWord(word: string, isFirst: boolean): string {
  // Only words the feed shouts: a grade (VS1, D, IF), a mixed-case word or a unit (ct) is left as written.
  if (word.length < 3 && !SMALL_WORDS.has(word.toLowerCase()) && !SHORT_WORDS.has(word.toLowerCase())) return word;
  if (word !== word.toUpperCase() || /\d/.test(word) || KEPT_CAPITALS.has(word)) return word;
  const lower = word.toLowerCase();
  if (!isFirst && SMALL_WORDS.has(lower)) return lower;
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/**
 * The feed's capitalised words as a person writes them, for display only: 'SLIGHTLY THICK' →
 * 'Slightly Thick', 'MEDIUM_TO_SLIGHTLY_THICK' → 'Medium to Slightly Thick', 'CUSHION MODIFIED' →
 * 'Cushion Modified'. Grades (D, VS1, IF), abbreviations (GIA) and words already in mixed case stay.
 */
export function formatFeedWords(text: string): string {
  const words = text.replace(/_/g, ' ').trim().split(/(\s+|-)/);
  let seen = 0;
  return words.map((part) => (/^(\s+|-)$/.test(part) || part === '' ? part : titleCaseWord(part, seen++ === 0))).join('');
}
