import { chosenMediaOf } from '@facet/contract/modules/product-media/apply-media';
import { describe, expect, it } from 'vitest';
import { chosenOfProduct, productMediaOf, withMainImage, withoutImage } from './product-own-media.ts';

const media = { baseImage: '/media/a.png', otherImages: ['/media/b.png', '/media/c.png'], videos: ['/media/v.webm'] };

describe("the product's own media", () => {
  it('opens Select Media with the main image, the others and the video chosen, and stores its answer', () => {
    expect(chosenOfProduct(media)).toEqual({ baseImage: '/media/a.png', otherImages: ['/media/b.png', '/media/c.png'], video: '/media/v.webm' });
    expect(chosenOfProduct({ baseImage: '', otherImages: [], videos: [] }).video).toBe('');
    // Set as Main Image on c, then Submit: c is the main image, the rest in the order chosen.
    const answer = chosenMediaOf(['/media/a.png', '/media/b.png', '/media/c.png'], '/media/c.png', null);
    expect(productMediaOf(answer)).toEqual({ baseImage: '/media/c.png', otherImages: ['/media/a.png', '/media/b.png'], videos: [] });
    expect(productMediaOf({ baseImage: '', otherImages: [], video: '/media/w.mp4' }).videos).toEqual(['/media/w.mp4']);
  });

  it('sets another main image and removes images, the next one taking the main place', () => {
    expect(withMainImage(media, '/media/b.png')).toEqual({ ...media, baseImage: '/media/b.png', otherImages: ['/media/a.png', '/media/c.png'] });
    expect(withoutImage(media, '/media/a.png')).toEqual({ ...media, baseImage: '/media/b.png', otherImages: ['/media/c.png'] });
    expect(withoutImage(media, '/media/c.png')).toEqual({ ...media, otherImages: ['/media/b.png'] });
    expect(withoutImage({ ...media, otherImages: [] }, '/media/a.png')).toEqual({ ...media, baseImage: '', otherImages: [] });
  });
});
