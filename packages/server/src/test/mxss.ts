import type { DefaultTreeAdapterTypes } from 'parse5';
import { defaultTreeAdapter, html as parse5Html, parse, parseFragment } from 'parse5';

/**
 * Known (mutation) XSS payloads for rich-text fields: raw-text and parser-differential elements
 * (the text of `<xmp>`, `<noscript>`... is markup to a browser), foreign content (svg/math) where
 * `<style>` is not raw text, comment and CDATA tricks, breakouts, quoted-attribute tricks, encoded
 * and whitespace-split `javascript:` URLs, nested forms, and the DOMPurify mutation classics.
 * Every rich-text field runs the whole list (`http/rich-text.test.ts`, `http/rich-text.api.test.ts`).
 */
export const MXSS_PAYLOADS: readonly string[] = [
  // Raw text and RCDATA elements: their text is markup once the element is gone.
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<xmp>&lt;/xmp&gt;<img src=x onerror=alert(1)></xmp>',
  '<noembed><img src=x onerror=alert(1)></noembed>',
  '<noframes><img src=x onerror=alert(1)></noframes>',
  '<noscript><img src=x onerror=alert(1)></noscript>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<noscript><img src=x alt="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<noscript><style></noscript><img src=x onerror=alert(1)></style>',
  '<plaintext><img src=x onerror=alert(1)>',
  '<iframe><img src=x onerror=alert(1)></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<textarea>&lt;/textarea&gt;<img src=x onerror=alert(1)></textarea>',
  '<title><img src=x onerror=alert(1)></title>',
  '<style><img src=x onerror=alert(1)></style>',
  '<style>@import "javascript:alert(1)";</style>',
  '<template><img src=x onerror=alert(1)></template>',
  '<template><script>alert(1)</script></template>',
  '<script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  // Foreign content: <style> in svg/math is not raw text, and elements break out of it.
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<svg><p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<math><style><img src=x onerror=alert(1)></style></math>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">',
  '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=alert(1)>"></style></h1>',
  '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">',
  '<math><malignmark><style><img src=x onerror=alert(1)></style></malignmark></math>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<math href="javascript:alert(1)">click</math>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>',
  '<svg><![CDATA[><img src=x onerror=alert(1)>]]></svg>',
  // Comments and CDATA in HTML.
  '<!--><img src=x onerror=alert(1)>-->',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[><img src=x onerror=alert(1)>]]>',
  '<!-- --!><img src=x onerror=alert(1)> -->',
  // Breakouts and attribute-quote tricks.
  '</p><img src=x onerror=alert(1)>',
  '<p title="</p><img src=x onerror=alert(1)>">x</p>',
  `<a title='"><img src=x onerror=alert(1)>'>x</a>`,
  '<img src="x" alt="&quot; onerror=&quot;alert(1)">',
  '<img src=x alt=`` onerror=alert(1)>',
  '<img/src=x/onerror=alert(1)>',
  '<IMG SRC=x ONERROR=alert(1)>',
  '<img src=x onerror\n=alert(1)>',
  '<a href="https://www.facet.co.uk/" onmouseover="alert(1)">x</a>',
  '<details open ontoggle=alert(1)>x</details>',
  '&lt;img src=x onerror=alert(1)&gt;',
  // Encoded, split and padded javascript:, vbscript: and data: URLs.
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java&#9;script:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="java&NewLine;script:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="\x01\x02 javascript:alert(1)">x</a>',
  '<a href="javascript:alert(1)" target="_blank">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '<img src="javascript:alert(1)">',
  '<img srcset="javascript:alert(1) 1x, https://x.example/a.png 2x">',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  // Forms and select: nested forms and select parsing differ between parsers.
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  '<form><form><input onfocus=alert(1) autofocus></form></form>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<select><template><style><img src=x onerror=alert(1)></style></template></select>',
  '<select><style></select><img src=x onerror=alert(1)></style>',
  '<option><style></option></select><img src=x onerror=alert(1)></style>',
  '<table><style><img src=x onerror=alert(1)></style></table>',
  '<table><a href="javascript:alert(1)">x</a></table>',
  '<keygen autofocus onfocus=alert(1)>',
];

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/** Attributes that hold a URL a browser may load or navigate to. */
const URL_ATTRIBUTES = new Set([
  'href', 'src', 'action', 'formaction', 'srcset', 'poster', 'background', 'cite', 'data', 'codebase',
  'longdesc', 'lowsrc', 'dynsrc', 'ping', 'manifest', 'icon', 'archive', 'classid', 'usemap', 'xlink:href',
]);
const DANGEROUS_SCHEME = /^(?:javascript|vbscript|data):/;
/** Elements that run, embed or redirect even without an event handler. */
const ACTIVE_ELEMENTS = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'style']);

