import { isMarkedAsUntransferable } from 'node:worker_threads';

/**
 * The memory of every typed array within `value` (arrays, maps, plain objects), each once: the
 * transfer list of a message that hands a structure of typed arrays from a thread that is done with
 * them, so they move rather than being copied on the receiving thread's event loop. Memory Node
 * keeps for itself (the pool small Buffers are cut from) cannot move: those arrays are copied.
 */
export function transferablesOf(value: unknown): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const seen = new Set<object>();
  const visit = (item: unknown) => {
    if (item === null || typeof item !== 'object' || seen.has(item)) return;
    seen.add(item);
    if (ArrayBuffer.isView(item)) {
      if (item.buffer instanceof ArrayBuffer && !isMarkedAsUntransferable(item.buffer)) buffers.add(item.buffer);
    } else if (item instanceof Map) for (const entry of item.values()) visit(entry);
    else if (Array.isArray(item)) for (const entry of item) visit(entry);
    else for (const entry of Object.values(item)) visit(entry);
  };
  visit(value);
  return [...buffers];
}
