import { isVideoEmbedSrc, RICH_TEXT_FONT_FAMILIES, RICH_TEXT_FONT_SIZES } from '@facet/contract/rich-text';
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

// ---- The custom HTML policy --------------------------------------------------------------------

/** Reads one CSS value and answers it as it is kept (its canonical spelling), or null to drop it. */
type StyleRule = (value: string) => string | null;

/** A font family as the toolbar lists it, whatever the quoting, spacing or case it came in. */
const fontFamilyKey = (value: string) => value.replace(/["']/g, '').replace(/\s*,\s*/g, ',').replace(/\s+/g, ' ').trim().toLowerCase();
const FONT_FAMILY_BY_KEY = new Map<string, string>(RICH_TEXT_FONT_FAMILIES.map((font) => [fontFamilyKey(font.value), font.value]));
const FONT_SIZES = new Set<string>(RICH_TEXT_FONT_SIZES);

const fontFamilyRule: StyleRule = (value) => FONT_FAMILY_BY_KEY.get(fontFamilyKey(value)) ?? null;
const fontSizeRule: StyleRule = (value) => (FONT_SIZES.has(value.toLowerCase()) ? value.toLowerCase() : null);
/** Widths of tables and their columns as the table tool writes them: whole pixels. */
const pixelsRule: StyleRule = (value) => (/^[0-9]{1,5}px$/i.test(value) ? value.toLowerCase() : null);

const SPAN_STYLE: Record<string, StyleRule> = { 'font-family': fontFamilyRule, 'font-size': fontSizeRule };
const TABLE_STYLE: Record<string, StyleRule> = { width: pixelsRule, 'min-width': pixelsRule };

/**
 * The inline style kept: only the declarations `rules` allow, each in the form the editor writes
 * (the browser's own spelling, as ProseMirror sets styles through the CSSOM:
 * `font-family: Georgia, serif; font-size: 18px;`), so the editor's own output is stored unchanged
 * and nothing else (`url()`, `expression()`, another property) gets through. Undefined when nothing is left.
 */
function keptStyle(style: string | undefined, rules: Record<string, StyleRule>): string | undefined {
  const kept = new Map<string, string>();
  for (const declaration of (style ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = Object.hasOwn(rules, property) ? rules[property]!(declaration.slice(colon + 1).trim()) : null;
    if (value) kept.set(property, value);
  }
  return kept.size ? [...kept].map(([property, value]) => `${property}: ${value};`).join(' ') : undefined;
}

/** The attributes with `style` replaced by what `rules` keep of it, the other attributes in their order. */
function withKeptStyle(attribs: sanitizeHtml.Attributes, rules: Record<string, StyleRule>): sanitizeHtml.Attributes {
  const { style, ...others } = attribs;
  const kept = keptStyle(style, rules);
  return kept ? { ...others, style: kept } : others;
}

/** A table cell's span: a small whole number, as the table tool writes it (1 unless cells are merged). */
const CELL_SPAN = /^[1-9][0-9]{0,2}$/;
const keepCellSpans: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: Object.fromEntries(Object.entries(attribs).filter(([name, value]) => (name === 'colspan' || name === 'rowspan') && CELL_SPAN.test(value))),
});

/**
 * An embedded video player: its `src` only a YouTube or Vimeo embed address (`isVideoEmbedSrc`),
 * its size in whole pixels, full screen allowed, its title; nothing inside it (a browser never shows an
 * iframe's content, and a parser may read it differently). Without a valid `src` it has no
 * attributes left, and `exclusiveFilter` drops it whole.
 */
const VIDEO_SIZE = /^[0-9]{1,4}$/;
const keepVideoFrame: sanitizeHtml.Transformer = (tagName, attribs) => {
  if (!isVideoEmbedSrc(attribs.src ?? '')) return { tagName, attribs: {}, text: '' };
  const kept = Object.entries(attribs).flatMap(([name, value]): [string, string][] => {
    if (name === 'src') return [[name, value]];
    if ((name === 'width' || name === 'height') && VIDEO_SIZE.test(value)) return [[name, value]];
    if (name === 'allowfullscreen') return [[name, 'true']];
    // The player's name for a screen reader; written escaped like any attribute value.
    if (name === 'title') return [[name, value]];
    return [];
  });
  return { tagName, attribs: Object.fromEntries(kept), text: '' };
};

/** The wrappers the editor's video nodes write around their player (TipTap's YouTube node, our Vimeo one). */
const VIDEO_WRAPPER_ATTRIBUTES = ['data-youtube-video', 'data-vimeo-video'];

/**
 * The custom HTML section's Content (document 3 §2.17): the standard policy plus exactly what its
 * full toolbar makes: font family and size (from the toolbar's lists) on spans, tables with their
 * column widths and cell spans, and YouTube and Vimeo players. Other fields keep the standard policy.
 */
const CUSTOM_HTML_OPTIONS: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
  ...RICH_TEXT_OPTIONS,
  allowedTags: [...(RICH_TEXT_OPTIONS.allowedTags as string[]), 'iframe'],
  allowedAttributes: {
    ...RICH_TEXT_OPTIONS.allowedAttributes,
    span: ['style'],
    table: ['style'],
    col: ['style'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    div: VIDEO_WRAPPER_ATTRIBUTES,
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'title'],
  },
  // The wrappers' markers are empty attributes, written `=""` as the editor writes them ('alt' is
  // sanitize-html's own default; its types do not declare the option).
  allowedEmptyAttributes: ['alt', ...VIDEO_WRAPPER_ATTRIBUTES],
  // Styles are rebuilt from the allowlists by the transforms above; sanitize-html's own style parser
  // would only respell them (`font-size:18px`), so what the editor wrote would not come back unchanged.
  parseStyleAttributes: false,
  // An allowed player's content is emptied by its transform; a refused one goes with its content.
  nonTextTags: DROPPED_WITH_CONTENT.filter((tag) => tag !== 'iframe'),
  transformTags: {
    ...RICH_TEXT_OPTIONS.transformTags,
    span: (tagName, attribs) => ({ tagName, attribs: withKeptStyle(attribs, SPAN_STYLE) }),
    table: (tagName, attribs) => ({ tagName, attribs: withKeptStyle(attribs, TABLE_STYLE) }),
    col: (tagName, attribs) => ({ tagName, attribs: withKeptStyle(attribs, TABLE_STYLE) }),
    td: keepCellSpans,
    th: keepCellSpans,
    iframe: keepVideoFrame,
  },
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
};

