import { describe, expect, it } from 'vitest';
import { resolveRange } from './media-storage.ts';

describe('resolveRange (RFC 9110 single byte ranges)', () => {
  it('reads the three forms against the file size', () => {
    expect(resolveRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(resolveRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(resolveRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('answers unsatisfiable for a range past the end, an empty suffix or an empty file', () => {
    expect(resolveRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(resolveRange('bytes=1200-1300', 1000)).toBe('unsatisfiable');
    expect(resolveRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(resolveRange('bytes=-10', 0)).toBe('unsatisfiable');
  });

  it('ignores no header, several ranges, another unit, a reversed range and digits past 15', () => {
    for (const header of [undefined, 'bytes=0-1,5-6', 'items=0-1', 'bytes=5-2', 'bytes=-', `bytes=${'9'.repeat(16)}-`, 'bytes=0x10-']) {
      expect(resolveRange(header, 1000), String(header)).toBeNull();
    }
  });
});
