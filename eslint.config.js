import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** An import that matches `regex` is an error, with the rule that says why. */
const forbid = (regex, message) => ({ regex, message });

const WEB_OVER_HTTP = forbid('^@facet/server(/|$)|(^|/)server/src(/|$)', 'The web app talks to the server over HTTP only; shared code lives in the contract.');

/**
 * The package and layer boundaries of ARCHITECTURE.md, checked on every `npm run lint`
 * (`packages/server/src/test/boundaries.test.ts` proves a crossing fails). Tests may reach across:
 * a test of the CRUD service needs a real module table to run on.
 */
export const boundaries = [
  {
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [forbid('^(?!\\.\\.?/|zod$|zod/)', 'The contract imports only zod and its own files (ARCHITECTURE.md).')] },
      ],
    },
  },
  {
    files: ['packages/server/src/db/**/*.ts', 'packages/server/src/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              '^(\\.\\.?/)+(\\.\\./)*modules(/|$)',
              'db/ and http/ are the toolkit under the modules: they never import modules/ (pass what they need in from app.ts).',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/{jobs,workers,integrations,storage}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              '^(\\.\\.?/)+(\\.\\./)*modules(/|$)',
              'jobs/, workers/, integrations/ and storage/ are platform under the modules: they never import modules/ (a module declares its job kinds in its manifest).',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/ui/tree-select.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [WEB_OVER_HTTP],
          paths: [{ name: 'antd', importNames: ['TreeSelect'], message: "Use ui/tree-select.tsx: antd's TreeSelect points its input at a list id nothing carries (axe, critical)." }],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/ui/tree-select.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [WEB_OVER_HTTP] }] },
  },
];

/**
 * The server's modules grouped into areas (ARCHITECTURE.md, "Boundaries"). A module reads the tables
 * of the modules of its own area directly; anything else of another module it reaches through that
 * module's public face, its `index.ts`. A new module folder is placed here (modules/areas.test.ts
 * fails until it is).
 */
export const MODULE_AREAS = {
  // The media library sits with the catalogue: products, categories and attributes are what it pictures.
  catalogue: [
    'products',
    'product-attributes',
    'attribute-sets',
    'categories',
    'product-sizes',
    'product-media',
    'product-import',
    'product-prices',
    'image-sync',
    'metals',
    'metal-qualities',
    'media',
  ],
  diamonds: ['diamonds', 'diamond-shapes', 'diamond-qualities', 'diamond-markups'],
  customers: ['customers', 'customer-groups'],
  // The dashboard's rollups are mostly of orders (it reads their tables); its other figures come through the modules' faces.
  sales: ['shipping-rates', 'orders', 'invoices', 'inquiries', 'carts', 'appointments', 'dashboard', 'customer-form'],
  marketing: ['coupons', 'catalog-price-rules', 'reviews', 'contact-forms', 'newsletters'],
  content: ['content-pages', 'navigation-menu', 'banners', 'widget-sections', 'blogs'],
  reports: ['reports'],
  system: ['auth', 'users', 'roles', 'permissions', 'api-keys', 'settings', 'instagram', 'cache', 'storefront', 'mail'],
};
const areaOf = new Map(Object.entries(MODULE_AREAS).flatMap(([area, modules]) => modules.map((module) => [module, area])));

const SERVER_SRC = path.join(import.meta.dirname, 'packages/server/src');
const MODULES_DIR = path.join(SERVER_SRC, 'modules');

/** `{ module, inside }` for a file in a module's folder (`inside`: its path within the module), else null. */
function moduleOf(file) {
  const relative = path.relative(MODULES_DIR, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [module, ...rest] = relative.split(path.sep);
  return rest.length ? { module, inside: rest.join('/') } : null;
}

/** Why importing `target` from `importer` crosses a boundary, or null when it may. */
function crossing(importer, target) {
  const from = moduleOf(importer);
  const to = moduleOf(target);
  if (!from || !to || from.module === to.module || to.inside === 'index.ts') return null;
  const sameArea = areaOf.get(from.module) !== undefined && areaOf.get(from.module) === areaOf.get(to.module);
  if (to.inside.endsWith('.table.ts') && sameArea) return null;
  return `${from.module} reaches into ${to.module}/${to.inside}: import what other modules may use from '${to.module}/index.ts'` +
    (to.inside.endsWith('.table.ts') ? ` (a table is read directly only within its area: ${to.module} is in ${areaOf.get(to.module) ?? 'no area'}, ${from.module} in ${areaOf.get(from.module) ?? 'no area'}).` : '.');
}

/** The boundaries between server modules (and of the layers under them), on every relative import and re-export. */
const moduleBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const message = crossing(context.filename, path.resolve(path.dirname(context.filename), source));
      if (message) context.report({ node: node.source, message });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['packages/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/web/**/*.tsx', 'packages/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...boundaries,
  {
    // The journeys' `test` carries the accessibility check (e2e/accessibility.ts): a journey on Playwright's own would skip it.
    files: ['e2e/tests/**/*.ts', 'e2e/list-journey.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import `test` from e2e/support.ts: it checks each screen with axe." }] },
      ],
    },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    // Tests may reach across: a test sets up and reads the rows of the modules its behaviour spans.
    ignores: ['**/*.test.ts', 'packages/server/src/test/**'],
    plugins: { facet: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'facet/module-boundaries': 'error' },
  },
);
