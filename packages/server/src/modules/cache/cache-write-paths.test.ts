import fs from 'node:fs';
import path from 'node:path';
import { CACHE_KEYS } from '@facet/contract/modules/cache/cache.schema';
import { describe, expect, it } from 'vitest';
import type { ChangedEventName } from '../../events/events.ts';
import { SERVER_MODULES } from '../index.ts';
import { cacheSourcesOf } from '../server-module.ts';
import { KEYS_STALE_AFTER } from './cache.subscribers.ts';

/**
 * Every write path of the tables the storefront cache's documents are read from, and the event it
 * emits in its transaction (the cache subscribes to each event and removes the documents of the keys
 * it feeds: KEYS_STALE_AFTER). A new writer of such a table (a Drizzle insert, update or delete, a
 * CRUD service over it, or SQL naming it) fails here until it is listed with the file that emits,
 * a listed path whose emit goes missing fails too, and so does one whose events do not reach every
 * key its tables feed. Each path's behaviour is tested where it lives (named in `test`).
 */
interface WritePath {
  /** The events it emits: together they make stale every key whose tables it writes (checked below). */
  emits: readonly ChangedEventName[];
  /** The files that emit them, in the write's transaction (`emit(tx, …)`). */
  emittedIn: string | readonly string[];
  test: string;
}
/** A writer that needs no event, and why. */
interface Exempt {
  exempt: string;
}

const SEEDING = 'seeds a new database (demo or reference data) at start, before any document is built from it';
const PRODUCT_SAVE_TEST = 'cache.test.ts: a product save removes that product’s document';
const CHANGED_IN_CRUD_HOOK = 'cache.test.ts: a category, page or menu save invalidates its keys';
const SMALL_KEYS_TEST = 'cache.test.ts: a setting, shipping rate or diamond shape save invalidates its key';

