import fs from 'node:fs';
import path from 'node:path';
import { CACHE_KEYS } from '@facet/contract/modules/cache/cache.schema';
import type { CacheKey } from '@facet/contract/modules/cache/cache.schema';
import type { PermissionKey } from '@facet/contract/permissions';
import { getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_SEEDERS } from '../bootstrap/demo-data.ts';
import { REFERENCE_SEEDERS } from '../bootstrap/reference-data.ts';
import { SERVER_MODULES } from './index.ts';
import { assertDeclaredPermissions, cacheSourcesOf, inSeedOrder } from './server-module.ts';

const names = (modules: readonly { name: string }[]) => modules.map((module) => module.name);

describe('seed order of the modules', () => {
  it('puts each module after the ones it names, and keeps the given order otherwise', () => {
    const modules = [{ name: 'menu', after: ['categories', 'pages'] }, { name: 'categories', after: ['attributes'] }, { name: 'pages' }, { name: 'attributes' }, { name: 'rates' }];
    expect(names(inSeedOrder(modules))).toEqual(['pages', 'attributes', 'categories', 'menu', 'rates']);
    expect(names(inSeedOrder([{ name: 'a' }, { name: 'b' }]))).toEqual(['a', 'b']);
  });

  it('refuses an unknown module and a circle', () => {
    expect(() => inSeedOrder([{ name: 'menu', after: ['categoris'] }])).toThrow('module menu seeds after categoris, which is no module');
    expect(() => inSeedOrder([{ name: 'a', after: ['b'] }, { name: 'b', after: ['a'] }, { name: 'c' }])).toThrow('in a circle: a, b');
  });

  it('seeds the registry: every dependency before its dependants, every seeder once', () => {
    const order = names(inSeedOrder(SERVER_MODULES));
    for (const module of SERVER_MODULES) {
      for (const name of module.after ?? []) expect(order.indexOf(name), `${module.name} after ${name}`).toBeLessThan(order.indexOf(module.name));
    }
    expect(new Set(names(SERVER_MODULES)).size).toBe(SERVER_MODULES.length);
    // The demo's staff come first; then one seeder per module that has demo data.
    expect(DEMO_SEEDERS.length).toBe(1 + SERVER_MODULES.filter((module) => module.demo).length);
    expect(REFERENCE_SEEDERS.length).toBe(SERVER_MODULES.filter((module) => module.reference).length);
  });
});

describe('module manifests', () => {
  const modulesDir = import.meta.dirname;
  const manifestFiles = fs.readdirSync(modulesDir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? fs.readdirSync(path.join(modulesDir, entry.name)).filter((file) => file.endsWith('.module.ts')).map((file) => `${entry.name}/${file}`) : [],
  );

  it('collects every manifest once, and a manifest is named after its folder', () => {
    const collector = fs.readFileSync(path.join(modulesDir, 'index.ts'), 'utf8');
    for (const file of manifestFiles) expect(collector.split(`'./${file}'`).length - 1, `${file} imported by modules/index.ts`).toBe(1);
    expect(manifestFiles).toHaveLength(SERVER_MODULES.length);
    for (const module of SERVER_MODULES) expect(manifestFiles.filter((file) => file.startsWith(`${module.name}/`)), module.name).toHaveLength(1);
  });

  it('gives every table of a module exactly one owner', () => {
    const declared = new Set(
      manifestFiles.flatMap((file) => fs.readdirSync(path.join(modulesDir, path.dirname(file)), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.table.ts')).flatMap((name) => [...fs.readFileSync(path.join(modulesDir, path.dirname(file), name), 'utf8').matchAll(/export const \w+ = pgTable\(\s*'(\w+)'/g)].map((match) => match[1]!))),
    );
    const owned = SERVER_MODULES.flatMap((module) => module.tables.map((table) => getTableName(table)));
    expect(new Set(owned).size, 'a table owned twice').toBe(owned.length);
    expect(new Set(owned)).toEqual(declared);
  });

  it('builds each cache key of the contract in exactly one module', () => {
    const sources = cacheSourcesOf(SERVER_MODULES);
    expect([...sources.keys()].sort()).toEqual([...CACHE_KEYS].sort());
    const rates = SERVER_MODULES.find((module) => module.name === 'shipping-rates')!;
    const withoutRates = SERVER_MODULES.filter((module) => module !== rates);
    expect(() => cacheSourcesOf(withoutRates)).toThrow('cache keys no module builds: shipping-rates');
    expect(() => cacheSourcesOf([...SERVER_MODULES, { name: 'copy', cacheSources: rates.cacheSources }])).toThrow('cache key shipping-rates is built by two modules: shipping-rates and copy');
    const stray = { ...rates.cacheSources![0]!, key: 'gift-cards' as CacheKey };
    expect(() => cacheSourcesOf([...SERVER_MODULES, { name: 'gift-cards', cacheSources: [stray] }])).toThrow("builds cache key gift-cards, which the contract's CACHE_KEYS does not list");
  });

  it('refuses a route checking a key its module does not declare, and a key the contract does not know', () => {
    const route = { method: 'GET', url: '/api/shipping-rates', config: { permission: ['system', 'products'] as const } };
    expect(() => assertDeclaredPermissions({ name: 'shipping-rates', permissions: ['system', 'products'] }, [route])).not.toThrow();
    expect(() => assertDeclaredPermissions({ name: 'shipping-rates', permissions: ['system'] }, [route])).toThrow('GET /api/shipping-rates checks products, which module shipping-rates does not declare');
    expect(() => assertDeclaredPermissions({ name: 'shipping-rates', permissions: ['system', 'shipping' as PermissionKey] }, [])).toThrow('declares permission keys the contract does not know: shipping');
  });
});
