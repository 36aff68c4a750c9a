import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { productSizes } from './product-size.table.ts';

const letters = (from: string, to: string) =>
  Array.from({ length: to.charCodeAt(0) - from.charCodeAt(0) + 1 }, (_, i) => String.fromCharCode(from.charCodeAt(0) + i));
const inches = (...values: number[]) => values.map((value) => `${value}"`);

/** UK ring sizes are letters; lengths are in inches, as British jewellers quote them. */
export async function seedDemoProductSizes(tx: Db, { adminId }: SeedContext) {
  const sizeType = (type: string, sizes: { male?: string[]; female?: string[]; unisex?: string[] }, status = true) => ({
    type,
    maleSizes: sizes.male ?? [],
    femaleSizes: sizes.female ?? [],
    unisexSizes: sizes.unisex ?? [],
    status,
    createdBy: adminId,
    updatedBy: adminId,
  });
  await tx.insert(productSizes).values([
    sizeType('Ring Size', { male: letters('P', 'Z'), female: letters('H', 'R'), unisex: letters('K', 'V') }),
    sizeType('Necklace Length', { male: inches(20, 22, 24), female: inches(16, 18, 20), unisex: inches(18, 20) }),
    sizeType('Bracelet Length', { male: inches(8, 8.5), female: inches(6.5, 7, 7.5), unisex: inches(7.5) }),
    sizeType('Bangle Size', { male: ['Large'], female: ['Small', 'Medium', 'Large'], unisex: ['Medium', 'Large'] }),
    sizeType("Children's Ring Size", { unisex: letters('A', 'G') }, false),
  ]);
}
