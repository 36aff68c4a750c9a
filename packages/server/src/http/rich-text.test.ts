import fc from 'fast-check';
import { parseFragment, serialize } from 'parse5';
import { describe, expect, it } from 'vitest';
import { activeContentIn, MXSS_PAYLOADS } from '../test/mxss.ts';
import { cleanOnce, cleanUntilStable, sanitizeRichText } from './rich-text.ts';

/** The document a browser builds from `html`, written out again: equal when the browser sees the same thing. */
const asBrowserSeesIt = (html: string) => serialize(parseFragment(html));

describe('the parse5 check (test/mxss.ts) itself', () => {
  it.for([
    '<img src=x onerror=alert(1)>',
    '<template><img src=x onerror=alert(1)></template>',
    '<svg><a xlink:href="javascript:alert(1)">x</a></svg>',
    '<a href="java&#9;script:alert(1)">x</a>',
    '<a href=" &#x01;JaVaScRiPt&colon;alert(1)">x</a>',
    '<img srcset="https://x.example/a.png 1x, data:image/svg+xml,x 2x">',
    '<form><button formaction="vbscript:x">x</button></form>',
    '<svg><p><style><a id="</style><img src=1 onerror=alert(1)>">',
  ])('finds what a browser would run or load in %s', (html) => {
    expect(activeContentIn(html)).not.toEqual([]);
  });

  it('finds nothing in plain formatting', () => {
    expect(activeContentIn('<h2>Rings</h2><p><a href="https://www.facet.co.uk/rings" target="_blank">Rings</a> <img src="https://x.example/a.png"></p>')).toEqual([]);
  });
});

describe('rich text cleaning: known mutation XSS payloads', () => {
  it.for(MXSS_PAYLOADS)('%s: inert to an HTML5 parser, and cleaning it again changes nothing', (payload) => {
    const cleaned = sanitizeRichText(payload);
    expect(activeContentIn(cleaned), cleaned).toEqual([]);
    expect(sanitizeRichText(cleaned)).toBe(cleaned);
  });

  it('the reported payload: <xmp> with an <img onerror> inside is dropped whole', () => {
    expect(sanitizeRichText('<p>Hello</p><xmp><img src=x onerror=alert(1)></xmp>')).toBe('<p>Hello</p>');
  });

  const droppedWithContent = [
    'xmp', 'noembed', 'noframes', 'noscript', 'iframe', 'textarea', 'title', 'template',
    'style', 'script', 'select', 'option', 'svg', 'math', 'object',
  ];
  it.for(droppedWithContent)('drops <%s> together with its content, keeping what is around it', (tag) => {
    expect(sanitizeRichText(`<p>before</p><${tag}><b>inside</b> text</${tag}><p>after</p>`)).toBe('<p>before</p><p>after</p>');
  });

  it('drops <plaintext> with everything after it: it has no end tag, a browser reads the rest of the page as its text', () => {
    expect(sanitizeRichText('<p>before</p><plaintext><b>inside</b> text</plaintext><p>after</p>')).toBe('<p>before</p>');
  });

  it('keeps escaped markup as text, never turning it into tags', () => {
    const cleaned = sanitizeRichText('<p>&lt;img src=x onerror=alert(1)&gt; &amp;lt;b&amp;gt;</p>');
    expect(cleaned).toBe('<p>&lt;img src=x onerror=alert(1)&gt; &amp;lt;b&amp;gt;</p>');
    expect(asBrowserSeesIt(cleaned)).toBe(cleaned);
  });
});

