import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import type { ImportCheckResponse } from '@facet/contract/modules/product-import/product-import.schema';
import type { ProductAttributeRecord } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { ProductRecord } from '@facet/contract/modules/products/product.schema';
import { generateVariantSku } from '@facet/contract/modules/products/product.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSheet } from '../../spreadsheets/sheet-reader.ts';
import { xlsxFile } from '../../spreadsheets/test-sheets.ts';
import { useAdminTestApp } from '../../test/test-app.ts';
import { multipartBody } from '../../test/upload.ts';

/**
 * The product sheet's round trip (issue 11): what the products export writes, imported again, is
 * reported all unchanged; a few cells edited are exactly the edits reported and applied. Values a
 * spreadsheet would run as formulas (neutralised by the export with an apostrophe) and a text that
 * truly starts with an apostrophe come back as they were.
 */
describe('product sheet round trip: export, import, edit', () => {
  const fx = useAdminTestApp();
  let metal: ProductAttributeRecord;
  let ringSize: ProductAttributeRecord;
  let metalQuality: ProductAttributeRecord;
  let solitaire: ProductRecord;
  let band: ProductRecord;

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown) => fx.t.request(fx.admin, { method, url, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const created = async (url: string, payload: Record<string, unknown>) => {
    const response = await api('POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const attributeByCode = async (code: string): Promise<ProductAttributeRecord> =>
    ((await api('GET', `/api/product-attributes?search=${code}&pageSize=100`)).json().items as ProductAttributeRecord[]).find((a) => a.attributeCode === code)!;
  const record = async (id: number) => (await api('GET', `/api/products/${id}`)).json() as ProductRecord;

  async function exported(): Promise<Buffer> {
    const response = await api('GET', '/api/products/export?sku=RT-');
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload;
  }
  async function check(bytes: Buffer): Promise<ImportCheckResponse> {
    const { payload, headers } = multipartBody({ fileName: 'Products.xlsx', bytes });
    const response = await fx.t.request(fx.admin, { method: 'POST', url: '/api/products/import/check', payload, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ImportCheckResponse;
  }
  async function apply(token: string): Promise<JobRecord> {
    const response = await api('POST', '/api/products/import/apply', { token });
    expect(response.statusCode, response.body).toBe(202);
    const id = response.json().jobId as number;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const job = (await api('GET', `/api/jobs/${id}`)).json() as JobRecord;
      if (job.status !== 'queued' && job.status !== 'running') return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job ${id} did not finish`);
  }

  beforeAll(async () => {
    metal = await attributeByCode('metal');
    ringSize = await attributeByCode('ringSize');
    metalQuality = await attributeByCode('Metal_quality');
    const engraving = await created('/api/product-attributes', { attributeName: 'Engraving', attributeCode: 'engraving', inputType: 'text', status: true });
    const setId = (await created('/api/attribute-sets', { name: 'Rings', status: true, groups: [{ name: 'General', isDefault: true, attributeIds: [engraving.id] }] })).id as number;
    const rings = await created('/api/categories', { name: 'Rings', title: 'Rings', slug: 'rings' });
    const engagement = await created('/api/categories', { name: 'Engagement', title: 'Engagement', slug: 'engagement', parentId: rings.id });
    const shapeId = (await created('/api/diamond-shapes', { name: 'Round' })).id as number;

    band = (
      await created('/api/products', {
        attributeSetId: setId,
        // Text a spreadsheet would run as a formula, and text that truly starts with an apostrophe.
        name: "'Tis the Band",
        sku: 'RT-BAND-1',
        categoryIds: [rings.id],
        price: 100,
        weight: 1.5,
        qty: 4,
        isReadyToShip: true,
        description: '-50% off, this week only',
        metaTitle: '=1+1 band',
        metaKeywords: '@band, +plain',
      })
    ).product as ProductRecord;
    const sku = 'RT-SOLI-1';
    solitaire = (
      await created('/api/products', {
        attributeSetId: setId,
        name: 'Solitaire Ring',
        sku,
        categoryIds: [rings.id, engagement.id],
        price: 450.25,
        weight: 3.25,
        weightUnit: 'g',
        description: '<p>Classic <strong>solitaire</strong></p>',
        variants: metal.options.slice(0, 2).map((option, index) => ({
          options: [
            { attributeId: metal.id, optionId: option.id },
            { attributeId: ringSize.id, optionId: ringSize.options[index]!.id },
          ],
          sku: generateVariantSku(sku),
          modelNumber: `RT-SOLI-1-${index + 1}`,
          price: 500 + index * 25.5,
        })),
        standaloneAttributes: [{ attributeId: metalQuality.id, optionId: metalQuality.options[0]!.id }],
        attributes: [{ attributeId: engraving.id, value: 'Forever' }],
        canBeSetWith: [{ shapeId, caratFrom: 0.5, caratTo: 1.5 }],
        relatedProductIds: [band.id],
        metaTitle: 'Solitaire',
        sideDiamondsSize: '2mm',
        sideDiamondsPieces: 12,
        sideDiamondsWeight: 0.24,
      })
    ).product as ProductRecord;
  });

  it('imports its own export as all unchanged', async () => {
    const result = await check(await exported());
    expect(result.lineErrors).toEqual([]);
    expect(result).toMatchObject({ products: { create: 0, update: 0, unchanged: 2 }, variants: { create: 0, update: 0, unchanged: 2 } });
  });

  it('reports and applies exactly the cells edited: a price, a name, a variant option', async () => {
    const before = { solitaire: await record(solitaire.id), band: await record(band.id) };
    const sheet = await readSheet(await exported(), { fileName: 'Products.xlsx' });
    const rows = sheet.rows.map((row) => ({ ...row.values }));
    const bySku = (sku: string) => rows.find((row) => row.sku === sku)!;
    const newSize = ringSize.options[5]!;
    bySku('RT-SOLI-1').price = '499.99';
    bySku('RT-BAND-1').product_title = 'Plain Band';
    const edited = bySku(before.solitaire.variants[0]!.sku);
    expect(edited.option2_name).toBe(ringSize.attributeName);
    edited.option2_value = newSize.value;
    const bytes = await xlsxFile([sheet.headers, ...rows.map((row) => sheet.headers.map((header) => row[header] ?? null))]);

    const result = await check(bytes);
    expect(result.lineErrors).toEqual([]);
    expect(result).toMatchObject({ products: { create: 0, update: 2, unchanged: 0 }, variants: { create: 0, update: 1, unchanged: 1 } });
    const job = await apply(result.token);
    expect(job, job.error ?? '').toMatchObject({ status: 'succeeded', result: { productsCreated: 0, productsUpdated: 2, variantsCreated: 0, variantsUpdated: 1 } });

    const after = { solitaire: await record(solitaire.id), band: await record(band.id) };
    // Only what was edited moved; everything else of both products is as before.
    // A related product is shown by its name, which the edit changed: compare related products by id.
    const same = (product: ProductRecord) => ({
      ...product,
      version: 0,
      updatedAt: '',
      updatedByName: '',
      relatedProducts: product.relatedProducts.map((related) => related.id),
      variants: product.variants.map((v) => ({ ...v, version: 0, optionKey: '', options: [] })),
    });
    expect(after.solitaire.price).toBe(499.99);
    expect(same({ ...after.solitaire, price: before.solitaire.price, variants: [] })).toEqual(same({ ...before.solitaire, variants: [] }));
    expect(after.band.name).toBe('Plain Band');
    expect(same({ ...after.band, name: before.band.name })).toEqual(same(before.band));
    expect(after.band).toMatchObject({ description: '-50% off, this week only', metaTitle: '=1+1 band', metaKeywords: '@band, +plain' });
    const [first, second] = after.solitaire.variants;
    expect(first!.options.find((o) => o.attributeId === ringSize.id)!.optionId).toBe(newSize.id);
    expect(same({ ...after.solitaire, variants: [first!] })).toEqual(same({ ...before.solitaire, price: after.solitaire.price, variants: [before.solitaire.variants[0]!] }));
    expect(second).toEqual(before.solitaire.variants[1]);

    // The edited catalogue exported again reads as unchanged.
    const again = await check(await exported());
    expect(again).toMatchObject({ lineErrorCount: 0, products: { unchanged: 2 }, variants: { unchanged: 2 } });
  });

  it('writes a text attribute exactly, whatever characters an array literal treats specially', async () => {
    // The apply sends attribute values as one array a column: quotes, commas, braces, a backslash and
    // the word NULL must arrive as typed.
    const engraving = '"Forever", {yours} \\ NULL';
    const sheet = await readSheet(await exported(), { fileName: 'Products.xlsx' });
    const row: Record<string, string> = { ...sheet.rows.find((r) => r.values.sku === 'RT-BAND-1')!.values, sku: 'RT-ENGR-1', model_number: 'RT-ENGR-1', product_title: 'Engraved Band', attributes: `Engraving:${engraving}` };
    const result = await check(await xlsxFile([sheet.headers, sheet.headers.map((header) => row[header] ?? null)]));
    expect(result.lineErrors).toEqual([]);
    expect(result.products).toEqual({ create: 1, update: 0, unchanged: 0 });
    const job = await apply(result.token);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const [listed] = (await api('GET', '/api/products?sku=RT-ENGR-1')).json().items as { id: number }[];
    const engraved = await record(listed!.id);
    expect(engraved.attributes.map((a) => a.value)).toEqual([engraving]);
  });
});
