import { seedShapeCategories } from '../diamond-shapes/shape-category.service.ts';
import type { DemoSeeder } from './demo-data.ts';

/**
 * Reference rows Facet needs to work, seeded on every new database whether demo data is on or not
 * (the shape categories that diamond markups are set for, ...). Run before the demo seeders.
 */
export const REFERENCE_SEEDERS: DemoSeeder[] = [seedShapeCategories];
