import { DEFAULT_GROUP_NAME } from '@facet/contract/modules/attribute-sets/attribute-set.schema';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { productAttributes } from '../product-attributes/product-attribute.table.ts';
import { attributeSetGroupAttributes, attributeSetGroups, attributeSets } from './attribute-set.table.ts';

/** The demo shop's sets: groups named as a jeweller would, each listing attribute codes in order. */
const DEMO_SETS: { name: string; status?: boolean; groups: [string, string[]][] }[] = [
  { name: 'Rings', groups: [[DEFAULT_GROUP_NAME, ['vendor', 'hallmark', 'engraving']], ['Metal & Stone', ['metal', 'Metal_quality', 'gemstone', 'settingStyle', 'bridalshape']], ['Sizing', ['ringSize', 'bandWidth']]] },
  { name: 'Earrings', groups: [[DEFAULT_GROUP_NAME, ['vendor', 'hallmark']], ['Metal & Stone', ['metal', 'Metal_quality', 'gemstone', 'settingStyle']], ['Studs', ['QualityStud', 'CaratStud']]] },
  { name: 'Pendants', groups: [[DEFAULT_GROUP_NAME, ['vendor', 'hallmark', 'engraving']], ['Metal & Stone', ['metal', 'Metal_quality', 'gemstone']], ['Sizing', ['LengthChain']]] },
  { name: 'Bracelets', groups: [[DEFAULT_GROUP_NAME, ['vendor', 'hallmark']], ['Metal & Stone', ['metal', 'Metal_quality', 'gemstone']], ['Sizing', ['LengthBracelet', 'braceletSize']]] },
  { name: 'Gift Cards', status: false, groups: [[DEFAULT_GROUP_NAME, []]] },
];

/** After the product attributes: places them by code (a code the database lacks is skipped). */
export async function seedDemoAttributeSets(tx: Db, { adminId }: SeedContext) {
  const codes = [...new Set(DEMO_SETS.flatMap((set) => set.groups.flatMap(([, groupCodes]) => groupCodes)))];
  const idOf = new Map(
    (await tx.select({ id: productAttributes.id, code: productAttributes.attributeCode }).from(productAttributes).where(inArray(productAttributes.attributeCode, codes))).map(
      (row) => [row.code, row.id],
    ),
  );
  const by = { createdBy: adminId, updatedBy: adminId };
  for (const set of DEMO_SETS) {
    const [row] = await tx.insert(attributeSets).values({ name: set.name, status: set.status ?? true, ...by }).returning({ id: attributeSets.id });
    const setId = row!.id;
    for (const [sortOrder, [name, groupCodes]] of set.groups.entries()) {
      const [group] = await tx
        .insert(attributeSetGroups)
        .values({ setId, name, isDefault: name === DEFAULT_GROUP_NAME, sortOrder, ...by })
        .returning({ id: attributeSetGroups.id });
      const placed = groupCodes.flatMap((code, index) => (idOf.has(code) ? [{ setId, groupId: group!.id, attributeId: idOf.get(code)!, sortOrder: index }] : []));
      if (placed.length) await tx.insert(attributeSetGroupAttributes).values(placed);
    }
  }
}
