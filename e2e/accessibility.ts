import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { test as base } from '@playwright/test';

/**
 * Accessibility as a check: axe-core runs on every screen a journey opens, once per route, and the
 * journey fails on a serious or critical violation of WCAG 2.0/2.1 level A or AA. Staff use these
 * screens all day, with a keyboard, a screen reader or a zoomed window.
 *
 * Minor and moderate violations are attached to the test (accessibility.json) but do not fail it:
 * axe gives those impacts to findings that inconvenience rather than block (a heading level skipped,
 * a landmark missing), and some of them come from antd's own markup we cannot change screen by
 * screen. Serious and critical ones (text too faint to read, a control without a name, a list a
 * screen reader cannot walk) stop someone from working, so they stop the build.
 */

/** WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
/** How long the screen must stay unchanged (no DOM change, no animation, nothing loading) to count as settled. */
const QUIET_MS = 300;
/** How long one attempt waits for the screen to settle: a screen that keeps changing is tried again later. */
const SETTLE_TIMEOUT_MS = 10_000;

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

export interface ScreenAudit {
  /** The screen's route: its path with record ids as ':id'. */
  route: string;
  url: string;
  /** How long axe took on the screen (waiting for it to settle not counted), for the journeys' time budget. */
  axeMs: number;
  violations: Violation[];
}

/** /products/12/edit and /products/13/edit are one screen: the path with its numeric segments as ':id'. */
function routeOf(url: string): string {
  return new URL(url).pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
}

/** Screens of the app: pages on the app's own origin, not about:blank nor a file or JSON opened from /api. */
function isAppScreen(page: Page): boolean {
  const url = new URL(page.url());
  return /^https?:$/.test(url.protocol) && !url.pathname.startsWith('/api/');
}

declare global {
  interface Window {
    /** Counts DOM changes since the first audit of this document, so an audit can tell the screen moved under it. */
    __facetA11yChanges?: number;
  }
}

/**
 * Waits in the page until the screen has settled: nothing loading (antd spinners, skeletons and
 * buttons waiting for an answer, the app's first-load spinner, aria-busy), no finite animation running (a dialog fading in shows its
 * text faint on the way, which axe would rightly call low contrast), and no DOM change for QUIET_MS.
 * Resolves to the DOM change count at that moment, or null when the screen did not settle in time.
 */
function waitForSettled(page: Page): Promise<number | null> {
  return page.evaluate(
    ({ quietMs, timeoutMs }) =>
      new Promise<number | null>((resolve) => {
        if (window.__facetA11yChanges === undefined) {
          window.__facetA11yChanges = 0;
          new MutationObserver((records) => (window.__facetA11yChanges! += records.length)).observe(document, {
            subtree: true,
            childList: true,
            attributes: true,
            characterData: true,
          });
        }
        const started = performance.now();
        let changes = window.__facetA11yChanges;
        let quietSince = started;
        const isBusy = () =>
          document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading, .page-loading, [aria-busy="true"]') !== null ||
          // Endless animations (a spinner's turn, a running job's pulse) never end: only finite ones count.
          document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
        const tick = () => {
          const now = performance.now();
          if (isBusy() || window.__facetA11yChanges !== changes) {
            changes = window.__facetA11yChanges!;
            quietSince = now;
          }
          if (now - quietSince >= quietMs) resolve(changes);
          else if (now - started >= timeoutMs) resolve(null);
          else setTimeout(tick, 100);
        };
        tick();
      }),
    { quietMs: QUIET_MS, timeoutMs: SETTLE_TIMEOUT_MS },
  );
}

/**
 * Runs axe on the screen once it has settled. Resolves to null when it cannot give a trustworthy
 * answer for one screen: the screen never settled, or changed (or moved to another route) while axe
 * read it, since a half-drawn screen gives violations that are not there.
 */
export async function auditScreen(page: Page): Promise<ScreenAudit | null> {
  const url = page.url();
  const before = await waitForSettled(page);
  if (before === null) return null;
  // Legacy mode runs axe in the page itself: the default opens a blank page in the context for each
  // audit, which costs time and shows up as a page a journey did not open. The app has no
  // cross-origin frames, which is all that mode gives up.
  const started = performance.now();
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  const axeMs = Math.round(performance.now() - started);
  const after = await page.evaluate(() => window.__facetA11yChanges);
  if (after !== before || routeOf(page.url()) !== routeOf(url)) return null;
  return { route: routeOf(url), url, axeMs, violations: results.violations };
}

function blockingViolations(audit: ScreenAudit): Violation[] {
  return audit.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
}

function adviceViolations(audit: ScreenAudit): Violation[] {
  return audit.violations.filter((violation) => !BLOCKING_IMPACTS.has(violation.impact ?? ''));
}

