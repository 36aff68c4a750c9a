import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOSTILE_WALK_PARTS, describeHostileWalk } from '../test/hostile-walk.ts';

describeHostileWalk('rest');

describe('the parts of the hostile-input walk', () => {
  it('each have their test file, so every route is walked', () => {
    const missing = Object.keys(HOSTILE_WALK_PARTS).filter((part) => !fs.existsSync(path.join(import.meta.dirname, `hostile-input-${part}.test.ts`)));
    expect(missing).toEqual([]);
  });
});