/**
 * The cleaning policies by name: `standard` for every rich-text field (blogs, pages, categories,
 * products), `customHtml` for the custom HTML section's Content only.
 */
const POLICIES = { standard: RICH_TEXT_OPTIONS, customHtml: CUSTOM_HTML_OPTIONS } as const satisfies Record<string, sanitizeHtml.IOptions>;
export type RichTextPolicy = keyof typeof POLICIES;

export const cleanOnce = (html: string, policy: RichTextPolicy = 'standard') => sanitizeHtml(html, POLICIES[policy]).trim();

/**
 * At most this many passes until the cleaned HTML is a fixed point. One pass is enough for every
 * known payload and nearly every generated input (`<p><p</p><p style=</span>` needs two, under
 * either policy); the loop is the guarantee that what is stored cleans to itself (a parser that
 * rewrites its own output is how mutation XSS starts).
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

/** Rich text as it is stored: cleaned by its policy, and a fixed point of the cleaning. */
export function sanitizeRichText(html: string, policy: RichTextPolicy = 'standard'): string {
  return cleanUntilStable(html, (text) => cleanOnce(text, policy));
}

/** `sanitizeRichText` with the custom HTML policy: a task of its own for the worker pool, which passes one argument. */
export const sanitizeCustomHtml = (html: string) => sanitizeRichText(html, 'customHtml');
