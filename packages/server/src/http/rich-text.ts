import sanitizeHtml from 'sanitize-html';

/**
 * What rich text may keep when stored: the editor's formatting (headings, lists, links, tables,
 * images), never scripts, styles, event handlers or `javascript:`/`data:` URLs. Stored HTML is shown
 * on the storefront as it is, so it is cleaned on every write, whatever the client sent.
 */
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    a: ['href', 'name', 'target', 'rel'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  // A link that opens a new tab must not hand the storefront window to the page it opens.
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
}
