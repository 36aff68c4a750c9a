import { describe, expect, it } from 'vitest';
import { DEMO_SEEDERS } from './bootstrap/demo-data.ts';
import { REFERENCE_SEEDERS } from './bootstrap/reference-data.ts';
import { SERVER_MODULES } from './index.ts';
import { inSeedOrder } from './server-module.ts';

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
