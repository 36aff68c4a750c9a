import { MESSAGES } from '@facet/contract/messages';
import { runCpuTask } from '../workers/cpu-pool.ts';
import { invalidField } from './errors.ts';
import { sanitizeRichText } from './rich-text.ts';

/**
 * Up to this length a text is cleaned on the request's own thread: the worst markup known (unbalanced
 * tags) costs about 5 ms there, less than a trip to a worker that may still be starting.
 */
const INLINE_CLEANING_MAX_LENGTH = 4_096;

/**
 * `sanitizeRichText` for a field of a write. Longer texts are cleaned in the CPU pool: unbalanced
 * markup can take seconds per pass to clean (the parser's time grows with the square of the open
 * tags), which would stall every other request. A field that cannot be cleaned within the pool's
 * time limit is refused with a 400 on that field; nothing is written.
 */
export async function sanitizeRichTextField(field: string, html: string): Promise<string> {
  if (html.length <= INLINE_CLEANING_MAX_LENGTH) return sanitizeRichText(html);
  return runCpuTask('sanitizeRichText', html, () => invalidField(field, MESSAGES.richTextTooComplex));
}
