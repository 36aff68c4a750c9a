import { sanitizeCustomHtml, sanitizeRichText } from '../http/rich-text.ts';
import { sanitizeSvg } from '../http/svg-sanitizer.ts';
import { serveTasks } from './worker-thread.ts';

/**
 * The worker module of the shared CPU pool (cpu-pool.ts): cleaners of untrusted text whose time can
 * grow faster than their input. Keep its imports light: each thread loads them when it starts.
 */
export const cpuTasks = {
  sanitizeSvg,
  sanitizeRichText,
  sanitizeCustomHtml,
};

serveTasks(cpuTasks);
