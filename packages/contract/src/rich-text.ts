/**
 * What the full rich-text toolbar (the custom HTML section's Content) may put in a document, read by
 * the editor to offer it and by the server's `customHtml` cleaning policy to keep exactly that.
 */

/**
 * Fonts of the toolbar: a short fixed list that suits a jewellery storefront (display serifs for
 * headlines, quiet sans faces for text), each single-word names with fallbacks a shopper's device
 * has, so the CSS value needs no quotes and reads back as it was written.
 */
export const RICH_TEXT_FONT_FAMILIES = [
  { label: 'Didot', value: 'Didot, serif' },
  { label: 'Garamond', value: 'Garamond, serif' },
  { label: 'Georgia', value: 'Georgia, serif' },
  { label: 'Optima', value: 'Optima, sans-serif' },
  { label: 'Futura', value: 'Futura, sans-serif' },
  { label: 'Helvetica', value: 'Helvetica, Arial, sans-serif' },
] as const;

/** Font sizes of the toolbar. */
export const RICH_TEXT_FONT_SIZES = ['12px', '14px', '16px', '18px', '20px', '24px', '32px'] as const;

/**
 * An embedded player's address as the toolbar writes it: YouTube's (the privacy-enhanced host, or
 * the usual one) and Vimeo's embed paths, with a query of plain parameters only (`rel=0`,
 * `start=30`, Vimeo's `h=` of an unlisted video). Nothing else may be an iframe's `src`.
 */
const YOUTUBE_EMBED_SRC = /^https:\/\/(?:www\.youtube-nocookie\.com|www\.youtube\.com)\/embed\/[\w-]{1,64}(?:\?[\w-]{1,32}=[\w-]{0,64}(?:&[\w-]{1,32}=[\w-]{0,64}){0,15})?$/;
const VIMEO_EMBED_SRC = /^https:\/\/player\.vimeo\.com\/video\/[0-9]{1,15}(?:\?h=[0-9a-f]{1,32})?$/;

export function isVideoEmbedSrc(src: string): boolean {
  return YOUTUBE_EMBED_SRC.test(src) || VIMEO_EMBED_SRC.test(src);
}

/**
 * Vimeo's player address for a Vimeo link staff paste: a video's page (`vimeo.com/76979871`, an
 * unlisted one's `vimeo.com/76979871/8272103f6e`, a channel's `vimeo.com/channels/staffpicks/76979871`)
 * or the player address itself. Null for anything else.
 */
export function vimeoEmbedSrcOf(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  let hash: string | null = url.searchParams.get('h');
  if (host === 'player.vimeo.com' && parts[0] === 'video') id = parts[1];
  else if (host === 'vimeo.com' || host === 'www.vimeo.com') {
    const at = parts.findIndex((part) => /^[0-9]+$/.test(part));
    if (at >= 0) {
      id = parts[at];
      hash ??= parts[at + 1] ?? null;
    }
  }
  if (!id || !/^[0-9]{1,15}$/.test(id)) return null;
  const src = `https://player.vimeo.com/video/${id}${hash && /^[0-9a-f]{1,32}$/.test(hash) ? `?h=${hash}` : ''}`;
  return VIMEO_EMBED_SRC.test(src) ? src : null;
}
