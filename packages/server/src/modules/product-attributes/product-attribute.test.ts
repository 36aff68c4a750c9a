import { MESSAGES } from '@facet/contract/messages';
import { CONFIGURABLE_ATTRIBUTE_CODES, OPTION_IMAGE_PURPOSE, productAttributeResource } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { ProductAttributeRecord } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Usage } from '../../db/usage.ts';
import type { RequestContext } from '../../http/context.ts';
import { describeCrudResource } from '../../test/crud-suite.ts';
import { contextOfSession, useAdminTestApp } from '../../test/test-app.ts';
import { testImage, upload } from '../../test/upload.ts';
import { ATTRIBUTE_USAGES, createProductAttributeService } from './product-attribute.service.ts';
import { attributeOptions } from './product-attribute.table.ts';

/** Codes are letters only: n written with letters (12 -> 'bc'). */
const lettersOf = (n: number) => [...String(n)].map((digit) => 'abcdefghij'[Number(digit)]).join('');

const valid = (n: number) => ({
  attributeName: `Chain Style ${n}`,
  attributeCode: `chainStyle${lettersOf(n)}`,
  description: 'How the chain is linked.',
  inputType: 'dropdown',
  isRequired: false,
  useInSearch: true,
  showInStorefront: true,
  status: true,
  options: [
    { value: 'Curb', sortOrder: 1 },
    { value: 'Belcher', sortOrder: 2 },
  ],
});

describeCrudResource({
  resource: productAttributeResource,
  validInput: valid,
  updateChange: (n) => ({ attributeName: `Link Style ${n}`, isRequired: true }),
  derived: ['options'],
  invalid: [
    { name: 'a missing attribute name', input: (v) => ({ ...v, attributeName: '' }), field: 'attributeName', message: MESSAGES.required },
    { name: 'an attribute name with punctuation', input: (v) => ({ ...v, attributeName: 'Chain-Style!' }), field: 'attributeName', message: MESSAGES.lettersDigitsSpaces },
    { name: 'a missing attribute code', input: ({ attributeCode: _c, ...v }) => v, field: 'attributeCode', message: MESSAGES.required },
    { name: 'an attribute code with digits', input: (v) => ({ ...v, attributeCode: 'chain2' }), field: 'attributeCode', message: MESSAGES.lettersOnly },
    { name: 'an attribute code with an underscore', input: (v) => ({ ...v, attributeCode: 'chain_style' }), field: 'attributeCode', message: MESSAGES.lettersOnly },
    { name: 'a missing input type', input: ({ inputType: _i, ...v }) => v, field: 'inputType', message: MESSAGES.required },
    { name: 'an unknown input type', input: (v) => ({ ...v, inputType: 'checkbox' }), field: 'inputType', message: MESSAGES.required },
    {
      name: 'an option without text',
      input: (v) => ({ ...v, options: [{ value: ' ', sortOrder: 1 }] }),
      field: ['options', 0, 'value'],
      message: MESSAGES.required,
    },
    {
      name: 'the same option twice',
      input: (v) => ({ ...v, options: [{ value: 'Curb' }, { value: 'CURB' }] }),
      field: ['options', 1, 'value'],
      message: MESSAGES.duplicate('Option'),
    },
    {
      name: 'the same option twice beside an empty name',
      input: (v) => ({ ...v, attributeName: '', options: [{ value: 'Curb' }, { value: 'CURB' }] }),
      field: ['options', 1, 'value'],
      message: MESSAGES.duplicate('Option'),
    },
    {
      name: 'an option image that is not webp, png, jpg, jpeg or svg',
      input: (v) => ({ ...v, inputType: 'radio', options: [{ value: 'Curb', valueImage: '/media/curb.gif' }] }),
      field: ['options', 0, 'valueImage'],
      message: MESSAGES.fileFormatNotSupported,
    },
    { name: 'options on a text attribute', input: (v) => ({ ...v, inputType: 'text' }), field: 'options', message: MESSAGES.textAttributeHasNoOptions },
    { name: 'a new attribute naming an option id', input: (v) => ({ ...v, options: [{ id: 424242, value: 'Curb' }] }), field: 'options', message: MESSAGES.unknownOptions('424242') },
  ],
});

