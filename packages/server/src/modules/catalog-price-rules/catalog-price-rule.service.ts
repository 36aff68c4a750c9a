import { catalogPriceRuleResource, PRICE_RULE_MESSAGES, priceRulePhase } from '@facet/contract/modules/catalog-price-rules/catalog-price-rule.schema';
import type { Db } from '../../db/client.ts';
import { chosenRecords } from '../../db/chosen-records.ts';
import type { Row } from '../../db/crud-service.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { emitChanged } from '../../events/emit.ts';
import { categoryLabelsById } from '../categories/index.ts';
import { productChoicesById } from '../products/index.ts';
import { catalogPriceRules } from './catalog-price-rule.table.ts';
import { productsCoveredBy } from './price-rule.boundaries.ts';

type RuleValues = typeof catalogPriceRules.$inferSelect;

/** A rule's products and categories (chosen and excluded), checked and labelled through their modules' faces. */
const chosen = chosenRecords(catalogPriceRules, [
  {
    name: 'products',
    columns: { productIds: catalogPriceRules.productIds, excludeProductIds: catalogPriceRules.excludeProductIds },
    labels: productChoicesById,
    unknownMessage: PRICE_RULE_MESSAGES.unknownProducts,
  },
  {
    name: 'categories',
    columns: { categoryIds: catalogPriceRules.categoryIds, excludeCategoryIds: catalogPriceRules.excludeCategoryIds },
    labels: categoryLabelsById,
    unknownMessage: PRICE_RULE_MESSAGES.unknownCategories,
  },
]);

/**
 * The rule as stored: the value field its type does not use is empty, and its phase as this save
 * publishes it (the save names the products itself, in `afterWrite`).
 */
function valuesOf(input: Record<string, unknown>): Partial<RuleValues> {
  const isPercentage = input.discountType === 'percentage';
  const startDate = input.startDate as string;
  const endDate = input.endDate as string;
  return {
    name: input.name as string,
    description: input.description as string,
    discountType: input.discountType as RuleValues['discountType'],
    percentage: isPercentage ? (input.percentage as number) : null,
    amount: isPercentage ? null : (input.amount as number),
    startDate: new Date(startDate),
    endDate: new Date(endDate),
    productIds: input.productIds as number[],
    excludeProductIds: input.excludeProductIds as number[],
    categoryIds: input.categoryIds as number[],
    excludeCategoryIds: input.excludeCategoryIds as number[],
    status: input.status as boolean,
    publishedPhase: priceRulePhase({ startDate, endDate }),
  };
}

type RuleRecord = { status?: unknown; startDate?: unknown; endDate?: unknown; productIds?: unknown; categoryIds?: unknown } | null;

/** Whether a rule as it was or is prices products now: on, and now within its window. */
const isPricingNow = (row: RuleRecord): row is NonNullable<RuleRecord> =>
  row !== null && row.status === true && priceRulePhase({ startDate: String(row.startDate), endDate: String(row.endDate) }) === 'running';

/**
 * Catalog price rules on the toolkit's service: the chosen records checked and labelled through their
 * modules' faces. A write that changes what a running rule prices (a save, a status switch, a delete of
 * a rule running before or after it) republishes the products it covered and covers, in its transaction.
 */
export function createCatalogPriceRuleService(db: Db) {
  return createCrudService(db, catalogPriceRuleResource, catalogPriceRules, {
    toValues: (input) => valuesOf(input as Record<string, unknown>),
    beforeCreate: (tx, { input }) => chosen.assertExist(tx, input as Record<string, unknown>),
    beforeUpdate: (tx, { input }) => chosen.assertExist(tx, input as Record<string, unknown>),
    async afterWrite(tx, { before, after }) {
      const pricing = [before as RuleRecord, after as RuleRecord].filter(isPricingNow);
      if (!pricing.length) return;
      const scopes = pricing.map((row) => ({ productIds: row.productIds as number[], categoryIds: row.categoryIds as number[] }));
      await emitChanged(tx, 'products.changed', await productsCoveredBy(tx, scopes), { republish: true });
    },
    loadRelations: (source, ids) => chosen.loadRelations(source, ids) as Promise<Map<number, Row>>,
  });
}
