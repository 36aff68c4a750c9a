import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseMemory } from './release-memory.ts';
import { SERVER_NODE_FLAGS } from './server-command.ts';

describe('releaseMemory', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gives typed arrays no longer referenced back in a process started with the server's flags", () => {
    // 160 MB of typed arrays, dropped. (Without the collection V8 may keep them until its heap grows, or free them at a
    // time of its choosing: a run without the flag is no reliable control, so the call itself is checked below.)
    const script = `
      import { releaseMemory } from ${JSON.stringify(new URL('./release-memory.ts', import.meta.url).href)};
      const exposed = typeof globalThis.gc === 'function';
      let arrays = Array.from({ length: 20 }, () => new Float64Array(1_000_000).fill(1));
      const held = process.memoryUsage().arrayBuffers;
      arrays = null;
      await releaseMemory();
      // The collection's sweep of the arrays' memory ends just after it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      console.log(JSON.stringify({ exposed, held, after: process.memoryUsage().arrayBuffers }));`;
    const result = JSON.parse(execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '--input-type=module', '-e', script], { encoding: 'utf8' })) as { exposed: boolean; held: number; after: number };
    expect(result.exposed).toBe(true);
    expect(result.held).toBeGreaterThan(150 * 2 ** 20);
    expect(result.after).toBeLessThan(10 * 2 ** 20);
  });

  it("asks V8 for a full collection in a task of its own where gc is exposed, and does nothing where it is not", async () => {
    const gc = vi.fn(() => Promise.resolve());
    vi.stubGlobal('gc', gc);
    await releaseMemory();
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'async' });
    vi.stubGlobal('gc', undefined);
    await expect(releaseMemory()).resolves.toBeUndefined();
  });
});
