import type { ListQuery } from '@facet/contract/api';
import { listResponseSchema } from '@facet/contract/api';
import {
  ORDER_API,
  orderLineParamSchema,
  orderListRowSchema,
  orderNumberParamSchema,
  orderRecordSchema,
  orderResource,
  orderStatusChangeResponseSchema,
  orderStatusChangeSchema,
  supplierOrderReferenceSchema,
} from '@facet/contract/modules/orders/order.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../../http/idempotency-key.ts';
import type { ExportSource } from '../../http/large-exports.ts';
import { exportSourceOf, sendExport } from '../../http/large-exports.ts';
import type { Workflows } from '../../jobs/workflow.ts';
import { createOrderList, loadOrder } from './order.service.ts';
import { createOrderStatusChanges } from './order.status.ts';
import { createSupplierOrderReferences } from './order.supplier-reference.ts';

/** `/api/orders...` for the Sales screens (permission `sales`, document 3 §6; the older build's products check on the detail is not kept). */
export function orderRoutes(app: FastifyInstance, db: Db, workflows: Workflows) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: orderResource.permission };
  const tags = ['orders'];
  const list = createOrderList(db);
  const changeStatus = createOrderStatusChanges(db, workflows);
  const setSupplierOrderReference = createSupplierOrderReferences(db);

  // The list, and the customer's Orders tab as the list filtered by customer (`customerId`).
  route.get(ORDER_API.list, { config, schema: { tags, querystring: orderResource.listQuery.schema, response: { 200: listResponseSchema(orderListRowSchema) } } }, (request) =>
    // The list's own query (its status filter is the order states, not the switch's active/inactive), as crudRoutes passes it.
    list.list(request.query as unknown as ListQuery & Record<string, unknown>),
  );

  // Export Excel: the list's filters; past the toolkit's threshold it runs as a job (http/large-exports.ts).
  const exportSource = exportSourceOf(orderResource, list as never) as ExportSource<never>;
  app.largeExports?.register(exportSource);
  route.get(ORDER_API.export, { config, schema: { tags, querystring: orderResource.listQuery.schema } }, (request, reply) =>
    sendExport(request, reply, exportSource, request.query as never),
  );

  route.get(ORDER_API.detail, { config, schema: { tags, params: orderNumberParamSchema, response: { 200: orderRecordSchema } } }, (request) =>
    loadOrder(db, request.params.orderNumber),
  );

  route.post(
    ORDER_API.status,
    {
      config,
      schema: {
        tags,
        summary: 'Moves the order along the workflow (409 for a move it does not list), refunding or shipping on the way.',
        params: orderNumberParamSchema,
        headers: idempotencyHeaders('Makes the change once: the same key again answers the order as it stands (a double click refunds once); with another change it is 422.'),
        body: orderStatusChangeSchema,
        response: { 200: orderStatusChangeResponseSchema },
      },
    },
    async (request, reply) => {
      const { replayed, ...answer } = await changeStatus(request.params.orderNumber, request.body, idempotencyKeyOf(request), contextOf(request));
      if (replayed) reply.header('idempotent-replayed', 'true');
      return answer;
    },
  );

  route.put(
    ORDER_API.supplierOrderReference,
    {
      config,
      schema: {
        tags,
        summary: 'Sets (or, empty, removes) a diamond line’s supplier order reference; written in the order’s history. 409 for a product’s line.',
        params: orderLineParamSchema,
        body: supplierOrderReferenceSchema,
        response: { 200: orderStatusChangeResponseSchema },
      },
    },
    (request) => setSupplierOrderReference(request.params.orderNumber, request.params.lineId, request.body.supplierOrderReference, contextOf(request)),
  );
}
