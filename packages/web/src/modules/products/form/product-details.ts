/** A label and value as the form holds them (a new row may still be blank). */
export type DetailRow = { label: string; value: string };

/** The details as the bulk editor shows them: one `label:value` line each. */
export function detailsToLines(details: readonly DetailRow[]): string {
  return details
    .filter((detail) => detail.label.trim() !== '' || detail.value.trim() !== '')
    .map((detail) => `${detail.label}:${detail.value}`)
    .join('\n');
}

/**
 * The bulk edit of Product Details (document 2 §2): each `label:value` line updates the row whose
 * label matches, case-insensitively, or adds a row; rows the lines do not name stay as they are.
 * A line splits at its first colon (a value may hold colons, "Dimensions: 5:3 mm"); blank lines and
 * lines without a colon or without a label are skipped. When the lines name a label twice, the later
 * line wins, as if the lines were applied one after another.
 */
export function applyDetailLines(details: readonly DetailRow[], text: string): DetailRow[] {
  const result: DetailRow[] = details.map((detail) => ({ ...detail }));
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const label = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (label === '') continue;
    const existing = result.find((detail) => detail.label.trim().toLowerCase() === label.toLowerCase());
    if (existing) existing.value = value;
    else result.push({ label, value });
  }
  return result;
}

/** Lines the bulk editor could not read, so staff see what was skipped. */
export function unreadableDetailLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .filter((line) => {
      const colon = line.indexOf(':');
      return colon < 0 || line.slice(0, colon).trim() === '';
    });
}
