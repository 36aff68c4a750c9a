import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { ScreenAudit } from '../accessibility.ts';
import { assertNoBlockingViolations, auditScreen } from '../accessibility.ts';
import { ADMIN, login, test } from '../support.ts';

/**
 * The accessibility check itself (accessibility.ts): it must see a real violation, on the screens a
 * journey opens without being asked, and fail the journey for it. The probe is grey text on white at
 * 1.6:1, which WCAG AA refuses (4.5:1).
 */
const PROBE_ID = 'facet-a11y-probe';

function addFaintProbe() {
  const probe = document.createElement('p');
  probe.id = 'facet-a11y-probe';
  probe.textContent = 'Text too faint to read';
  probe.style.cssText = 'color: #c8c8c8; background: #ffffff; font-size: 14px;';
  document.body.append(probe);
}

/** Audits the screen, waiting as long as the test allows for it to hold still. */
async function auditSettledScreen(page: Page): Promise<ScreenAudit> {
  for (;;) {
    const audit = await auditScreen(page);
    if (audit) return audit;
  }
}

test('axe reports low-contrast text put on a screen as a serious colour-contrast violation', async ({ page, screenAudits }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.evaluate(addFaintProbe);

  const audit = await auditSettledScreen(page);
  const contrast = audit.violations.find((violation) => violation.id === 'color-contrast');
  expect(contrast?.impact).toBe('serious');
  expect(contrast?.nodes.map((node) => node.target.join(' '))).toContain(`#${PROBE_ID}`);
  expect(() => assertNoBlockingViolations([audit])).toThrow(`/: color-contrast (serious)`);

  // The probe is this test's own doing: without it the dashboard passes, and so does the journey.
  await page.evaluate((id) => document.getElementById(id)?.remove(), PROBE_ID);
  screenAudits.clear();
});

test('a screen a journey opens is audited without the journey asking, and a violation on it fails the journey', async ({ page, screenAudits }) => {
  // The probe is on every document from the start, so the background audit of each screen meets it.
  await page.addInitScript(`document.addEventListener('DOMContentLoaded', ${addFaintProbe.toString()})`);
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/users');

  await expect.poll(() => screenAudits.has('/users'), { timeout: 60_000 }).toBe(true);
  const audits = [...screenAudits.values()];
  expect(() => assertNoBlockingViolations(audits)).toThrow(`/users: color-contrast (serious)`);
  expect(() => assertNoBlockingViolations(audits)).toThrow(`#${PROBE_ID}`);

  await page.evaluate((id) => document.getElementById(id)?.remove(), PROBE_ID);
  screenAudits.clear();
});
