import { MESSAGES } from '@facet/contract/messages';
import { productSizeResource } from '@facet/contract/modules/product-sizes/product-size.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Usage } from '../../db/usage.ts';
import type { RequestContext } from '../../http/context.ts';
import { describeCrudResource } from '../../test/crud-suite.ts';
import { contextOfSession, useAdminTestApp } from '../../test/test-app.ts';
import { createProductSizeService } from './product-size.service.ts';

describeCrudResource({
  resource: productSizeResource,
  validInput: (n) => ({ type: `Ring Size ${n}`, maleSizes: ['R', 'S', 'T'], femaleSizes: ['J', 'K', 'L'], unisexSizes: ['N'], status: true }),
  updateChange: () => ({ femaleSizes: ['I', 'J', 'K', 'L', 'M'], unisexSizes: [] }),
  invalid: [
    { name: 'a missing size type', input: (v) => ({ ...v, type: '' }), field: 'type', message: MESSAGES.required },
    { name: 'a size type over 100 characters', input: (v) => ({ ...v, type: 'x'.repeat(101) }), field: 'type', message: MESSAGES.maxLength(100) },
    { name: 'a blank size tag', input: (v) => ({ ...v, maleSizes: ['R', ' '] }), field: ['maleSizes', 1], message: MESSAGES.required },
    { name: 'the same size twice in one list', input: (v) => ({ ...v, femaleSizes: ['J', 'j'] }), field: ['femaleSizes', 1], message: MESSAGES.duplicate('Size') },
  ],
});

describe('product sizes: a size type that products use cannot be deleted', () => {
  const app = useAdminTestApp();
  let context: RequestContext;
  /** Stands in for the product module: the size type ids its products use. */
  const usedByProducts = new Set<number>();
  const productUsage: Usage = { usedBy: 'products', findUsedIds: async (_db, ids) => ids.filter((id) => usedByProducts.has(id)) };

  beforeAll(async () => {
    context = await contextOfSession(app.t, app.admin);
  });

  it('reports a size type as not in use while no product uses it', async () => {
    const created = await app.t.request(app.admin, { method: 'POST', url: '/api/product-sizes', payload: { type: 'Bangle Size', unisexSizes: ['M', 'L'], status: true } });
    expect(created.json()).toMatchObject({ inUse: false, maleSizes: [], femaleSizes: [], unisexSizes: ['M', 'L'] });
  });

  it('refuses (409) to delete a size type once a usage is recorded, and deletes it when the usage is gone', async () => {
    const service = createProductSizeService(app.t.db, [productUsage]);
    const sizeType = await service.create({ type: 'Necklace Length', maleSizes: ['20"'], femaleSizes: ['16"', '18"'], unisexSizes: [], status: true }, context);
    usedByProducts.add(sizeType.id);
    expect((await service.get(sizeType.id)).inUse).toBe(true);
    await expect(service.remove(sizeType.id, context)).rejects.toMatchObject({ status: 409, message: MESSAGES.inUse('This size type', 'products') });
    expect((await service.get(sizeType.id)).type).toBe('Necklace Length');

    usedByProducts.delete(sizeType.id);
    await service.remove(sizeType.id, context);
    await expect(service.get(sizeType.id)).rejects.toMatchObject({ status: 404 });
  });

  it('exports the list as .xlsx with the sizes of each gender', async () => {
    await app.t.request(app.admin, { method: 'POST', url: '/api/product-sizes', payload: { type: 'Ring Size', maleSizes: ['R', 'S'], femaleSizes: ['K'], status: true } });
    const response = await app.t.request(app.admin, { method: 'GET', url: '/api/product-sizes/export', query: { search: 'ring' } });
    expect(response.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Type', 'Male', 'Female', 'Unisex', 'Status', 'Created Date']);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 6)).toEqual(['Ring Size', 'R, S', 'K', undefined, 'Active']);
  });
});