const WRITE_PATHS: Record<string, WritePath | Exempt> = {
  // The save, the status switch, the variants' rows and the deletes, each in its own transaction.
  'modules/products/product.save.ts': { emits: ['products.changed'], emittedIn: 'modules/products/product.save.ts', test: PRODUCT_SAVE_TEST },
  'modules/products/product.variants.ts': { emits: ['products.changed'], emittedIn: 'modules/products/product.save.ts', test: PRODUCT_SAVE_TEST },
  'modules/products/product.delete.ts': { emits: ['products.changed'], emittedIn: 'modules/products/product.delete.ts', test: PRODUCT_SAVE_TEST },
  // The list's bulk status and delete, in their job's transaction.
  'modules/products/product.bulk.ts': {
    emits: ['products.changed'],
    emittedIn: 'modules/products/product.bulk.ts',
    test: 'product.bulk.test.ts: Delete Selected and a bulk status name the products whose documents changed',
  },
  'modules/product-prices/product-price.service.ts': {
    // The apply runs in its job's transaction, the rollback in its own: both emit there.
    emits: ['products.changed'],
    emittedIn: 'modules/product-prices/product-price.service.ts',
    test: 'product-price.test.ts: an applied update, and its rollback, remove the documents of the products whose prices they changed',
  },
  'modules/product-import/product-import.write.ts': {
    emits: ['products.changed'],
    emittedIn: 'modules/product-import/product-import.write.ts',
    test: 'product-import.test.ts: an apply removes the storefront documents of the products it changed',
  },
  'modules/categories/category.service.ts': { emits: ['categories.changed'], emittedIn: 'modules/categories/category.service.ts', test: CHANGED_IN_CRUD_HOOK },
  'modules/content-pages/content-page.service.ts': { emits: ['content-pages.changed'], emittedIn: 'modules/content-pages/content-page.service.ts', test: CHANGED_IN_CRUD_HOOK },
  'modules/navigation-menu/navigation-menu.service.ts': { emits: ['navigation-menu.changed'], emittedIn: 'modules/navigation-menu/navigation-menu.service.ts', test: CHANGED_IN_CRUD_HOOK },
  'modules/settings/setting.routes.ts': { emits: ['settings.changed'], emittedIn: 'modules/settings/setting.routes.ts', test: SMALL_KEYS_TEST },
  // Setting options written by key for other modules (the diamond feed's exchange rate and schedule).
  'modules/settings/setting-values.ts': {
    emits: ['settings.changed'],
    emittedIn: 'modules/settings/setting-values.ts',
    test: 'cache.test.ts: the diamond feed’s settings saved as setting options (the exchange rate) invalidate the settings key too',
  },
  'modules/shipping-rates/shipping-rate.routes.ts': { emits: ['shipping-rates.changed'], emittedIn: 'modules/shipping-rates/shipping-rate.routes.ts', test: SMALL_KEYS_TEST },
  'modules/diamond-shapes/diamond-shape.service.ts': {
    emits: ['diamond-shapes.changed'],
    emittedIn: 'modules/diamond-shapes/diamond-shape.service.ts',
    test: 'cache.test.ts: a setting, shipping rate or diamond shape save invalidates its key (and the diamonds and combinations…)',
  },
  'modules/diamond-shapes/shape-category.service.ts': { exempt: 'shape categories are fixed reference data: their routes serve reads only' },
  'modules/product-attributes/product-attribute.service.ts': {
    emits: ['products.changed'],
    emittedIn: 'modules/product-attributes/product-attribute.service.ts',
    test: 'cache.test.ts: an attribute renamed removes the documents of the products that carry it, and only those',
  },
  'modules/diamonds/diamond.service.ts': {
    // A stone sold or put back, pulled from the feed (in the service's own transactions), and a
    // repricing (in its job's final transaction, through the job's `succeed`, in the routes).
    emits: ['diamonds.changed'],
    emittedIn: ['modules/diamonds/diamond.service.ts', 'modules/diamonds/diamond.routes.ts'],
    test: 'cache.test.ts: a stone sold and a repricing remove the stones’ documents and the combinations',
  },
  'modules/diamonds/diamond-sales.ts': {
    // Staff's Mark as Sold and Add to Inventory, an order reserving its stones and a cancellation releasing them, in the caller's transaction.
    emits: ['diamonds.changed'],
    emittedIn: 'modules/diamonds/diamond-sales.ts',
    test: 'cache.test.ts: a stone sold and a repricing remove the stones’ documents and the combinations',
  },
  'modules/diamonds/feed/diamond-ingest.ts': {
    // A sync's merge, in its job: `all` in the merge's transaction (through the job's `succeed`).
    emits: ['diamonds.changed'],
    emittedIn: 'modules/diamonds/diamond.routes.ts',
    test: 'diamond.test.ts: runs an import service as a job… (the combinations generated before are gone after the sync)',
  },
  'modules/diamonds/feed/test-stone-feed.ts': { exempt: 'a test helper: seeds a test’s own database (the round shape, its markup bands, the rate)' },
  'modules/reviews/review.service.ts': {
    // An edit, a status change (single or bulk) or a delete of a review that counts, or did, towards a product's rating.
    emits: ['products.changed'],
    emittedIn: 'modules/reviews/review.service.ts',
    test: 'review.test.ts: approving a review puts it in its product’s rating (the product’s document removed, rebuilt with it)',
  },
  'modules/catalog-price-rules/catalog-price-rule.service.ts': {
    // A save, status switch or delete of a rule running before or after it: its products republished.
    emits: ['products.changed'],
    emittedIn: 'modules/catalog-price-rules/catalog-price-rule.service.ts',
    test: 'catalog-price-rule-pricing.test.ts: saving a running rule republishes the products it covers',
  },
  'modules/catalog-price-rules/price-rule.boundaries.ts': {
    // A rule's start or end passed: its products republished, its phase written, in one transaction.
    emits: ['products.changed'],
    emittedIn: 'modules/catalog-price-rules/price-rule.boundaries.ts',
    test: 'catalog-price-rule-pricing.test.ts: a rule starting, and ending, changes the storefront documents without a staff write',
  },
  'modules/catalog-price-rules/catalog-price-rule.demo.ts': { exempt: SEEDING },
  'modules/reviews/review.demo.ts': { exempt: SEEDING },
  'modules/categories/category.demo.ts': { exempt: SEEDING },
  'modules/content-pages/content-page.demo.ts': { exempt: SEEDING },
  'modules/navigation-menu/navigation-menu.demo.ts': { exempt: SEEDING },
  'modules/settings/setting.demo.ts': { exempt: SEEDING },
  'modules/shipping-rates/shipping-rate.demo.ts': { exempt: SEEDING },
  'modules/diamond-shapes/diamond-shape.demo.ts': { exempt: SEEDING },
  'modules/diamonds/diamond.demo.ts': { exempt: SEEDING },
  'modules/product-attributes/product-attribute.demo.ts': { exempt: SEEDING },
  'modules/product-attributes/product-attribute.reference.ts': { exempt: SEEDING },
};

const SRC = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !file.includes(`${path.sep}test${path.sep}`) ? [file] : [];
  });
}

