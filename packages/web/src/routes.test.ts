import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from './routes.tsx';

const modulesDir = path.join(import.meta.dirname, 'modules');
const manifestFiles = fs.readdirSync(modulesDir).flatMap((folder) =>
  fs
    .readdirSync(path.join(modulesDir, folder))
    .filter((file) => file.endsWith('.module.ts'))
    .map((file) => `${folder}/${file}`),
);

describe('web modules', () => {
  it('are collected by routes.tsx once each, one manifest per folder', () => {
    const collector = fs.readFileSync(path.join(import.meta.dirname, 'routes.tsx'), 'utf8');
    for (const file of manifestFiles) expect(collector.split(`'./modules/${file}'`).length - 1, file).toBe(1);
    expect(new Set(manifestFiles.map((file) => path.dirname(file))).size).toBe(manifestFiles.length);
  });

  it('declare pages of their own folder only (a page lazily imported from elsewhere belongs to that module)', () => {
    for (const file of manifestFiles) {
      const code = fs.readFileSync(path.join(modulesDir, file), 'utf8');
      const pages = [...code.matchAll(/import\('([^']+)'\)/g)].map((match) => match[1]!);
      expect(pages.length, `${file} declares pages`).toBeGreaterThan(0);
      expect(pages.filter((page) => !page.startsWith('./')), file).toEqual([]);
    }
  });

  it('give every menu entry a path of its own (a query entry repeats a page the table has)', () => {
    const entries = APP_ROUTES.filter((route) => route.menu).map((route) => `${route.path}${route.menu?.search ?? ''}`);
    expect(new Set(entries).size).toBe(entries.length);
    for (const route of APP_ROUTES.filter((entry) => entry.menu?.search)) expect(APP_ROUTES.some((other) => other.path === route.path && !other.menu?.search)).toBe(true);
  });
});
