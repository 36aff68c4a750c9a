import { MESSAGES } from '../../messages.ts';

/** What the media dialogs need of a variant; the product form's variant has these fields and more. */
export interface MediaVariant {
  /** The variant's key: its option ids joined by underscores (document 2 §3). */
  optionKey: string;
  options: { attributeId: number; optionId: number }[];
  baseImage: string;
  otherImages: string[];
  video: string;
}

/** What the 'Select Media' modal hands back: the main image, the other images, the video ('' for none). */
export interface ChosenMedia {
  baseImage: string;
  otherImages: string[];
  video: string;
}

/** The 'Apply Image To?' answer: the variant the modal was opened from, or every variant with one option value. */
export type ApplyMediaTarget = { scope: 'current' } | { scope: 'option'; attributeId: number; optionId: number };

/**
 * The modal's selection as a variant stores it: the image set as main (or, when none was, the first
 * chosen) is the base image, the rest in the order chosen are the other images.
 */
export function chosenMediaOf(selectedUrls: readonly string[], mainUrl: string | null, videoUrl: string | null): ChosenMedia {
  const unique = [...new Set(selectedUrls)];
  const baseImage = mainUrl && unique.includes(mainUrl) ? mainUrl : (unique[0] ?? '');
  return { baseImage, otherImages: unique.filter((url) => url !== baseImage), video: videoUrl ?? '' };
}

/** Whether a variant receives the chosen media under `target` when the modal was opened from `currentOptionKey`. */
export function receivesMedia(variant: MediaVariant, currentOptionKey: string, target: ApplyMediaTarget): boolean {
  if (target.scope === 'current') return variant.optionKey === currentOptionKey;
  return variant.options.some((option) => option.attributeId === target.attributeId && option.optionId === target.optionId);
}

/**
 * The variants after applying `chosen` to those `target` names (the current one only, or every
 * variant whose options include the chosen option value of the chosen attribute). Variants that do
 * not receive it are returned as they were (the same objects), so a form re-renders only the changed rows.
 */
export function applyChosenMedia<V extends MediaVariant>(variants: readonly V[], currentOptionKey: string, chosen: ChosenMedia, target: ApplyMediaTarget): V[] {
  return variants.map((variant) =>
    receivesMedia(variant, currentOptionKey, target) ? { ...variant, baseImage: chosen.baseImage, otherImages: [...chosen.otherImages], video: chosen.video } : variant,
  );
}

/**
 * The 'By Specific Option' choice as the dialog holds it (the option select may still be empty):
 * the spec's required message when it is, else null.
 */
export function applyTargetProblem(scope: 'current' | 'option', option: { attributeId: number; optionId: number } | null): string | null {
  return scope === 'option' && !option ? MESSAGES.required : null;
}