/** Code without its comments' lines, so a comment naming `update products` is no write. */
const codeOf = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .join('\n');

const files = sourceFiles(SRC);
/** Drizzle table constants to their SQL names, from every `pgTable('name'` declaration. */
const tableOf = new Map<string, string>();
for (const file of files) for (const match of fs.readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) tableOf.set(match[1]!, match[2]!);
const tableNames = new Set(tableOf.values());

/** The tables a file writes: Drizzle's insert/update/delete, a CRUD service over a table, and SQL naming one. */
function tablesWrittenBy(code: string): Set<string> {
  const written = new Set<string>();
  const add = (name: string | undefined, isConstant: boolean) => {
    const table = isConstant ? tableOf.get(name ?? '') : name;
    if (table && tableNames.has(table)) written.add(table);
  };
  for (const match of code.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) add(match[1], true);
  for (const match of code.matchAll(/createCrudService\(\s*\w+\s*,\s*\w+\s*,\s*(\w+)/g)) add(match[1], true);
  for (const match of code.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{(\w+)\}|([a-z_]+)\b)/gi)) add(match[1] ?? match[2], match[1] !== undefined);
  return written;
}

/** The tables each key's documents are read from, as the owning modules' cache sources declare them. */
const sources = cacheSourcesOf(SERVER_MODULES);
const sourceTables = new Set([...sources.values()].flatMap((source) => source.tables));
const keysFedBy = (table: string) => CACHE_KEYS.filter((key) => sources.get(key)!.tables.includes(table));
const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

describe('storefront cache: every write path of a cached document’s tables emits the event that invalidates it', () => {
  const writers = new Map<string, Set<string>>();
  for (const file of files) {
    const written = [...tablesWrittenBy(codeOf(file))].filter((table) => sourceTables.has(table));
    if (written.length) writers.set(relative(file), new Set(written));
  }

  it('finds the writers it knows (the scan itself works)', () => {
    expect(writers.get('modules/products/product.save.ts')).toContain('products');
    expect(writers.get('modules/product-prices/product-price.service.ts')).toContain('products');
    expect(writers.get('modules/shipping-rates/shipping-rate.routes.ts')).toContain('shipping_rates');
  });

  it('lists every writer of a source table, with the keys of every table it writes', () => {
    const unlisted = [...writers.keys()].filter((file) => !WRITE_PATHS[file]);
    expect(unlisted, 'writers of cached tables not in WRITE_PATHS: list them with the event they emit').toEqual([]);
    for (const [file, tables] of writers) {
      const listed = WRITE_PATHS[file]!;
      if (!('emits' in listed)) continue;
      const needed = [...new Set([...tables].flatMap(keysFedBy))];
      const madeStale = listed.emits.flatMap((event) => KEYS_STALE_AFTER[event]);
      expect(madeStale, `${file} writes ${[...tables].join(', ')}`).toEqual(expect.arrayContaining(needed));
    }
  });

  it('lists only files that write a source table (no entry outlives its writer)', () => {
    expect(Object.keys(WRITE_PATHS).filter((file) => !writers.has(file))).toEqual([]);
  });

  it('each listed path emits its events where it says', () => {
    for (const [file, listed] of Object.entries(WRITE_PATHS)) {
      if (!('emits' in listed)) continue;
      for (const where of [listed.emittedIn].flat()) {
        const code = codeOf(path.join(SRC, where));
        for (const event of listed.emits) {
          expect(new RegExp(`\\bemit(Changed)?\\([^;]*'${event.replace('.', '\\.')}'`).test(code), `${file}: ${where} does not emit ${event}`).toBe(true);
        }
      }
    }
  });

  it('declares every table the documents are read from', () => {
    // The sources (each module's `*.cache.ts`) and the stones' SQL they call.
    const readers = [...files.filter((file) => file.endsWith('.cache.ts')), path.join(SRC, 'modules/diamonds/diamond-storefront.ts')].map(codeOf).join('\n');
    const read = new Set<string>();
    for (const match of readers.matchAll(/\b(?:from|join)\s+([a-z_]+)\b/g)) if (tableNames.has(match[1]!)) read.add(match[1]!);
    for (const match of readers.matchAll(/\.(?:from|innerJoin|leftJoin)\(\s*(\w+)/g)) if (tableOf.has(match[1]!)) read.add(tableOf.get(match[1]!)!);
    expect([...read].filter((table) => !sourceTables.has(table))).toEqual([]);
  });
});
