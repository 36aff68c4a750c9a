import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../messages.ts';
import type { MediaVariant } from './apply-media.ts';
import { applyChosenMedia, applyTargetProblem, chosenMediaOf } from './apply-media.ts';

const METAL = 10;
const SIZE = 20;
const [YELLOW, WHITE, SIZE_J, SIZE_K] = [101, 102, 201, 202];

function variant(metal: number, size: number): MediaVariant {
  return { optionKey: `${metal}_${size}`, options: [{ attributeId: METAL, optionId: metal }, { attributeId: SIZE, optionId: size }], baseImage: '', otherImages: [], video: '' };
}
const variants = [variant(YELLOW, SIZE_J), variant(YELLOW, SIZE_K), variant(WHITE, SIZE_J), variant(WHITE, SIZE_K)];
const chosen = { baseImage: '/media/a.jpg', otherImages: ['/media/b.png'], video: '/media/c.mp4' };

describe('applying chosen media to variants', () => {
  it('Current Option Only: only the variant the modal was opened from receives the media', () => {
    const result = applyChosenMedia(variants, `${WHITE}_${SIZE_J}`, chosen, { scope: 'current' });
    expect(result.map((v) => v.baseImage)).toEqual(['', '', '/media/a.jpg', '']);
    expect(result[2]).toMatchObject({ otherImages: ['/media/b.png'], video: '/media/c.mp4' });
  });

  it('By Specific Option: every variant whose options include that value of that attribute receives it', () => {
    const byMetal = applyChosenMedia(variants, `${WHITE}_${SIZE_J}`, chosen, { scope: 'option', attributeId: METAL, optionId: YELLOW });
    expect(byMetal.map((v) => v.baseImage)).toEqual(['/media/a.jpg', '/media/a.jpg', '', '']);
    const bySize = applyChosenMedia(variants, `${WHITE}_${SIZE_J}`, chosen, { scope: 'option', attributeId: SIZE, optionId: SIZE_K });
    expect(bySize.map((v) => v.baseImage)).toEqual(['', '/media/a.jpg', '', '/media/a.jpg']);
  });

  it('matches the option id within its attribute only', () => {
    // The same option id under another attribute is another value.
    const result = applyChosenMedia(variants, 'x', chosen, { scope: 'option', attributeId: SIZE, optionId: YELLOW });
    expect(result.every((v) => v.baseImage === '')).toBe(true);
  });

  it('returns untouched variants as the same objects and copies the image list of each changed one', () => {
    const result = applyChosenMedia(variants, `${YELLOW}_${SIZE_J}`, chosen, { scope: 'option', attributeId: SIZE, optionId: SIZE_J });
    expect(result[1]).toBe(variants[1]);
    expect(result[0]).not.toBe(variants[0]);
    expect(result[0]!.otherImages).not.toBe(result[2]!.otherImages);
    expect(variants[0]!.baseImage).toBe('');
  });

  it('keeps the fields a form adds to its variants', () => {
    const withPrice = variants.map((v) => ({ ...v, price: 499 }));
    expect(applyChosenMedia(withPrice, `${YELLOW}_${SIZE_J}`, chosen, { scope: 'current' })[0]).toMatchObject({ price: 499, baseImage: '/media/a.jpg' });
  });
});

describe('the modal selection', () => {
  it('puts the image set as main first and the others in the order chosen', () => {
    expect(chosenMediaOf(['/1', '/2', '/3'], '/2', null)).toEqual({ baseImage: '/2', otherImages: ['/1', '/3'], video: '' });
  });

  it('takes the first chosen image as main when none was set, and ignores a main image that is not chosen', () => {
    expect(chosenMediaOf(['/1', '/2'], null, '/v.mp4')).toEqual({ baseImage: '/1', otherImages: ['/2'], video: '/v.mp4' });
    expect(chosenMediaOf(['/1', '/2', '/1'], '/9', null)).toEqual({ baseImage: '/1', otherImages: ['/2'], video: '' });
    expect(chosenMediaOf([], null, null)).toEqual({ baseImage: '', otherImages: [], video: '' });
  });
});

describe('Apply Image To? rule', () => {
  it('requires the option when By Specific Option is chosen (document 2 §5)', () => {
    expect(applyTargetProblem('option', null)).toBe(MESSAGES.required);
    expect(applyTargetProblem('option', { attributeId: METAL, optionId: YELLOW })).toBeNull();
    expect(applyTargetProblem('current', null)).toBeNull();
  });
});
