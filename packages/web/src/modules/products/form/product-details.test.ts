import { describe, expect, it } from 'vitest';
import { applyDetailLines, detailsToLines, unreadableDetailLines } from './product-details.ts';

describe('Product Details bulk edit', () => {
  const details = [
    { label: 'Stone', value: 'Diamond' },
    { label: 'Setting', value: 'Claw' },
  ];

  it('updates a row whose label matches case-insensitively and keeps its spelling and place', () => {
    expect(applyDetailLines(details, 'STONE: Sapphire')).toEqual([
      { label: 'Stone', value: 'Sapphire' },
      { label: 'Setting', value: 'Claw' },
    ]);
  });

  it('adds a row for a new label, after the existing ones', () => {
    expect(applyDetailLines(details, 'Band width:2.5 mm')).toEqual([...details, { label: 'Band width', value: '2.5 mm' }]);
  });

  it('keeps rows the lines do not name, and does not change the rows passed in', () => {
    const before = JSON.stringify(details);
    const result = applyDetailLines(details, 'Finish: Polished\nsetting: Bezel');
    expect(result).toEqual([
      { label: 'Stone', value: 'Diamond' },
      { label: 'Setting', value: 'Bezel' },
      { label: 'Finish', value: 'Polished' },
    ]);
    expect(JSON.stringify(details)).toBe(before);
  });

  it('splits at the first colon, trims, and skips blank or unreadable lines', () => {
    const text = '\n  Dimensions : 5:3 mm  \nno colon here\n: no label\n';
    expect(applyDetailLines([], text)).toEqual([{ label: 'Dimensions', value: '5:3 mm' }]);
    expect(unreadableDetailLines(text)).toEqual(['no colon here', ': no label']);
  });

  it('lets a later line win when a label is given twice, and a new label added by an earlier line is updated too', () => {
    expect(applyDetailLines([], 'Metal: Gold\nmetal: Platinum')).toEqual([{ label: 'Metal', value: 'Platinum' }]);
  });

  it('writes the rows as lines for the editor, leaving out blank rows', () => {
    expect(detailsToLines([...details, { label: '', value: ' ' }])).toBe('Stone:Diamond\nSetting:Claw');
    expect(applyDetailLines(details, detailsToLines(details))).toEqual(details);
  });
});
