import { linkStatisticResource, ringRequestResource, searchTermResource } from '@facet/contract/modules/reports/report.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createLinkStatisticService, createRingRequestService, createSearchTermService } from './report.service.ts';

/**
 * Report screens (permission report): GET /api/search-terms (list, export), /api/link-statistics (the
 * list filtered by type), /api/ring-requests (list, detail). Read only: the storefront writes them.
 */
export function reportRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, searchTermResource, createSearchTermService(db));
  crudRoutes(app, linkStatisticResource, createLinkStatisticService(db));
  crudRoutes(app, ringRequestResource, createRingRequestService(db));
}
