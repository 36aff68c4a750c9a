import { seedShapeCategories } from '../diamond-shapes/shape-category.service.ts';
import type { Seeder } from '../../db/seed.ts';
import { seedRootCategory } from '../categories/category.service.ts';
import { seedDefaultCustomerGroup } from '../customer-groups/customer-group.service.ts';
import { seedMetals } from '../metals/metal.service.ts';
import { seedReferenceAttributes } from '../product-attributes/product-attribute.reference.ts';

/**
 * Reference rows Facet needs to work, seeded on every new database whether demo data is on or not
 * (the shape categories that diamond markups are set for, the metals, the attributes Facet reads by
 * code, the default customer group...). Run before the demo seeders.
 */
export const REFERENCE_SEEDERS: Seeder[] = [seedShapeCategories, seedMetals, seedReferenceAttributes, seedDefaultCustomerGroup, seedRootCategory];
