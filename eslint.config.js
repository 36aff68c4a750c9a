import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** An import that matches `regex` is an error, with the rule that says why. */
const forbid = (regex, message) => ({ regex, message });

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
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [forbid('^@facet/server(/|$)|(^|/)server/src(/|$)', 'The web app talks to the server over HTTP only; shared code lives in the contract.')] },
      ],
    },
  },
];

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
);
