import { describe, expect, it } from 'vitest';
import { activeMenuKeyOf } from './menu.tsx';

describe('the highlighted menu entry', () => {
  it('is the entry of the same page whose query the address holds (Gemstones), else the page’s own', () => {
    expect(activeMenuKeyOf('/diamonds', '?type=gemstone')).toBe('/diamonds?type=gemstone');
    expect(activeMenuKeyOf('/diamonds', '?page=2&type=gemstone&caratFrom=1')).toBe('/diamonds?type=gemstone');
    expect(activeMenuKeyOf('/diamonds', '?page=2')).toBe('/diamonds');
    expect(activeMenuKeyOf('/diamonds', '')).toBe('/diamonds');
    expect(activeMenuKeyOf('/products', '?type=gemstone')).toBe('/products');
    expect(activeMenuKeyOf(undefined, '?type=gemstone')).toBeUndefined();
  });
});
