import { inquiryResource } from '@facet/contract/modules/inquiries/inquiry.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createInquiryService } from './inquiry.service.ts';

/** GET /api/inquiries (the list, its filters) and GET /api/inquiries/:id (the detail), permission sales. */
export function inquiryRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, inquiryResource, createInquiryService(db));
}
