import { and, eq } from 'drizzle-orm';
import { METAL_QUALITY_ATTRIBUTE_CODE } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { metals } from '../metals/metal.table.ts';
import { attributeOptions, productAttributes } from '../product-attributes/product-attribute.table.ts';
import { metalQualities } from './metal-quality.table.ts';
import { pricingOf } from './metal-quality.service.ts';
import { isLive } from '../../db/columns.ts';

/** Quality, metal, fineness (%), labour charge (£/g), active: the hallmarks a UK jeweller stocks. */
const QUALITIES: [string, string, number, number, boolean][] = [
  ['9ct', 'Yellow Gold', 37.5, 18, true],
  ['14ct', 'Yellow Gold', 58.5, 18, true],
  ['18ct', 'Yellow Gold', 75, 18, true],
  ['22ct', 'Yellow Gold', 91.6, 18, true],
  ['9ct', 'White Gold', 37.5, 22, true],
  ['14ct', 'White Gold', 58.5, 22, false],
  ['18ct', 'White Gold', 75, 22, true],
  ['9ct', 'Rose Gold', 37.5, 20, true],
  ['18ct', 'Rose Gold', 75, 20, true],
  ['950 Platinum', 'Platinum', 95, 28, true],
  ['925 Sterling Silver', 'Silver', 92.5, 6.5, true],
];

export async function seedDemoMetalQualities(tx: Db, { adminId }: SeedContext) {
  const metalRows = await tx.select({ id: metals.id, metalType: metals.metalType }).from(metals);
  const optionRows = await tx
    .select({ id: attributeOptions.id, value: attributeOptions.value })
    .from(attributeOptions)
    .innerJoin(productAttributes, eq(productAttributes.id, attributeOptions.attributeId))
    .where(and(eq(productAttributes.attributeCode, METAL_QUALITY_ATTRIBUTE_CODE), isLive(attributeOptions)));
  await tx.insert(metalQualities).values(
    QUALITIES.map(([quality, metal, fineness, labourCharges, status]) => {
      const metalId = metalRows.find((row) => row.metalType === metal)!.id;
      const metalQualityOptionId = optionRows.find((row) => row.value === quality)!.id;
      return { metalQualityOptionId, metalId, fineness, labourCharges, status, ...pricingOf(metalId, fineness), createdBy: adminId, updatedBy: adminId };
    }),
  );
}
