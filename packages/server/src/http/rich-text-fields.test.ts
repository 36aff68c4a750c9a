import { describe, expect, it } from 'vitest';
import { activeContentIn, MXSS_PAYLOADS } from '../test/mxss.ts';
import { useAdminTestApp } from '../test/test-app.ts';

type Body = Record<string, unknown>;

interface RichTextField {
  /** The API resource, as in `/api/<resource>`. */
  resource: string;
  field: string;
  /** A valid create body; `n` makes its unique fields unique. */
  validBody: (n: number) => Body;
}

/** Every rich-text field the API stores. A new one is added here and so faces the whole payload list. */
const RICH_TEXT_FIELDS: RichTextField[] = [
  {
    resource: 'content-pages',
    field: 'content',
    validBody: (n) => ({
      title: `Care Guide ${n}`,
      slug: `care-guide-${n}`,
      metaTitle: `Care Guide ${n} | Facet`,
      metaKeywords: 'jewellery care',
      metaDescription: 'How to look after your jewellery.',
      content: '<p>Clean gently.</p>',
      status: true,
    }),
  },
  {
    resource: 'categories',
    field: 'footerDescription',
    validBody: (n) => ({ name: `Footer ${n}`, title: `Footer ${n}`, slug: `footer-${n}`, footerDescription: '<p>Crafted in London.</p>' }),
  },
];

describe('rich text through the API: every known mutation XSS payload is stored inert', () => {
  const fixture = useAdminTestApp();
  let counter = 0;

  describe.each(RICH_TEXT_FIELDS)('$resource $field', ({ resource, field, validBody }) => {
    const base = `/api/${resource}`;

    /** The field as answered, as read back, and as a browser would parse both: inert. */
    async function expectStoredInert(answer: Body & { id: number }) {
      const html = answer[field] as string;
      expect(activeContentIn(html), html).toEqual([]);
      const readBack = (await fixture.t.request(fixture.admin, { method: 'GET', url: `${base}/${answer.id}` })).json();
      expect(readBack[field]).toBe(html);
    }

    it.for(MXSS_PAYLOADS)('%s: stored inert on create and on update', async (payload) => {
      const body = validBody(++counter);
      const created = await fixture.t.request(fixture.admin, { method: 'POST', url: base, payload: { ...body, [field]: payload } });
      expect(created.statusCode, created.body).toBe(201);
      await expectStoredInert(created.json());

      const { id, version } = created.json();
      const updated = await fixture.t.request(fixture.admin, {
        method: 'PUT',
        url: `${base}/${id}`,
        payload: { ...body, [field]: `<p>Updated</p>${payload}`, version },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      await expectStoredInert(updated.json());
    });
  });
});
