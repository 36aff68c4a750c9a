import sanitizeHtml from 'sanitize-html';

/**
 * Elements dropped together with everything inside them. sanitize-html's parser (htmlparser2) is not
 * the browser's: a browser reads the text of raw-text elements (`xmp`, `noembed`, `noframes`,
 * `noscript`, `plaintext`, `iframe`), RCDATA elements (`textarea`, `title`), `template` contents and
 * foreign content (`svg`, `math`, where `style` is not raw text) differently, and sanitize-html passes
 * the raw text of `xmp` and `textarea` through unescaped even when it drops the tag. Keeping such
 * content would let `<xmp><img src=x onerror=...></xmp>` come back as a live `<img onerror>`; none
 * of it is editor formatting, so it all goes.
 */
const DROPPED_WITH_CONTENT = [
  'script', 'style', 'template',
  'xmp', 'noembed', 'noframes', 'noscript', 'plaintext', 'iframe', 'frame', 'frameset',
  'textarea', 'title', 'select', 'option', 'optgroup', 'datalist',
  'svg', 'math', 'object', 'embed', 'applet', 'head',
];

/** Link types that give the opened page a handle on the storefront window; `opener` asks for one. */
const OPENER_SAFE_REL = ['noopener', 'noreferrer'];

/** The rel of a link opening a new tab: what the editor sent (`nofollow` stays), less `opener`, plus noopener noreferrer. */
function relForNewTab(rel: string | undefined): string {
  const kept = (rel ?? '').split(/\s+/).filter((token) => token && token.toLowerCase() !== 'opener');
  const missing = OPENER_SAFE_REL.filter((token) => !kept.some((existing) => existing.toLowerCase() === token));
  return [...kept, ...missing].join(' ');
}

/**
 * What rich text may keep when stored: the editor's formatting (headings, lists, links, tables,
 * images), never scripts, styles, event handlers or `javascript:`/`data:` URLs. Stored HTML is shown
 * on the storefront as it is, so it is cleaned on every write, whatever the client sent.
 * Text and attribute values are always written escaped; only the allowed HTML elements below
 * (no foreign content, no raw-text element) are written as markup.
 */
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    a: ['href', 'name', 'target', 'rel'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  disallowedTagsMode: 'discard',
  // Editor formatting never nests this deep; deeper tags are dropped (their text kept), which also
  // stops a run of unclosed tags from doubling the stored size with closing tags.
  nestingLimit: 100,
  nonTextTags: DROPPED_WITH_CONTENT,
  // A link that opens a new tab must not hand the storefront window to the page it opens.
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target?.trim().toLowerCase() === '_blank' ? { tagName, attribs: { ...attribs, rel: relForNewTab(attribs.rel) } } : { tagName, attribs },
  },
};

export const cleanOnce = (html: string) => sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();

/**
 * At most this many passes until the cleaned HTML is a fixed point. One pass is enough for every
 * payload and generated input the tests know; the loop is the guarantee that what is stored
 * cleans to itself (a parser that rewrites its own output is how mutation XSS starts).
 */
const MAX_CLEANING_PASSES = 4;

/**
 * `clean` applied until applying it again changes nothing. Should it still rewrite its own output
 * after `maxPasses`, the input is kept as plain text (every `<` escaped): ugly, but nothing in it can
 * become markup, and it cleans to itself.
 */
export function cleanUntilStable(html: string, clean: (html: string) => string, maxPasses = MAX_CLEANING_PASSES): string {
  let cleaned = clean(html);
  for (let pass = 1; pass < maxPasses; pass++) {
    const again = clean(cleaned);
    if (again === cleaned) return cleaned;
    cleaned = again;
  }
  return escapeAsText(html);
}

function escapeAsText(text: string): string {
  return text.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Rich text as it is stored: cleaned, and a fixed point of the cleaning. */
export function sanitizeRichText(html: string): string {
  return cleanUntilStable(html, cleanOnce);
}
