import { defineServerModule } from '../server-module.ts';
import { seedDemoReviews } from './review.demo.ts';
import { reviewRoutes } from './review.routes.ts';
import { productReviews } from './review.table.ts';

export const reviewsModule = defineServerModule({
  name: 'reviews',
  routes: (app, { db }) => reviewRoutes(app, db),
  tables: [productReviews],
  demo: seedDemoReviews,
  // Its demo reviews are about the demo products and stones.
  after: ['products', 'diamonds'],
  permissions: ['marketing'],
});