describe('product attributes: options, code and in-use rules', () => {
  const app = useAdminTestApp();
  let context: RequestContext;
  beforeAll(async () => {
    context = await contextOfSession(app.t, app.admin);
  });

  let counter = 100;
  async function createAttribute(changes: Record<string, unknown> = {}): Promise<ProductAttributeRecord> {
    const response = await app.t.request(app.admin, { method: 'POST', url: '/api/product-attributes', payload: { ...valid(++counter), ...changes } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const put = (attribute: ProductAttributeRecord, changes: Record<string, unknown>) =>
    app.t.request(app.admin, { method: 'PUT', url: `/api/product-attributes/${attribute.id}`, payload: { ...attribute, ...changes } });
  const byCode = async (code: string): Promise<ProductAttributeRecord> =>
    (await app.t.request(app.admin, { method: 'GET', url: '/api/product-attributes', query: { search: code, pageSize: '100' } })).json().items.find(
      (a: ProductAttributeRecord) => a.attributeCode === code,
    );

  it('seeds Metal_quality, vendor and the configurable codes a jeweller sells with, on every new database', async () => {
    expect((await byCode('Metal_quality')).options.map((o) => o.value)).toEqual(['9ct', '14ct', '18ct', '22ct', '950 Platinum', '925 Sterling Silver']);
    expect((await byCode('vendor')).options.map((o) => o.value)).toEqual(['Facet Jewellers']);
    for (const code of ['metal', 'bridalshape', 'QualityStud', 'CaratStud', 'LengthChain', 'LengthBracelet', 'braceletSize', 'FineJewelryCarat']) {
      expect(CONFIGURABLE_ATTRIBUTE_CODES).toContain(code);
      expect((await byCode(code))?.options.length, code).toBeGreaterThan(0);
    }
    const ringSizes = (await byCode('ringSize')).options.map((o) => o.value);
    expect(ringSizes.slice(0, 3)).toEqual(['H', 'H½', 'I']);
    expect(ringSizes.at(-1)).toBe('Z');
    expect(ringSizes).toHaveLength(37);
  });

  it('saves the option list whole in one request: adds, renames, reorders and removes, keeping the ids of kept options', async () => {
    const attribute = await createAttribute();
    const [curb, belcher] = attribute.options;
    const response = await put(attribute, {
      options: [
        { id: belcher!.id, value: 'Belcher', sortOrder: 1 },
        { value: 'Figaro', sortOrder: 2 },
        { id: curb!.id, value: 'Diamond Cut Curb', sortOrder: 3 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved: ProductAttributeRecord = response.json();
    expect(saved.options.map((o) => [o.value, o.sortOrder])).toEqual([
      ['Belcher', 1],
      ['Figaro', 2],
      ['Diamond Cut Curb', 3],
    ]);
    expect(saved.options[2]!.id).toBe(curb!.id);

    const removed = await put(saved, { options: saved.options.filter((o) => o.value !== 'Figaro') });
    expect(removed.json().options.map((o: { value: string }) => o.value)).toEqual(['Belcher', 'Diamond Cut Curb']);
    const figaro = saved.options.find((o) => o.value === 'Figaro')!;
    const [row] = await app.t.db.select().from(attributeOptions).where(eq(attributeOptions.id, figaro.id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('refuses an option id that belongs to another attribute (400), writing nothing', async () => {
    const mine = await createAttribute();
    const other = await createAttribute();
    const response = await put(mine, { attributeName: 'Stolen Options', options: [...mine.options, { id: other.options[0]!.id, value: 'Curb 2' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: ['options'], message: MESSAGES.unknownOptions(String(other.options[0]!.id)) }]);
    expect((await byCode(mine.attributeCode)).attributeName).toBe(mine.attributeName);
  });

  it('refuses an option id sent twice (one row cannot take two values) and changes nothing', async () => {
    const attribute = await createAttribute();
    const first = attribute.options[0]!;
    const response = await put(attribute, { options: [...attribute.options, { id: first.id, value: 'Twice' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: ['options'], message: MESSAGES.repeatedOptions(String(first.id)) }]);
    expect(await byCode(attribute.attributeCode)).toEqual(attribute);
  });

  it('keeps the code read-only: an edit changing it is refused (400) and nothing changes', async () => {
    const attribute = await createAttribute();
    const response = await put(attribute, { attributeCode: 'renamedCode', attributeName: 'Renamed' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: ['attributeCode'], message: MESSAGES.attributeCodeReadOnly }]);
    expect(await byCode(attribute.attributeCode)).toEqual(attribute);
    // A seeded code outside the letters-only rule can still be edited as it is.
    const metalQuality = await byCode('Metal_quality');
    expect((await put(metalQuality, { description: 'Hallmark fineness names' })).statusCode).toBe(200);
  });

  it('keeps option images, uploads made for option images, for radio attributes only', async () => {
    const swatch = (await upload(app.t, app.admin, OPTION_IMAGE_PURPOSE, { fileName: 'rose.webp', bytes: await testImage('webp') })).json().url;
    const radio = await createAttribute({ inputType: 'radio', options: [{ value: 'Rose', valueImage: swatch }] });
    expect(radio.options[0]!.valueImage).toBe(swatch);
    const dropdown = await put(radio, { inputType: 'dropdown' });
    expect(dropdown.json().options[0].valueImage).toBe('');
  });

  it('refuses an option image that is not such an upload (400 on the option), writing nothing', async () => {
    const categoryImage = (await upload(app.t, app.admin, 'category-image', { fileName: 'banner.png', bytes: await testImage('png') })).json().url;
    const before = (await app.t.request(app.admin, { method: 'GET', url: '/api/product-attributes' })).json().total;
    for (const valueImage of ['/media/never-uploaded.png', categoryImage]) {
      const response = await app.t.request(app.admin, {
        method: 'POST',
        url: '/api/product-attributes',
        payload: { ...valid(++counter), inputType: 'radio', options: [{ value: 'Gold' }, { value: 'Rose', valueImage }] },
      });
      expect(response.statusCode, valueImage).toBe(400);
      expect(response.json().error.issues).toEqual([{ path: ['options', 1, 'valueImage'], message: MESSAGES.invalidFile }]);
    }
    expect((await app.t.request(app.admin, { method: 'GET', url: '/api/product-attributes' })).json().total).toBe(before);
  });

  it('refuses deleting the attributes Facet reads by code (409)', async () => {
    for (const code of ['Metal_quality', 'vendor']) {
      const response = await app.t.request(app.admin, { method: 'DELETE', url: `/api/product-attributes/${(await byCode(code)).id}` });
      expect(response.statusCode, code).toBe(409);
      expect(response.json().error.message).toBe(MESSAGES.systemAttribute);
    }
  });

  describe('with a product usage recorded (the seam the product module feeds)', () => {
    const usedAttributes = new Set<number>();
    const usedOptions = new Set<number>();
    const fake = (ids: Set<number>): Usage => ({ usedBy: 'products', findUsedIds: async (_db, wanted) => wanted.filter((id) => ids.has(id)) });
    const service = () => createProductAttributeService(app.t.db, { attributes: [fake(usedAttributes)], options: [...ATTRIBUTE_USAGES.options, fake(usedOptions)] });

    it('reports nothing in use until a usage is recorded', async () => {
      const attribute = await createAttribute();
      expect(attribute.inUse).toBe(false);
      expect(attribute.options.every((o) => !o.inUse)).toBe(true);
      await service().remove(attribute.id, context);
    });

    it('refuses deleting an attribute a product uses, or one whose option a product uses (409)', async () => {
      const attribute = await createAttribute();
      usedAttributes.add(attribute.id);
      expect((await service().get(attribute.id)).inUse).toBe(true);
      await expect(service().remove(attribute.id, context)).rejects.toMatchObject({ status: 409, message: MESSAGES.inUse('This attribute', 'products') });
      usedAttributes.delete(attribute.id);

      usedOptions.add(attribute.options[1]!.id);
      const record = await service().get(attribute.id);
      expect(record.inUse).toBe(true);
      expect(record.options.map((o) => o.inUse)).toEqual([false, true]);
      await expect(service().remove(attribute.id, context)).rejects.toMatchObject({ status: 409 });
      await expect(service().update(attribute.id, { ...record, options: [record.options[0]!] }, record.version, context)).rejects.toMatchObject({
        status: 409,
        message: MESSAGES.inUse('The option Belcher', 'products'),
      });
      expect((await service().get(attribute.id)).options).toHaveLength(2);

      usedOptions.clear();
      await service().remove(attribute.id, context);
      await expect(service().get(attribute.id)).rejects.toMatchObject({ status: 404 });
    });
  });
});
