import { CONFIGURABLE_ATTRIBUTE_CODES, VENDOR_ATTRIBUTE_CODE } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { ProductFormAttribute, ProductFormLookup, ProductFormLookupRow } from '@facet/contract/modules/products/product.schema';
import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { attributeSetGroupAttributes, attributeSetGroups, attributeSets } from '../attribute-sets/attribute-set.table.ts';
import { shapeChoices } from '../diamond-shapes/index.ts';
import { attributeOptions, productAttributes } from '../product-attributes/product-attribute.table.ts';
import { productSizes } from '../product-sizes/product-size.table.ts';
import { shopName } from '../settings/index.ts';
import { products } from './product.table.ts';

/** What the product form and the list's filters choose from: attributes, attribute sets, size types, shapes, vendors. */

export const isConfigurableCode = (code: string) => CONFIGURABLE_ATTRIBUTE_CODES.includes(code);

/** Where each form lookup of the catalogue reads, and which column names a row (the shapes are the diamonds area's). */
const FORM_LOOKUP_TABLES = {
  'attribute-sets': { table: attributeSets, name: attributeSets.name },
  'size-types': { table: productSizes, name: productSizes.type },
} satisfies Record<Exclude<ProductFormLookup, 'diamond-shapes'>, unknown>;

/** The vendor attribute's options, in their order. */
export async function vendorOptions(source: Db) {
  return source
    .select({ id: attributeOptions.id, name: attributeOptions.value })
    .from(attributeOptions)
    .innerJoin(productAttributes, eq(productAttributes.id, attributeOptions.attributeId))
    .where(and(eq(productAttributes.attributeCode, VENDOR_ATTRIBUTE_CODE), isLive(productAttributes), isLive(attributeOptions)))
    .orderBy(asc(attributeOptions.sortOrder), asc(attributeOptions.id));
}

/** Every live attribute with its live options, flagged configurable, with its group in the given set. */
export async function formAttributes(db: Db, attributeSetId: number | undefined): Promise<ProductFormAttribute[]> {
  const [attributeRows, optionRows, placedRows] = await Promise.all([
    db
      .select({
        id: productAttributes.id,
        attributeCode: productAttributes.attributeCode,
        attributeName: productAttributes.attributeName,
        inputType: productAttributes.inputType,
        isRequired: productAttributes.isRequired,
      })
      .from(productAttributes)
      .where(and(isLive(productAttributes), eq(productAttributes.status, true)))
      .orderBy(asc(productAttributes.attributeName), asc(productAttributes.id)),
    db
      .select({ id: attributeOptions.id, attributeId: attributeOptions.attributeId, value: attributeOptions.value, valueImage: attributeOptions.valueImage })
      .from(attributeOptions)
      .where(isLive(attributeOptions))
      .orderBy(asc(attributeOptions.sortOrder), asc(attributeOptions.id)),
    attributeSetId === undefined
      ? []
      : db
          .select({ attributeId: attributeSetGroupAttributes.attributeId, groupName: attributeSetGroups.name })
          .from(attributeSetGroupAttributes)
          .innerJoin(attributeSetGroups, and(eq(attributeSetGroups.id, attributeSetGroupAttributes.groupId), isLive(attributeSetGroups)))
          .where(eq(attributeSetGroupAttributes.setId, attributeSetId)),
  ]);
  const groupOf = new Map(placedRows.map((row) => [row.attributeId, row.groupName]));
  const optionsOf = new Map<number, ProductFormAttribute['options']>();
  for (const { attributeId, ...option } of optionRows) optionsOf.set(attributeId, [...(optionsOf.get(attributeId) ?? []), option]);
  return attributeRows.map((row) => ({
    ...row,
    isConfigurable: isConfigurableCode(row.attributeCode),
    groupName: groupOf.get(row.id) ?? null,
    options: optionsOf.get(row.id) ?? [],
  }));
}

/** Attribute sets that live products use: the list filter offers only these (document 2 §7). */
export async function attributeSetsWithProducts(db: Db) {
  return db
    .select({ id: attributeSets.id, name: attributeSets.name })
    .from(attributeSets)
    .where(and(isLive(attributeSets), exists(sql`(select 1 from ${products} where ${products.attributeSetId} = ${attributeSets.id} and ${products.deletedAt} is null)`)))
    .orderBy(asc(sql`lower(${attributeSets.name})`));
}

/** The form's choices of attribute sets, size types or diamond shapes: live rows by name, with their switch. */
export async function formLookup(db: Db, lookup: ProductFormLookup): Promise<ProductFormLookupRow[]> {
  if (lookup === 'diamond-shapes') return shapeChoices(db);
  const { table, name } = FORM_LOOKUP_TABLES[lookup];
  return db
    .select({ id: table.id, name, status: table.status })
    .from(table)
    .where(isLive(table))
    .orderBy(asc(sql`lower(${name})`), asc(table.id));
}

/** The vendor choices: the shop's own name first, then the vendor attribute's options. */
export async function vendors(db: Db) {
  const [defaultVendor, items] = await Promise.all([shopName(db), vendorOptions(db)]);
  return { defaultVendor, items };
}
