import { MESSAGES } from '@facet/contract/messages';
import { runCpuTask } from '../workers/cpu-pool.ts';
import { invalidField } from './errors.ts';
import type { RichTextPolicy } from './rich-text.ts';
import { sanitizeRichText } from './rich-text.ts';

/**
 * Up to this length a text is cleaned on the request's own thread: the worst markup known (unbalanced
 * tags) costs about 5 ms there, less than a trip to a worker that may still be starting.
 */
const INLINE_CLEANING_MAX_LENGTH = 4_096;

/** The worker pool's task for each policy (a task takes one argument). */
const CLEANING_TASKS = { standard: 'sanitizeRichText', customHtml: 'sanitizeCustomHtml' } as const satisfies Record<RichTextPolicy, string>;

/**
 * `sanitizeRichText` for a field of a write. Longer texts are cleaned in the CPU pool: unbalanced
 * markup can take seconds per pass to clean (the parser's time grows with the square of the open
 * tags), which would stall every other request. A field that cannot be cleaned within the pool's
 * time limit is refused with a 400 on that field; nothing is written. `policy` names what the field
 * may keep (`customHtml` for the custom HTML section only).
 */
export async function sanitizeRichTextField(field: string, html: string, policy: RichTextPolicy = 'standard'): Promise<string> {
  if (html.length <= INLINE_CLEANING_MAX_LENGTH) return sanitizeRichText(html, policy);
  return runCpuTask(CLEANING_TASKS[policy], html, () => invalidField(field, MESSAGES.richTextTooComplex));
}
