import type { ProductAttributeRecord } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { ProductCreateInput, ProductRecord } from '@facet/contract/modules/products/product.schema';
import { generateVariantSku } from '@facet/contract/modules/products/product.schema';
import { PRODUCT_SHEET_COLUMNS } from '@facet/contract/modules/products/product-sheet';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../test/test-app.ts';

/** The first sheet of an .xlsx as header names and rows of cells keyed by them (blank cells left out). */
async function readXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells: Record<string, unknown> = {};
    row.eachCell((cell, column) => {
      cells[headers[column - 1]!] = cell.value;
    });
    rows.push(cells);
  });
  return { name: sheet.name, headers, rows };
}

describe('product export (the import sheet)', () => {
  const fx = useAdminTestApp();
  let metal: ProductAttributeRecord;
  let ringSize: ProductAttributeRecord;
  let metalQuality: ProductAttributeRecord;
  let engraving: ProductAttributeRecord;
  let setId: number;
  const categoryIds: number[] = [];
  let shapeId: number;

  const api = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => fx.t.request(fx.admin, { method, url, ...(payload ? { payload } : {}) });
  const created = async (url: string, payload: Record<string, unknown>) => {
    const response = await api('POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const attributeByCode = async (code: string): Promise<ProductAttributeRecord> =>
    ((await api('GET', `/api/product-attributes?search=${code}&pageSize=100`)).json().items as ProductAttributeRecord[]).find((a) => a.attributeCode === code)!;

  beforeAll(async () => {
    metal = await attributeByCode('metal');
    ringSize = await attributeByCode('ringSize');
    metalQuality = await attributeByCode('Metal_quality');
    engraving = await created('/api/product-attributes', { attributeName: 'Engraving', attributeCode: 'engraving', inputType: 'text', status: true });
    setId = (await created('/api/attribute-sets', { name: 'Rings', status: true, groups: [{ name: 'General', isDefault: true, attributeIds: [engraving.id] }] })).id;
    const rings = await created('/api/categories', { name: 'Rings', title: 'Rings', slug: 'rings' });
    const engagement = await created('/api/categories', { name: 'Engagement', title: 'Engagement', slug: 'engagement', parentId: rings.id });
    categoryIds.push(rings.id, engagement.id);
    shapeId = (await created('/api/diamond-shapes', { name: 'Round' })).id;
  });

  it('writes the import columns, a parent row then its variant rows, in the import value formats', async () => {
    const related = (await created('/api/products', { attributeSetId: setId, name: 'Band', sku: 'BAND-1', categoryIds: [categoryIds[0]!], price: 100, weight: 1 })).product as ProductRecord;
    const sku = 'SOLI-1';
    const variants = metal.options.slice(0, 2).map((option, index) => ({
      options: [
        { attributeId: metal.id, optionId: option.id },
        { attributeId: ringSize.id, optionId: ringSize.options[index]!.id },
      ],
      sku: generateVariantSku(sku),
      modelNumber: `SOLI-1-${index + 1}`,
      price: 500 + index * 25.5,
    }));
    const input: ProductCreateInput = {
      attributeSetId: setId,
      name: 'Solitaire Ring',
      sku,
      categoryIds,
      price: 450.25,
      weight: 3.25,
      weightUnit: 'g',
      qty: 2,
      isReadyToShip: true,
      description: '<p>Classic solitaire</p>',
      variants,
      standaloneAttributes: [{ attributeId: metalQuality.id, optionId: metalQuality.options[0]!.id }],
      attributes: [{ attributeId: engraving.id, value: 'Forever' }],
      canBeSetWith: [{ shapeId, caratFrom: 0.5, caratTo: 1.5 }],
      relatedProductIds: [related.id],
      metaTitle: 'Solitaire',
      sideDiamondsSize: '2mm',
      sideDiamondsPieces: 12,
      sideDiamondsWeight: 0.24,
    } as ProductCreateInput;
    const product = (await created('/api/products', input as unknown as Record<string, unknown>)).product as ProductRecord;

    const response = await api('GET', `/api/products/export?sku=${sku}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('Products.xlsx');
    const sheet = await readXlsx(response.rawPayload);
    expect(sheet.headers).toEqual([...PRODUCT_SHEET_COLUMNS]);
    expect(sheet.rows).toHaveLength(3);
    expect(sheet.rows[0]).toEqual({
      sku,
      product_title: 'Solitaire Ring',
      attribute_set: 'Rings',
      category: 'Rings',
      sub_category: 'Engagement',
      description: '<p>Classic solitaire</p>',
      weight: 3.25,
      weight_unit: 'g',
      stock: 2,
      price: 450.25,
      meta_title: 'Solitaire',
      side_diamonds_size: '2mm',
      side_diamonds_pieces: 12,
      side_diamonds_weight: 0.24,
      side_diamonds_weight_unit: product.sideDiamondsWeightUnit,
      related_skus: 'BAND-1',
      attributes: 'Engraving:Forever',
      options: `${metalQuality.attributeName}:${metalQuality.options[0]!.value}`,
      can_be_set_with_shape: 'Round',
      can_be_set_with_carat: '0.5-1.5',
      is_gift_card: 'no',
      model_number: sku,
    });
    product.variants.forEach((variant, index) => {
      const byCode = Object.fromEntries(variant.options.map((option) => [option.attributeCode, option]));
      expect(sheet.rows[index + 1]).toEqual({
        sku: variant.sku,
        parent_sku: sku,
        product_title: 'Solitaire Ring',
        // The quantity, in stock or not (the import keeps ready-to-ship of a stock left as it is).
        stock: 0,
        price: 500 + index * 25.5,
        option1_name: metal.attributeName,
        option1_value: byCode.metal!.value,
        option2_name: ringSize.attributeName,
        option2_value: byCode.ringSize!.value,
        model_number: `SOLI-1-${index + 1}`,
      });
    });
  });

  it('asks for a session (401) and the products permission (403)', async () => {
    expect((await fx.t.request(undefined, { method: 'GET', url: '/api/products/export' })).statusCode).toBe(401);
    const other = await fx.t.createUserWith(['system']);
    expect((await fx.t.request(other.cookie, { method: 'GET', url: '/api/products/export' })).statusCode).toBe(403);
  });
});
