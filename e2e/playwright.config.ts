import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the production build, served by the real server on a throwaway data
 * folder (global-setup.ts starts it and sets FACET_BASE_URL). Debian's Chromium, never a download.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // One server, one database: tests run one after another and build their own data.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: process.env.FACET_BASE_URL,
    headless: true,
    viewport: { width: 1366, height: 820 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
