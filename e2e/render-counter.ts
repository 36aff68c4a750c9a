import type { Page } from '@playwright/test';

/**
 * Counts the React components that render, in the production build, without code in the app: a
 * stand-in for the React DevTools hook (React reports every commit to it when it is present).
 * After each commit it walks the new tree the way DevTools does: a subtree whose child list is the
 * same object as before was not touched (bailed out), so it is skipped; in the rest, a function or
 * class component carrying the PerformedWork flag rendered in this commit.
 */
function installHook() {
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const PERFORMED_WORK = 1;
  interface Fiber {
    tag: number;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
  }
  const counter = { commits: 0, rendered: 0, mounted: 0 };
  const countRendered = (fiber: Fiber | null): number => {
    let total = 0;
    for (let node = fiber; node; node = node.sibling) {
      if (COMPONENT_TAGS.has(node.tag) && (node.flags & PERFORMED_WORK) !== 0) total += 1;
      const touched = node.alternate === null || node.child !== node.alternate.child;
      if (touched) total += countRendered(node.child);
    }
    return total;
  };
  const countMounted = (fiber: Fiber | null): number => {
    let total = 0;
    for (let node = fiber; node; node = node.sibling) total += (COMPONENT_TAGS.has(node.tag) ? 1 : 0) + countMounted(node.child);
    return total;
  };
  let lastRoot: { current: Fiber } | null = null;
  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      lastRoot = root;
      counter.commits += 1;
      counter.rendered += countRendered(root.current.child);
    },
  };
  (window as unknown as Record<string, unknown>).__renderCounter = {
    reset: () => Object.assign(counter, { commits: 0, rendered: 0 }),
    read: () => ({ ...counter, mounted: lastRoot ? countMounted(lastRoot.current.child) : 0 }),
  };
}

/** Installs the counter before the app loads (call before the first navigation). */
export async function installRenderCounter(page: Page) {
  await page.addInitScript(installHook);
}

export interface RenderCount {
  commits: number;
  /** Components that rendered since the last reset. */
  rendered: number;
  /** Components mounted in the page now. */
  mounted: number;
}

export async function resetRenders(page: Page) {
  await page.evaluate(() => (window as unknown as { __renderCounter: { reset: () => void } }).__renderCounter.reset());
}

export async function readRenders(page: Page): Promise<RenderCount> {
  return page.evaluate(() => (window as unknown as { __renderCounter: { read: () => RenderCount } }).__renderCounter.read());
}
