import { MESSAGES } from '@facet/contract/messages';
import { diamondShapeResource } from '@facet/contract/modules/diamond-shapes/diamond-shape.schema';
import type { ShapeCategoryRecord } from '@facet/contract/modules/diamond-shapes/shape-category.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import { useAdminTestApp } from '../../test/test-app.ts';

describeCrudResource({
  resource: diamondShapeResource,
  validInput: (n) => ({ name: `Old Mine ${n}`, status: true }),
  updateChange: (n) => ({ name: `Old European ${n}` }),
  invalid: [
    { name: 'a missing name', input: ({ name: _n, ...v }) => v, field: 'name', message: MESSAGES.required },
    { name: 'a blank name', input: (v) => ({ ...v, name: '   ' }), field: 'name', message: MESSAGES.required },
    { name: 'a name with punctuation', input: (v) => ({ ...v, name: 'Old-Mine!' }), field: 'name', message: MESSAGES.lettersDigitsSpaces },
    { name: 'a name over 100 characters', input: (v) => ({ ...v, name: 'a'.repeat(101) }), field: 'name', message: MESSAGES.maxLength(100) },
    { name: 'an unknown shape category', input: (v) => ({ ...v, shapeCategoryId: 999999 }), field: 'shapeCategoryId', message: MESSAGES.unknownShapeCategory },
  ],
});

describe('diamond shapes: shape categories', () => {
  const app = useAdminTestApp();
  let round: ShapeCategoryRecord;
  let fancy: ShapeCategoryRecord;
  const categories = async () => (await app.t.request(app.admin, { method: 'GET', url: '/api/shape-categories' })).json().items as ShapeCategoryRecord[];
  const createShape = async (body: Record<string, unknown>) => {
    const response = await app.t.request(app.admin, { method: 'POST', url: '/api/diamond-shapes', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  beforeAll(async () => {
    [round, fancy] = (await categories()) as [ShapeCategoryRecord, ShapeCategoryRecord];
  });

  it('seeds Round and Fancy on a new database even without demo data', () => {
    expect([round.name, fancy.name]).toEqual(['Round', 'Fancy']);
  });

  it('accepts a name of exactly 100 letters, digits and spaces', async () => {
    const name = `Shape 9 ${'x'.repeat(92)}`;
    expect((await createShape({ name })).name).toBe(name);
  });

  it('files a new shape without a category under Fancy, and keeps the category on an edit without one', async () => {
    const oval = await createShape({ name: 'Oval' });
    expect(oval).toMatchObject({ shapeCategoryId: fancy.id, shapeCategoryName: 'Fancy', status: true });
    const roundShape = await createShape({ name: 'Round', shapeCategoryId: round.id });
    expect(roundShape.shapeCategoryName).toBe('Round');
    const renamed = await app.t.request(app.admin, { method: 'PUT', url: `/api/diamond-shapes/${roundShape.id}`, payload: { name: 'Round Brilliant', status: true, version: 1 } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Round Brilliant', shapeCategoryId: round.id });
  });

  it('lists each category with its live shapes, for the markup form', async () => {
    const heart = await createShape({ name: 'Heart', shapeCategoryId: fancy.id });
    await createShape({ name: 'Cushion', shapeCategoryId: fancy.id });
    expect((await categories()).find((c) => c.id === fancy.id)!.shapeNames).toEqual(expect.arrayContaining(['Cushion', 'Heart']));
    await app.t.request(app.admin, { method: 'DELETE', url: `/api/diamond-shapes/${heart.id}` });
    expect((await categories()).find((c) => c.id === fancy.id)!.shapeNames).not.toContain('Heart');
  });

  it('offers shape categories read-only', async () => {
    const write = await app.t.request(app.admin, { method: 'POST', url: '/api/shape-categories', payload: { name: 'Step cuts' } });
    expect(write.statusCode).toBe(404);
    expect((await app.t.request(app.admin, { method: 'DELETE', url: `/api/shape-categories/${round.id}` })).statusCode).toBe(404);
    expect(await categories()).toHaveLength(2);
  });
});
