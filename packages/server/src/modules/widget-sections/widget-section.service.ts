import { MESSAGES } from '@facet/contract/messages';
import type { BestSellerEntry, BestSellerPreview } from '@facet/contract/modules/widget-sections/widget-section.schema';
import { BEST_SELLER_CATEGORY_NAMES, SECTION_TEMPLATES, sectionResource, TEMPLATE } from '@facet/contract/modules/widget-sections/widget-section.schema';
import type { ErrorIssue } from '@facet/contract/api';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { writeAudits } from '../../db/audit.ts';
import type { RequestContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { sanitizeRichTextField } from '../../http/rich-text-field.ts';
import { categoryLinks, liveCategoriesNamed } from '../categories/index.ts';
import { productsBySku } from '../products/index.ts';
import { widgetSectionOptions, widgetSections } from './widget-section.table.ts';

/** The template's name as SQL over the row, so the list reads it with the row. */
const templateNameSql = sql<string>`case ${widgetSections.templateId} ${sql.join(
  SECTION_TEMPLATES.map((template) => sql`when ${sql.raw(String(template.id))} then ${template.name}`),
  sql` `,
)} end`;

/**
 * The best-seller SKUs no product a shopper can buy has, and those listed twice in one category, as
 * the Error dialog lists them (document 3 §8): a 400 naming both, nothing written.
 */
async function assertBestSellerSkus(tx: Db, entries: readonly BestSellerEntry[]) {
  if (!entries.length) return;
  const offered = new Set((await bestSellerCategories(tx)).map((category) => category.id));
  const unknown = entries.findIndex((entry) => !offered.has(entry.categoryId));
  if (unknown >= 0) {
    throw new AppError('VALIDATION_FAILED', MESSAGES.unknownCategory, [{ path: ['bestSellers', unknown, 'categoryId'], message: MESSAGES.unknownCategory }]);
  }
  const found = await productsBySku(
    tx,
    entries.flatMap((entry) => entry.skus),
  );
  const invalid = new Set<string>();
  const duplicate = new Set<string>();
  const issues: ErrorIssue[] = [];
  entries.forEach((entry, entryIndex) => {
    const seen = new Set<string>();
    entry.skus.forEach((sku, skuIndex) => {
      const key = sku.toLowerCase();
      if (!found.has(key)) {
        invalid.add(sku);
        issues.push({ path: ['bestSellers', entryIndex, 'skus', skuIndex], message: MESSAGES.invalidSkus(sku) });
      } else if (seen.has(key)) {
        duplicate.add(sku);
        issues.push({ path: ['bestSellers', entryIndex, 'skus', skuIndex], message: MESSAGES.duplicateSkus(sku) });
      }
      seen.add(key);
    });
  });
  if (!invalid.size && !duplicate.size) return;
  const lines = [invalid.size ? MESSAGES.invalidSkus([...invalid].join(', ')) : null, duplicate.size ? MESSAGES.duplicateSkus([...duplicate].join(', ')) : null];
  throw new AppError('VALIDATION_FAILED', lines.filter(Boolean).join('\n'), issues);
}

/** Soft-deletes the section's live options (a template change, the section's delete), with an audit row each. */
async function clearSectionOptions(tx: Db, sectionId: number, context: RequestContext) {
  const cleared = await tx
    .update(widgetSectionOptions)
    .set({ deletedAt: new Date(), deletedBy: context.actor.id, updatedAt: new Date(), updatedBy: context.actor.id })
    .where(and(eq(widgetSectionOptions.sectionId, sectionId), isLive(widgetSectionOptions)))
    .returning({ id: widgetSectionOptions.id, title: widgetSectionOptions.title });
  await writeAudits(
    tx,
    context,
    cleared.map((option) => ({ action: 'delete', entity: 'widget_section_option', entityId: option.id, before: { title: option.title, sectionId } })),
  );
}

export function createSectionService(db: Db) {
  return createCrudService(db, sectionResource, widgetSections, {
    derivedFields: { templateName: templateNameSql },
    // Only the custom HTML template keeps content (sanitised on the server with the policy of its full
    // toolbar: fonts, tables, videos), only the best-seller one its SKUs.
    prepareInput: async (input) => ({
      ...input,
      content: input.templateId === TEMPLATE.customHtml ? await sanitizeRichTextField('content', input.content, 'customHtml') : '',
      bestSellers: input.templateId === TEMPLATE.bestSeller ? input.bestSellers : [],
    }),
    async loadRelations(source, ids) {
      const rows = await source
        .select({ sectionId: widgetSectionOptions.sectionId, active: count() })
        .from(widgetSectionOptions)
        .where(and(inArray(widgetSectionOptions.sectionId, ids), isLive(widgetSectionOptions), eq(widgetSectionOptions.status, true)))
        .groupBy(widgetSectionOptions.sectionId);
      const active = new Map(rows.map((row) => [row.sectionId, row.active]));
      return new Map(ids.map((id) => [id, { activeOptions: active.get(id) ?? 0 }]));
    },
    async beforeCreate(tx, { input }) {
      await assertBestSellerSkus(tx, input.bestSellers);
    },
    async beforeUpdate(tx, { input, existing, context }) {
      await assertBestSellerSkus(tx, input.bestSellers);
      // Document 3 §4: changing a section's template clears its items (options).
      if (input.templateId !== existing.templateId) await clearSectionOptions(tx, existing.id, context);
    },
    async beforeDelete(tx, { existing, context }) {
      await clearSectionOptions(tx, existing.id, context);
    },
  });
}

/** The categories the best-seller template offers: those the spec names, in its order. */
export async function bestSellerCategories(db: Db) {
  return liveCategoriesNamed(db, BEST_SELLER_CATEGORY_NAMES);
}

/**
 * Each category's best sellers as the storefront shows them (the accordion's preview), products in the
 * section's order, at the price the storefront sells them at now (after the catalog price rule running).
 */
export async function bestSellerPreview(db: Db, sectionId: number): Promise<BestSellerPreview> {
  const [section] = await db
    .select({ bestSellers: widgetSections.bestSellers })
    .from(widgetSections)
    .where(and(eq(widgetSections.id, sectionId), isLive(widgetSections)));
  if (!section) throw notFound();
  const entries = section.bestSellers;
  const [names, products] = await Promise.all([
    categoryLinks(db, entries.map((entry) => entry.categoryId)),
    productsBySku(
      db,
      entries.flatMap((entry) => entry.skus),
    ),
  ]);
  return entries.map((entry) => ({
    categoryId: entry.categoryId,
    categoryName: names.get(entry.categoryId)?.name ?? '',
    products: entry.skus.flatMap((sku) => {
      const product = products.get(sku.toLowerCase());
      if (!product) return [];
      const priceRule = product.priceRule && { id: product.priceRule.id, name: product.priceRule.name };
      return [{ sku: product.sku, name: product.name, image: product.image, price: Number(product.salePrice), regularPrice: Number(product.price), priceRule }];
    }),
  }));
}
