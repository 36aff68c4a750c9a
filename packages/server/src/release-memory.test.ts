import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server-command.ts';

describe('releaseMemory', () => {
  it("gives typed arrays no longer referenced back at once in a process started with the server's flags", () => {
    // 160 MB of typed arrays, dropped: without the collection V8 keeps them until its heap grows.
    const script = `
      import { releaseMemory } from ${JSON.stringify(new URL('./release-memory.ts', import.meta.url).href)};
      let arrays = Array.from({ length: 20 }, () => new Float64Array(1_000_000).fill(1));
      const held = process.memoryUsage().arrayBuffers;
      arrays = null;
      await releaseMemory();
      // The collection's sweep of the arrays' memory ends just after it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      console.log(JSON.stringify({ held, after: process.memoryUsage().arrayBuffers }));`;
    const run = (flags: readonly string[]) => JSON.parse(execFileSync(process.execPath, [...flags, '--input-type=module', '-e', script], { encoding: 'utf8' })) as { held: number; after: number };
    const withServerFlags = run(SERVER_NODE_FLAGS);
    expect(withServerFlags.held).toBeGreaterThan(150 * 2 ** 20);
    expect(withServerFlags.after).toBeLessThan(10 * 2 ** 20);
    // Without the flag the arrays stay: the check above is the collection's doing.
    expect(run(SERVER_NODE_FLAGS.filter((flag) => flag !== '--expose-gc')).after).toBeGreaterThan(150 * 2 ** 20);
  });
});