/** One line per violation and one per element (at most five), as a failing journey prints them. */
function describeViolations(audits: ScreenAudit[], violationsOf: (audit: ScreenAudit) => Violation[]): string {
  return audits
    .flatMap((audit) =>
      violationsOf(audit).flatMap((violation) => [
        `${audit.route}: ${violation.id} (${violation.impact}) ${violation.help}: ${violation.nodes.length} element(s) ${violation.helpUrl}`,
        ...violation.nodes.slice(0, 5).map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`),
      ]),
    )
    .join('\n');
}

/** Throws, listing them, when the audits found a serious or critical violation: what fails a journey. */
export function assertNoBlockingViolations(audits: ScreenAudit[]) {
  const blocking = describeViolations(audits, blockingViolations);
  if (blocking) throw new Error(`Serious or critical accessibility violations (axe, WCAG 2 A/AA):\n${blocking}`);
}

/**
 * Audits each route a page shows, once, in the background: a navigation (a page load or the
 * router's pushState) starts an audit that waits for the screen to settle while the journey goes
 * on. An audit the journey outran (it moved on before the screen settled, or changed it under axe)
 * is dropped, and the route is audited the next time it is shown or when the journey ends on it.
 */
class ScreenAuditor {
  readonly audits = new Map<string, ScreenAudit>();
  /** Every route the page showed, audited or not: a journey that moves on before a screen settles leaves it unaudited. */
  readonly routesShown = new Set<string>();
  private running: Promise<void> | undefined;
  private isStopped = false;

  constructor(private readonly page: Page) {
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      if (isAppScreen(page)) this.routesShown.add(routeOf(page.url()));
      this.start();
    });
  }

  /** The page shows a screen of the app that has no audit yet. */
  private showsNewScreen(): boolean {
    return !this.page.isClosed() && isAppScreen(this.page) && !this.audits.has(routeOf(this.page.url()));
  }

  private start() {
    if (this.running || this.isStopped || !this.showsNewScreen()) return;
    this.running = this.auditWhileNew().finally(() => (this.running = undefined));
  }

  private async auditWhileNew() {
    while (!this.isStopped && this.showsNewScreen()) {
      try {
        await this.audit();
      } catch {
        // The page loaded anew or closed under the audit: the next navigation starts another.
        return;
      }
    }
  }

  private async audit() {
    const audit = await auditScreen(this.page);
    if (audit && !this.audits.has(audit.route)) this.audits.set(audit.route, audit);
  }

  /** Stops auditing in the background and audits the screen the journey ended on, if it is new. */
  async finish() {
    this.isStopped = true;
    await this.running;
    if (this.showsNewScreen()) await this.audit().catch(() => undefined);
  }
}

async function report(auditor: ScreenAuditor, testInfo: TestInfo) {
  const audits = [...auditor.audits.values()];
  const unaudited = [...auditor.routesShown].filter((route) => !auditor.audits.has(route));
  if (unaudited.length) testInfo.annotations.push({ type: 'accessibility (not audited: left before it settled)', description: unaudited.join(', ') });
  await testInfo.attach('accessibility.json', { body: JSON.stringify(audits, null, 2), contentType: 'application/json' });
  const advice = describeViolations(audits, adviceViolations);
  if (advice) testInfo.annotations.push({ type: 'accessibility (minor or moderate)', description: advice });
  if (ACCESSIBILITY_GATE === 'block') assertNoBlockingViolations(audits);
  else {
    const blocking = describeViolations(audits, blockingViolations);
    if (blocking) testInfo.annotations.push({ type: 'accessibility (serious or critical: to fix)', description: blocking });
  }
}

/**
 * Whether a serious or critical violation fails the journey (`block`, the default) or is only
 * recorded on it (`report`). `ACCESSIBILITY_GATE=report` is for a local survey of many screens at
 * once (every journey runs to its end and lists what it found in its annotations); CI and everyone
 * else block.
 */
const ACCESSIBILITY_GATE = process.env.ACCESSIBILITY_GATE === 'report' ? 'report' : 'block';

/**
 * The journeys' `test`: Playwright's, with the accessibility check on the `page` of every test.
 * Journeys import `test` from here (support.ts re-exports it); the lint rule on e2e/tests keeps it so.
 */
export const test = base.extend<{ screenAudits: Map<string, ScreenAudit> }>({
  screenAudits: [
    async ({ page }, use, testInfo) => {
      const auditor = new ScreenAuditor(page);
      await use(auditor.audits);
      // A journey that already failed has said what matters; its screens may be half-way through something.
      if (testInfo.status !== testInfo.expectedStatus) return;
      await auditor.finish();
      await report(auditor, testInfo);
    },
    // Its own time, apart from the journey's: the last screen's audit must not eat a long journey's budget.
    { auto: true, timeout: 60_000 },
  ],
});
