import { isSafeText } from '@facet/contract/api';
import { MESSAGES } from '@facet/contract/messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

type Path = (string | number)[];

interface Visit {
  value: unknown;
  parent: Visit | null;
  key: string | number | null;
}

function pathOf(visit: Visit): Path {
  const path: Path = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) path.unshift(at.key!);
  return path;
}

/** Parsed JSON and query strings are walked; binary data (a Buffer) holds no text to check. */
const isWalkable = (value: object) => !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer);

/** Enough to show a client what to fix; a body made of bad strings need not be listed whole. */
const MAX_ISSUES = 20;

/**
 * The paths of the strings, and object keys, in a parsed request part that hold NUL or an unpaired
 * surrogate, in document order. Walks with its own stack, so a body nested 10,000 deep cannot
 * overflow the call stack, and builds a path only for what it finds.
 */
export function findUnsafeText(root: unknown): Path[] {
  const found: Path[] = [];
  const stack: Visit[] = [{ value: root, parent: null, key: null }];
  while (stack.length && found.length < MAX_ISSUES) {
    const visit = stack.pop()!;
    const { value, key } = visit;
    const children: Visit[] = [];
    if ((typeof key === 'string' && !isSafeText(key)) || (typeof value === 'string' && !isSafeText(value))) {
      found.push(pathOf(visit));
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => children.push({ value: item, parent: visit, key: index }));
    } else if (value !== null && typeof value === 'object' && isWalkable(value)) {
      for (const [childKey, inner] of Object.entries(value)) children.push({ value: inner, parent: visit, key: childKey });
    }
    // Reversed onto the stack, so the first child is visited first.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return found;
}

/**
 * Refuses, before any route sees it, a request whose path parameters, query or body hold text that
 * no column can store (NUL) or no UTF-8 can encode (a lone surrogate). The shared schemas refuse it
 * too (contract `safeString`), which gives forms their message; this is the one check no route can
 * forget, whether its schema is built from the shared helpers or not.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const paths = findUnsafeText(part);
      if (paths.length) throw new AppError('VALIDATION_FAILED', MESSAGES.unsafeText, paths.map((path) => ({ path, message: MESSAGES.unsafeText })));
    }
  });
}
