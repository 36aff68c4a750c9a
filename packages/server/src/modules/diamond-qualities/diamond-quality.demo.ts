import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { diamondQualities } from './diamond-quality.table.ts';

/** Qualities of the small stones set in jewellery, given as a clarity band and a colour range. */
const QUALITIES = [
  { stoneQuality: 'SI-IJ', clarity: 'SI', color: 'IJ', status: true },
  { stoneQuality: 'SI-GH', clarity: 'SI', color: 'GH', status: true },
  { stoneQuality: 'VS-GH', clarity: 'VS', color: 'GH', status: true },
  { stoneQuality: 'VS-FG', clarity: 'VS', color: 'FG', status: true },
  { stoneQuality: 'VVS-EF', clarity: 'VVS', color: 'EF', status: true },
  { stoneQuality: 'VVS-DEF', clarity: 'VVS', color: 'DEF', status: true },
  { stoneQuality: 'I-JK', clarity: 'I', color: 'JK', status: false },
];

export async function seedDemoDiamondQualities(tx: Db, { adminId }: SeedContext) {
  await tx.insert(diamondQualities).values(QUALITIES.map((quality) => ({ ...quality, createdBy: adminId, updatedBy: adminId })));
}
