import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const BOUNDARY_RULES = ['no-restricted-imports', 'facet/module-boundaries'];
/** The areas, as the lint config declares them (a JavaScript file, so read at run time). */
const { MODULE_AREAS } = (await import(path.join(root, 'eslint.config.js'))) as { MODULE_AREAS: Record<string, string[]> };
// Only the boundary rule, without the type-aware program: the same config, in a second instead of half a minute.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.includes(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

/** The boundary errors `npm run lint` reports for `code` saved at `file` (an existing file, so typed linting has its project). */
async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => BOUNDARY_RULES.includes(m.ruleId ?? '')).map((m) => m.message);
}

describe('package and layer boundaries (eslint.config.js)', () => {
  it('fails a db/ file that imports a module', async () => {
    const errors = await boundaryErrors(
      'packages/server/src/db/usage.ts',
      "import { users } from '../modules/users/user.table.ts';\nexport const t = users;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('db/ and http/ are the toolkit under the modules');
  });

  it('fails an http/ file that imports a module, and lets db/ and http/ import each other', async () => {
    // A re-export is an import too.
    expect(await boundaryErrors('packages/server/src/http/guard.ts', "export { resolveSession } from '../modules/auth/session.service.ts';\n")).toHaveLength(1);
    expect(
      await boundaryErrors('packages/server/src/http/guard.ts', "import { resolveSession } from '../modules/auth/session.service.ts';\nexport const r = resolveSession;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('packages/server/src/db/usage.ts', "import { writeAudit } from './audit.ts';\nimport { conflict } from '../http/errors.ts';\nexport const a = [writeAudit, conflict];\n"),
    ).toEqual([]);
  });

  it('fails a jobs/, workers/ or integrations/ file that imports a module', async () => {
    const errors = await boundaryErrors('packages/server/src/jobs/job-files.ts', "import { shippingRates } from '../modules/shipping-rates/shipping-rate.table.ts';\nexport const t = shippingRates;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('jobs/, workers/, integrations/ and storage/ are platform under the modules');
    expect(await boundaryErrors('packages/server/src/workers/worker-thread.ts', "import { sanitizeSvg } from '../modules/media/svg-sanitizer.ts';\nexport const s = sanitizeSvg;\n")).toHaveLength(1);
    expect(await boundaryErrors('packages/server/src/integrations/s3/s3-storage.ts', "import type { MediaStorage } from '../../modules/media/media.storage.ts';\nexport type M = MediaStorage;\n")).toHaveLength(1);
    expect(await boundaryErrors('packages/server/src/jobs/job-files.ts', "import { writeAudit } from '../db/audit.ts';\nexport const a = writeAudit;\n")).toEqual([]);
  });

  it('fails a contract file that imports anything but zod and its own files', async () => {
    const file = 'packages/contract/src/messages.ts';
    expect(await boundaryErrors(file, "import { sql } from 'drizzle-orm';\nexport const s = sql;\n")).toHaveLength(1);
    expect(await boundaryErrors(file, "import { z } from 'zod';\nimport { MESSAGES } from './messages.ts';\nexport const a = [z, MESSAGES];\n")).toEqual([]);
  });

  it('fails a web file that imports the server', async () => {
    const file = 'packages/web/src/main.tsx';
    expect(await boundaryErrors(file, "import { createApp } from '../../server/src/app.ts';\nexport const a = createApp;\n")).toHaveLength(1);
    expect(await boundaryErrors(file, "import { createApp } from '@facet/server/app';\nexport const a = createApp;\n")).toHaveLength(1);
  });

  it("fails a web file that takes antd's TreeSelect rather than ui/tree-select.tsx (the wrapper keeps the server rule)", async () => {
    const errors = await boundaryErrors('packages/web/src/main.tsx', "import { TreeSelect } from 'antd';\nexport const t = TreeSelect;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('ui/tree-select.tsx');
    expect(await boundaryErrors('packages/web/src/main.tsx', "import type { TreeSelectProps } from 'antd';\nimport { Select } from 'antd';\nexport type P = TreeSelectProps;\nexport const s = Select;\n")).toEqual([]);
    expect(await boundaryErrors('packages/web/src/ui/tree-select.tsx', "import { TreeSelect } from 'antd';\nexport const t = TreeSelect;\n")).toEqual([]);
    expect(await boundaryErrors('packages/web/src/ui/tree-select.tsx', "import { createApp } from '@facet/server/app';\nexport const a = createApp;\n")).toHaveLength(1);
  });
});

describe('boundaries between server modules (eslint.config.js: MODULE_AREAS, facet/module-boundaries)', () => {
  const modulesDir = path.join(root, 'packages/server/src/modules');

  it('fails a module importing another module’s internals, and lets it import that module’s index.ts', async () => {
    const file = 'packages/server/src/modules/products/product.service.ts';
    const deep = await boundaryErrors(file, "import type { CacheSource } from '../cache/cache-source.ts';\nexport type C = CacheSource;\n");
    expect(deep).toHaveLength(1);
    expect(deep[0]).toContain("products reaches into cache/cache-source.ts: import what other modules may use from 'cache/index.ts'");
    // A re-export and a dynamic import cross as much as an import.
    expect(await boundaryErrors(file, "export { hashPassword } from '../auth/password.ts';\n")).toHaveLength(1);
    expect(await boundaryErrors(file, "export const load = () => import('../auth/password.ts');\n")).toHaveLength(1);
    expect(await boundaryErrors(file, "import type { CacheSource } from '../cache/index.ts';\nimport { products } from './product.table.ts';\nexport const a = [products] as unknown as CacheSource;\n")).toEqual([]);
  });

  it('lets a module read the tables of its own area only', async () => {
    const file = 'packages/server/src/modules/products/product.queries.ts';
    expect(await boundaryErrors(file, "import { attributeSets } from '../attribute-sets/attribute-set.table.ts';\nexport const t = attributeSets;\n")).toEqual([]);
    const other = await boundaryErrors(file, "import { settings } from '../settings/setting.table.ts';\nexport const t = settings;\n");
    expect(other).toHaveLength(1);
    expect(other[0]).toContain('a table is read directly only within its area: settings is in system, products in catalogue');
  });

  it('places every module folder in exactly one area, and names no folder that is gone', () => {
    const folders = fs.readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
    const placed = Object.values(MODULE_AREAS).flat();
    expect([...placed].sort()).toEqual(folders);
    expect(new Set(placed).size).toBe(placed.length);
  });

  it('refuses another area’s table even for a foreign key: the owning module gives the column through its face', async () => {
    const file = 'packages/server/src/modules/navigation-menu/navigation-menu.table.ts';
    const table = await boundaryErrors(file, "import { categories } from '../categories/category.table.ts';\nexport const t = categories;\n");
    expect(table).toHaveLength(1);
    expect(table[0]).toContain('categories is in catalogue, navigation-menu in content');
    expect(await boundaryErrors(file, "import { categoryIdColumn } from '../categories/index.ts';\nexport const c = categoryIdColumn('category_id');\n")).toEqual([]);
  });
});