describe('rich text cleaning: the editor formatting stays', () => {
  it('leaves normal editor HTML as the browser sees it: headings, emphasis, lists, quotes, code, links, tables, images', () => {
    const editorHtml = [
      '<h2>Our workshop</h2><h3>Hatton Garden</h3>',
      '<p>Every ring is <strong>cast</strong>, <em>set</em>, <u>polished</u> and <s>rushed</s> checked by hand.<br>Since&nbsp;1998.</p>',
      '<ul><li><p>Free insured delivery</p></li><li><p>Free resize within 60 days</p></li></ul>',
      '<ol><li><p>Choose a setting</p></li><li><p>Choose a diamond</p></li></ol>',
      '<blockquote><p>“The best ring we have seen.”</p></blockquote>',
      '<pre><code>Order reference: FJ-10023</code></pre><hr>',
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://www.facet.co.uk/ring-size-guide">Ring size guide</a>, ',
      '<a href="mailto:hello@facet.co.uk">email us</a> or <a href="tel:+442079460321">call</a>.</p>',
      '<table><thead><tr><th>Size</th><th>Diameter</th></tr></thead><tbody><tr><td>L</td><td>16.5 mm</td></tr></tbody></table>',
      '<p><img src="https://www.facet.co.uk/media/workshop.jpg" alt="The workshop" width="600" height="400"></p>',
    ].join('');
    const cleaned = sanitizeRichText(editorHtml);
    expect(asBrowserSeesIt(cleaned)).toBe(asBrowserSeesIt(editorHtml));
    expect(sanitizeRichText(cleaned)).toBe(cleaned);
  });

  it('adds noopener noreferrer to a link that opens a new tab, keeping its other link types and dropping opener', () => {
    expect(sanitizeRichText('<a href="https://www.facet.co.uk/" target="_blank">Shop</a>')).toBe(
      '<a href="https://www.facet.co.uk/" target="_blank" rel="noopener noreferrer">Shop</a>',
    );
    expect(sanitizeRichText('<a href="https://www.facet.co.uk/" target="_BLANK" rel="opener nofollow">Shop</a>')).toBe(
      '<a href="https://www.facet.co.uk/" target="_BLANK" rel="nofollow noopener noreferrer">Shop</a>',
    );
  });

  it('keeps images only from http(s) addresses', () => {
    expect(sanitizeRichText('<img src="https://cdn.example/a.png" alt="">')).toBe('<img src="https://cdn.example/a.png" alt="" />');
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toBe('<img />');
  });
});

describe('rich text cleaning: stored HTML is a fixed point', () => {
  it('cleans again until nothing changes', () => {
    // A cleaner that needs two passes to settle: the second pass's result is kept.
    const settlesOnSecondPass = (html: string) => html.replace('<<', '<');
    expect(cleanUntilStable('a<<<b', settlesOnSecondPass)).toBe('a<b');
  });

  it('stores the text escaped when cleaning never settles, and that cleans to itself', () => {
    const neverSettles = (html: string) => `${html}!`;
    const stored = cleanUntilStable('<p>x</p><img src=x onerror=alert(1)>', neverSettles);
    expect(stored).toBe('&lt;p&gt;x&lt;/p&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(activeContentIn(stored)).toEqual([]);
    expect(sanitizeRichText(stored)).toBe(stored);
  });

  /** Markup soup from the pieces mutation XSS is made of: tags of every parsing mode, quotes, entities, comments, URLs. */
  const TAGS = [
    'p', 'a', 'img', 'b', 'table', 'tr', 'td', 'svg', 'math', 'mtext', 'mglyph', 'malignmark', 'style', 'script', 'xmp',
    'noscript', 'noembed', 'textarea', 'title', 'template', 'select', 'option', 'form', 'iframe', 'plaintext', 'ul', 'li',
    'pre', 'br', 'div', 'foreignObject', 'desc', 'frameset', 'colgroup', 'caption',
  ];
  const markupSoup = fc
    .array(
      fc.oneof(
        fc.constantFrom(...TAGS).map((tag) => `<${tag}`),
        fc.constantFrom(...TAGS).map((tag) => `</${tag}>`),
        fc.constantFrom(
          '>', '<', '/>', '"', "'", '`', '=', ' ', '\n', '\t', '&', '&lt;', '&gt;', '&amp;', '&#60;', '&colon;', '&quot;', '&nbsp;',
          '&Tab;', '<!--', '-->', '--!>', '<![CDATA[', ']]>', '<!', '</', 'javascript:', 'java\tscript:', 'data:', 'alert(1)',
          ' href=', ' src=', ' srcset=', ' onerror=', ' alt=', ' title=', ' target=_blank', ' rel=', 'https://x.example/a.png',
        ),
      ),
      { maxLength: 50 },
    )
    .map((pieces) => pieces.join(''));

  it('generated markup soup: the stored HTML is inert to an HTML5 parser and cleans to itself', () => {
    fc.assert(
      fc.property(markupSoup, (html) => {
        const cleaned = sanitizeRichText(html);
        expect(activeContentIn(cleaned), cleaned).toEqual([]);
        expect(sanitizeRichText(cleaned)).toBe(cleaned);
      }),
      { numRuns: 2000 },
    );
  });

  it('generated markup soup: one pass already settles (the loop is a guarantee, not the usual path)', () => {
    fc.assert(
      fc.property(markupSoup, (html) => {
        const once = cleanOnce(html);
        expect(cleanOnce(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });
});
