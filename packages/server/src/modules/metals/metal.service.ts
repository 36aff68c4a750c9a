import { metalResource } from '@facet/contract/modules/metals/metal.schema';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import type { SeedContext } from '../../db/seed.ts';
import { repriceMetalQualities } from '../metal-qualities/index.ts';
import { metals } from './metal.table.ts';

export function createMetalService(db: Db) {
  return createCrudService(db, metalResource, metals, {
    // A new price reaches every quality of the metal in the same transaction.
    async afterWrite(tx, { id, before, after, context }) {
      if (before?.metalPrice !== after?.metalPrice) await repriceMetalQualities(tx, id, context);
    },
  });
}

/**
 * The metals a UK jeweller sells, seeded on every new database (the screen has no add): prices per
 * gram of pure metal and labour charges per gram, in pounds. The golds share the gold price; white
 * gold's rhodium plating costs more labour.
 */
export async function seedMetals(tx: Db, { adminId }: SeedContext) {
  const metal = (metalType: string, metalPrice: number, metalLabourCharge: number) => ({ metalType, metalPrice, metalLabourCharge, createdBy: adminId, updatedBy: adminId });
  await tx
    .insert(metals)
    .values([metal('Yellow Gold', 96.5, 18), metal('White Gold', 96.5, 22), metal('Rose Gold', 96.5, 20), metal('Platinum', 38.4, 28), metal('Silver', 1.25, 6.5)]);
}
