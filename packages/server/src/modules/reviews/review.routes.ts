import { reviewResource } from '@facet/contract/modules/reviews/review.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createReviewService } from './review.service.ts';

/** Marketing > Reviews (permission marketing): list, read, update, status, delete. Shoppers add them (storefront). */
export function reviewRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, reviewResource, createReviewService(db));
}
