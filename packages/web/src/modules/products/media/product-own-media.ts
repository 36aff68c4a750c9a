import type { ChosenMedia } from '@facet/contract/modules/product-media/apply-media';

/** The product's own media as the form holds it (the save's baseImage, otherImages and videos). */
export interface ProductOwnMedia {
  baseImage: string;
  otherImages: string[];
  videos: string[];
}

/** What the modal preselects: the main image, the others, the first video. */
export const chosenOfProduct = (media: ProductOwnMedia): ChosenMedia => ({ baseImage: media.baseImage, otherImages: media.otherImages, video: media.videos[0] ?? '' });

/** The modal's answer as the product stores it: the modal picks one video, which replaces the product's. */
export const productMediaOf = (chosen: ChosenMedia): ProductOwnMedia => ({
  baseImage: chosen.baseImage,
  otherImages: [...chosen.otherImages],
  videos: chosen.video ? [chosen.video] : [],
});

const imagesOf = (media: ProductOwnMedia) => [media.baseImage, ...media.otherImages].filter(Boolean);

/** `url` becomes the main image; the others keep their order. */
export function withMainImage(media: ProductOwnMedia, url: string): ProductOwnMedia {
  return { ...media, baseImage: url, otherImages: imagesOf(media).filter((other) => other !== url) };
}

/** Without the image `url`; when it was the main one, the next image becomes main. */
export function withoutImage(media: ProductOwnMedia, url: string): ProductOwnMedia {
  const rest = imagesOf(media).filter((other) => other !== url);
  return { ...media, baseImage: rest[0] ?? '', otherImages: rest.slice(1) };
}
