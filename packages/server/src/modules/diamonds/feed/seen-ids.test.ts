import { describe, expect, it } from 'vitest';
import { SeenIds } from './seen-ids.ts';

describe('SeenIds (a feed read: was any id sent twice?)', () => {
  it('says no for distinct ids, however many, through its growth', () => {
    const seen = new SeenIds();
    for (let i = 0; i < 200_000; i += 1) seen.add(`NT-7-${String(i).padStart(7, '0')}`);
    expect(seen.repeated).toBe(false);
  });

  it('says yes once an id comes again, early or late', () => {
    const early = new SeenIds();
    early.add('a');
    early.add('a');
    expect(early.repeated).toBe(true);
    const late = new SeenIds();
    for (let i = 0; i < 100_000; i += 1) late.add(`id-${i}`);
    expect(late.repeated).toBe(false);
    late.add('id-54321');
    expect(late.repeated).toBe(true);
  });

  it('tells ids apart that differ in one character or only in case', () => {
    const seen = new SeenIds();
    for (const id of ['abc', 'abd', 'ABC', 'ab', 'abc ', 'bac', 'é', 'e']) seen.add(id);
    expect(seen.repeated).toBe(false);
  });
});
