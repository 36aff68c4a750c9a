/**
 * Text made safe inside HTML or XML, in element content and in quoted attribute values alike: the
 * five characters that could end either are written as entities.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}
