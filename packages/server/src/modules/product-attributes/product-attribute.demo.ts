import { VENDOR_ATTRIBUTE_CODE } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { insertAttributes } from './product-attribute.reference.ts';
import { attributeOptions, productAttributes } from './product-attribute.table.ts';

const SUPPLIERS = ['Hatton Garden Workshop', 'Birmingham Casting Co', 'Nivoda'];

/** The demo shop's suppliers as vendors, and the standalone attributes its products describe themselves with. */
export async function seedDemoProductAttributes(tx: Db, { adminId }: SeedContext) {
  const [vendor] = await tx.select({ id: productAttributes.id }).from(productAttributes).where(eq(productAttributes.attributeCode, VENDOR_ATTRIBUTE_CODE));
  await tx
    .insert(attributeOptions)
    .values(SUPPLIERS.map((value, index) => ({ attributeId: vendor!.id, value, sortOrder: index + 2, createdBy: adminId, updatedBy: adminId })));
  await insertAttributes(tx, adminId, [
    {
      attributeName: 'Gemstone',
      attributeCode: 'gemstone',
      inputType: 'dropdown',
      options: ['Diamond', 'Lab Grown Diamond', 'Sapphire', 'Emerald', 'Ruby', 'Moissanite'],
      useInSearch: true,
      showInStorefront: true,
    },
    { attributeName: 'Setting Style', attributeCode: 'settingStyle', inputType: 'radio', options: ['Claw', 'Bezel', 'Halo', 'Channel', 'Tension'], showInStorefront: true },
    {
      attributeName: 'Hallmark',
      attributeCode: 'hallmark',
      inputType: 'dropdown',
      options: ['London Assay Office', 'Birmingham Assay Office', 'Sheffield Assay Office', 'Edinburgh Assay Office'],
      showInStorefront: true,
    },
    { attributeName: 'Band Width', attributeCode: 'bandWidth', inputType: 'slider', options: ['2mm', '3mm', '4mm', '5mm', '6mm'], useInSearch: true },
    { attributeName: 'Engraving', attributeCode: 'engraving', inputType: 'text', options: [], description: 'Free text engraved inside the band, up to 25 characters.' },
  ]);
}
