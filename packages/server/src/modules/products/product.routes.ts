import { idParamSchema, listResponseSchema } from '@facet/contract/api';
import { activeSwitch, statusPatchSchema } from '@facet/contract/status';
import { MESSAGES } from '@facet/contract/messages';
import {
  productCreateSchema,
  productFormAttributeSchema,
  productFormAttributesQuerySchema,
  productFormLookupParamsSchema,
  productFormLookupRowSchema,
  productListQuery,
  productBulkList,
  productListRowSchema,
  productLookupRowSchema,
  productRecordSchema,
  productSaveResponseSchema,
  productSearchQuerySchema,
  productSearchRowSchema,
  productSkuCheckQuerySchema,
  productSkuCheckResponseSchema,
  productUpdateSchema,
  productVendorsResponseSchema,
} from '@facet/contract/modules/products/product.schema';
import { PRODUCT_EXPORT_FILE_NAME } from '@facet/contract/modules/products/product-sheet';
import { productPricingSchema } from '@facet/contract/modules/catalog-price-rules/catalog-price-rule.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import type { ExportSource } from '../../http/large-exports.ts';
import { sendExport } from '../../http/large-exports.ts';
import { bulkRoutes } from '../../http/bulk-actions.ts';
import { createProductSheetExport, PRODUCT_SHEET_EXPORT_COLUMNS } from './product-sheet.export.ts';
import { productBulkTarget } from './product.bulk.ts';
import type { ProductListQuery } from './product.queries.ts';
import { productPricing } from './product.sale.ts';
import { createProductService } from './product.service.ts';

/**
 * Products (document 2 §2, §7): the list, the whole product read and saved in one request each,
 * the status switch, deletes, and the lookups the form and the filters need. Lookups sit under
 * fixed paths declared before `/:id`, which only matches plain digits anyway.
 */
/** A product's status is the Active/Inactive switch. */
const productStatusPatchSchema = statusPatchSchema(activeSwitch);

export function productRoutes(app: FastifyInstance, db: Db) {
  const service = createProductService(db);
  const base = '/api/products';
  const config = { permission: 'products' as const };
  const tags = ['products'];
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(base, { config, schema: { tags, querystring: productListQuery.schema, response: { 200: listResponseSchema(productListRowSchema) } } }, (request) =>
    service.list(request.query),
  );

  route.get(`${base}/sku-check`, { config, schema: { tags, querystring: productSkuCheckQuerySchema, response: { 200: productSkuCheckResponseSchema } } }, async (request) => {
    const exists = await service.skuExists(request.query.sku, request.query.id);
    return exists ? { exists, message: MESSAGES.skuExists } : { exists };
  });

  route.get(`${base}/search`, { config, schema: { tags, querystring: productSearchQuerySchema, response: { 200: z.array(productSearchRowSchema) } } }, (request) =>
    service.search(request.query.term),
  );

  route.get(
    `${base}/form-attributes`,
    { config, schema: { tags, querystring: productFormAttributesQuerySchema, response: { 200: z.array(productFormAttributeSchema) } } },
    (request) => service.formAttributes(request.query.attributeSetId),
  );

  // The form's Catalog Price Rule panel: the rule pricing the product now, and the price it gives.
  route.get(`${base}/:id/pricing`, { config, schema: { tags, params: idParamSchema, response: { 200: productPricingSchema } } }, async (request) => {
    const pricing = await productPricing(db, request.params.id);
    if (!pricing) throw notFound();
    return pricing;
  });

  route.get(`${base}/attribute-sets`, { config, schema: { tags, response: { 200: z.array(productLookupRowSchema) } } }, () => service.attributeSetsWithProducts());

  route.get(
    `${base}/lookups/:lookup`,
    { config, schema: { tags, params: productFormLookupParamsSchema, response: { 200: z.array(productFormLookupRowSchema) } } },
    (request) => service.formLookup(request.params.lookup),
  );

  // Export Excel: the import's own sheet (a parent row, then its variants), for the list's filters.
  const sheetExport = createProductSheetExport(db);
  const exportSource: ExportSource<ProductListQuery> = {
    name: 'products',
    fileName: PRODUCT_EXPORT_FILE_NAME,
    columns: PRODUCT_SHEET_EXPORT_COLUMNS,
    parseQuery: (raw) => productListQuery.schema.parse(raw),
    count: (query, upTo) => sheetExport.count(query, upTo),
    iterate: (query) => sheetExport.iterate(query),
  };
  app.largeExports?.register(exportSource as ExportSource<never>);
  route.get(`${base}/export`, { config, schema: { tags, querystring: productListQuery.schema } }, (request, reply) => sendExport(request, reply, exportSource, request.query));

  route.get(`${base}/vendors`, { config, schema: { tags, response: { 200: productVendorsResponseSchema } } }, () => service.vendors());

  // Delete Selected, Delete All, and the list's other bulk actions: jobs, each row under its single write's rules.
  bulkRoutes(app, { ...productBulkList, listQuery: productListQuery }, { target: productBulkTarget(db), exportSource: exportSource as ExportSource<never> });

  route.get(`${base}/:id`, { config, schema: { tags, params: idParamSchema, response: { 200: productRecordSchema } } }, (request) => service.get(request.params.id));

  route.post(`${base}`, { config, schema: { tags, body: productCreateSchema, response: { 201: productSaveResponseSchema } } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.body, contextOf(request))),
  );

  route.put(`${base}/:id`, { config, schema: { tags, params: idParamSchema, body: productUpdateSchema, response: { 200: productSaveResponseSchema } } }, (request) => {
    const { version, ...input } = request.body;
    return service.update(request.params.id, input, version, contextOf(request));
  });

  route.patch(`${base}/:id/status`, { config, schema: { tags, params: idParamSchema, body: productStatusPatchSchema, response: { 200: productListRowSchema } } }, (request) =>
    service.setStatus(request.params.id, request.body.status, request.body.version, contextOf(request)),
  );

  route.delete(`${base}/:id`, { config, schema: { tags, params: idParamSchema } }, async (request, reply) => {
    await service.remove(request.params.id, contextOf(request));
    return reply.status(204).send();
  });
}
