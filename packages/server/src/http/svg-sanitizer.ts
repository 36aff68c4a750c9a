import sanitizeHtml from 'sanitize-html';

/**
 * SVG is a document format that can carry scripts. An uploaded SVG with anything active in it
 * (scripts, event handlers, foreign objects, external references, javascript: URLs, animations
 * that could rewrite links) is refused as a whole; a clean one is still rewritten through an
 * element allowlist, which drops comments, metadata and editor-specific elements.
 */

/** Elements of static drawing; anything else is dropped from the stored file. */
const ALLOWED_ELEMENTS = [
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'style',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'marker',
  'filter', 'feBlend', 'feColorMatrix', 'feComposite', 'feDropShadow', 'feFlood', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feOffset',
];

/** Elements whose presence marks the file as hostile (or able to load or change things). */
const REFUSED_ELEMENTS = new Set(
  ['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener', 'image', 'feimage', 'set', 'animate', 'animatemotion', 'animatetransform', 'animatecolor', 'a', 'html', 'body'],
);

/** Attributes whose value is a reference: only same-document fragments (`#id`) are allowed. */
const REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'xml:base', 'action', 'formaction']);

/** Removes what browsers ignore inside a URL scheme, so `java\tscript:` is seen as what it is. */
const compact = (value: string) =>
  Array.from(value)
    .filter((char) => char.charCodeAt(0) > 0x20 && !/\s/.test(char))
    .join('')
    .toLowerCase();

/** `url(...)` that points anywhere but into the same document. */
function hasExternalUrl(value: string): boolean {
  for (const match of compact(value).matchAll(/url\(([^)]*)\)?/g)) {
    const target = (match[1] ?? '').replace(/^['"]|['"]$/g, '');
    if (!target.startsWith('#')) return true;
  }
  return false;
}

/** CSS can import, fetch and (in old engines) run script; escapes could hide either. */
function isUnsafeCss(css: string): boolean {
  const compacted = compact(css);
  return /[<&\\]/.test(css) || compacted.includes('@import') || compacted.includes('expression(') || compacted.includes('javascript:') || hasExternalUrl(css);
}

function unsafeAttribute(name: string, value: string): boolean {
  const lowered = name.toLowerCase();
  if (lowered.startsWith('on')) return true;
  if (REFERENCE_ATTRIBUTES.has(lowered) && !value.trim().startsWith('#')) return true;
  const compacted = compact(value);
  if (/(javascript|vbscript|livescript):/.test(compacted) || compacted.includes('data:text/html')) return true;
  if (lowered === 'style') return isUnsafeCss(value);
  return hasExternalUrl(value);
}

/**
 * Drawings and icons stay far below these; the cleaner's time grows faster than the file (2 MB of
 * nested groups took minutes), so a file past them is refused as soon as the parser reaches the limit.
 */
export const MAX_SVG_ELEMENTS = 20_000;
export const MAX_SVG_DEPTH = 64;

/** Thrown from the parser's callbacks to stop it at the limit, without reading the rest. */
class SvgTooComplex extends Error {}

export type SvgResult = { ok: true; svg: string } | { ok: false; reason: 'hostile' | 'too-complex' };

/**
 * The clean SVG to store; `hostile` when the text is not an SVG or carries something active,
 * `too-complex` past MAX_SVG_ELEMENTS elements or MAX_SVG_DEPTH levels of nesting.
 */
export function sanitizeSvg(text: string): SvgResult {
  // Entity declarations can expand without end or read local files; SVG images never need them.
  if (/<!(doctype|entity)/i.test(text)) return { ok: false, reason: 'hostile' };
  let isHostile = false;
  let rootElement: string | undefined;
  let elements = 0;
  let depth = 0;
  let svg: string;
  try {
    svg = sanitizeHtml(text, {
      allowedTags: ALLOWED_ELEMENTS,
      allowedAttributes: false,
      allowVulnerableTags: true,
      disallowedTagsMode: 'discard',
      parser: { xmlMode: true, decodeEntities: true },
      onOpenTag(name, attributes) {
        if (++elements > MAX_SVG_ELEMENTS || ++depth > MAX_SVG_DEPTH) throw new SvgTooComplex();
        rootElement ??= name;
        if (REFUSED_ELEMENTS.has(name.toLowerCase())) isHostile = true;
        for (const [attribute, value] of Object.entries(attributes)) {
          if (unsafeAttribute(attribute, value)) isHostile = true;
        }
      },
      // Called for every element that ends, self-closing or implied at the end of the text alike.
      onCloseTag() {
        depth--;
      },
      exclusiveFilter(frame) {
        if (frame.tag === 'style' && isUnsafeCss(frame.text)) isHostile = true;
        return false;
      },
    });
  } catch (error) {
    if (error instanceof SvgTooComplex) return { ok: false, reason: 'too-complex' };
    throw error;
  }
  if (isHostile || rootElement !== 'svg') return { ok: false, reason: 'hostile' };
  return { ok: true, svg: svg.trim() };
}
