import { describe, expect, it } from 'vitest';
import { formatCarat, formatFeedWords, formatPounds } from './diamond-format.ts';

describe('diamond formats', () => {
  it('writes the feed’s capitalised words in title case', () => {
    expect(formatFeedWords('SLIGHTLY THICK')).toBe('Slightly Thick');
    expect(formatFeedWords('MEDIUM_TO_SLIGHTLY_THICK')).toBe('Medium to Slightly Thick');
    expect(formatFeedWords('THIN TO  MEDIUM')).toBe('Thin to  Medium');
    expect(formatFeedWords('CUSHION MODIFIED')).toBe('Cushion Modified');
    expect(formatFeedWords('FAINT BLUE')).toBe('Faint Blue');
    expect(formatFeedWords('VERY_STRONG')).toBe('Very Strong');
    expect(formatFeedWords('NONE')).toBe('None');
    expect(formatFeedWords('AVAILABLE')).toBe('Available');
    expect(formatFeedWords('FANCY INTENSE YELLOW-GREEN')).toBe('Fancy Intense Yellow-Green');
  });

  it('leaves grades, abbreviations and words already written by a person as they are', () => {
    for (const grade of ['D', 'G', 'IF', 'FL', 'VS1', 'SI2', 'I1', 'GIA', 'N/A']) expect(formatFeedWords(grade)).toBe(grade);
    expect(formatFeedWords('Very Good')).toBe('Very Good');
    expect(formatFeedWords('1.01 ct Round G VS1 Excellent Natural Diamond')).toBe('1.01 ct Round G VS1 Excellent Natural Diamond');
    expect(formatFeedWords('1.01 ct CUSHION MODIFIED G VS1')).toBe('1.01 ct Cushion Modified G VS1');
    expect(formatFeedWords('TO BE CONFIRMED')).toBe('To Be Confirmed');
    expect(formatFeedWords('')).toBe('');
  });

  it('writes prices in whole pounds and weights in carats', () => {
    expect(formatPounds(4770)).toBe('£4,770');
    expect(formatCarat(1.2)).toBe('1.20 ct');
  });
});
