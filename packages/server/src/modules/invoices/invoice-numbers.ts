/*
 * The documents' numbers as printed and in their files' names, apart from the PDF renderer: the
 * service names files on the main thread, and the renderer's pdfkit and fonts (about 7 MB of heap
 * and 30 MB of the server's memory) load in its worker only.
 */

/** The invoice number as printed and in the file's name: INV-000123. */
export const displayNumberOf = (number: number) => `INV-${String(number).padStart(6, '0')}`;

/** The credit note number as printed and in the file's name: CN-000123. */
export const creditNoteDisplayNumberOf = (number: number) => `CN-${String(number).padStart(6, '0')}`;