/**
 * A URL as a browser reads it for its scheme: (entities already decoded by the parser) C0 controls,
 * spaces and the tabs and newlines browsers skip inside a scheme removed, lower-cased.
 */
function normaliseUrl(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\x00-\x20\x7f-\x9f]+/g, '').toLowerCase();
}

function urlCandidates(name: string, value: string): string[] {
  // srcset: comma-separated candidates, each a URL and an optional descriptor.
  if (name === 'srcset') return value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '');
  return [value];
}

function attributeProblems(element: Element): string[] {
  const problems: string[] = [];
  for (const attr of element.attrs) {
    const name = (attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name).toLowerCase();
    const where = `<${element.tagName} ${name}="${attr.value}">`;
    if (name.startsWith('on')) problems.push(`event handler ${where}`);
    if (name === 'srcdoc') problems.push(`srcdoc ${where}`);
    if (URL_ATTRIBUTES.has(name) || name.endsWith(':href')) {
      if (urlCandidates(name, attr.value).some((url) => DANGEROUS_SCHEME.test(normaliseUrl(url)))) problems.push(`dangerous URL ${where}`);
    }
    if (name === 'style' && /javascript:|expression\(/.test(normaliseUrl(attr.value))) problems.push(`script in style ${where}`);
  }
  return problems;
}

/**
 * The players a custom HTML section may embed, written out here on their own (not read from the
 * cleaner) so the check does not trust what it checks: an HTML iframe whose `src` is an https
 * address of YouTube's or Vimeo's embedded player.
 */
const VIDEO_PLAYER_SRC = /^https:\/\/(?:www\.youtube-nocookie\.com\/embed\/|www\.youtube\.com\/embed\/|player\.vimeo\.com\/video\/)[^/?#]+(?:\?[^#]*)?$/;

function isVideoPlayer(element: Element): boolean {
  const src = element.attrs.find((attr) => !attr.prefix && attr.name === 'src')?.value;
  return element.tagName === 'iframe' && element.namespaceURI === parse5Html.NS.HTML && src !== undefined && VIDEO_PLAYER_SRC.test(src);
}

interface ActiveContentOptions {
  /** The custom HTML policy: an iframe of a YouTube or Vimeo player is content it may keep (its attributes are still checked). */
  allowVideoPlayers?: boolean;
}

function walk(node: Node, problems: string[], options: ActiveContentOptions) {
  if (defaultTreeAdapter.isElementNode(node)) {
    const isAllowedPlayer = options.allowVideoPlayers === true && isVideoPlayer(node);
    if (ACTIVE_ELEMENTS.has(node.tagName.toLowerCase()) && !isAllowedPlayer) problems.push(`<${node.tagName}> element (${node.namespaceURI})`);
    problems.push(...attributeProblems(node));
    // A template's children live in its content fragment.
    if ('content' in node) walk(node.content, problems, options);
  }
  for (const child of defaultTreeAdapter.getChildNodes(node as DefaultTreeAdapterTypes.ParentNode) ?? []) walk(child, problems, options);
}

/**
 * What a browser would run or load from `html`, as a real HTML5 parser (parse5, scripting on, as in
 * a browser) builds it: event-handler attributes, script (and other active) elements, and
 * javascript:/vbscript:/data: URLs. Parsed twice, as the storefront may use it: inside a `<div>`
 * (innerHTML) and as the body of a whole page. Empty when the HTML is inert.
 */
export function activeContentIn(html: string, options: ActiveContentOptions = {}): string[] {
  const problems: string[] = [];
  const div = defaultTreeAdapter.createElement('div', parse5Html.NS.HTML, []);
  walk(parseFragment(div, html, { scriptingEnabled: true }), problems, options);
  walk(parse(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`, { scriptingEnabled: true }), problems, options);
  return [...new Set(problems)];
}
