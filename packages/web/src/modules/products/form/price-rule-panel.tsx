import type { AppliedPriceRule, ProductPricing } from '@facet/contract/modules/catalog-price-rules/catalog-price-rule.schema';
import { priceRuleDiscountLabel } from '@facet/contract/modules/catalog-price-rules/catalog-price-rule.schema';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Skeleton, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { apiRequest } from '../../../api/client.ts';
import { formatCurrency, formatDateTime } from '../../../ui/format.ts';
import { editPathOf } from '../../../ui/resource-paths.ts';
import { catalogPriceRulePaths } from '../../catalog-price-rules/catalog-price-rule.paths.ts';
import { productKeys } from '../product.api.ts';

/** The rule as the panel names it: its name (a link to it), its discount and its end; one span, as a flex item of Descriptions keeps its spaces. */
function RuleName({ rule }: { rule: AppliedPriceRule }) {
  return (
    <span>
      <Link to={editPathOf(catalogPriceRulePaths, rule.id)}>{rule.name}</Link>
      {` (${priceRuleDiscountLabel(rule)} off, until ${formatDateTime(rule.endDate)})`}
    </span>
  );
}

/**
 * The product form's Catalog Price Rule panel (issue 25 item 4): the rule pricing the product now (the
 * winner when several cover it) and the price it gives, and each variant's; read from the server, which
 * prices the storefront and orders the same way.
 */
export function PriceRulePanel({ productId }: { productId: number }) {
  const pricing = useQuery({ queryKey: [...productKeys.detail(productId), 'pricing'], queryFn: () => apiRequest<ProductPricing>(`/api/products/${productId}/pricing`) });
  if (pricing.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (pricing.isError) return <Alert type="warning" showIcon title="The catalog price rule could not be read." />;
  const { data } = pricing;
  const discounted = data.variants.filter((variant) => variant.priceRule);
  if (!data.priceRule && !discounted.length) return <Typography.Text type="secondary">No catalog price rule applies to this product now: shoppers pay its price.</Typography.Text>;
  return (
    <>
      {data.priceRule && (
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'rule', label: 'Active rule', children: <RuleName rule={data.priceRule} /> },
            { key: 'price', label: 'Price now', children: <span data-testid="price-rule-price">{`${formatCurrency(data.salePrice)} (regular ${formatCurrency(data.price)})`}</span> },
          ]}
        />
      )}
      {discounted.length > 0 && (
        <Table
          size="small"
          rowKey="id"
          pagination={discounted.length > 10 ? { pageSize: 10 } : false}
          dataSource={discounted}
          columns={[
            { title: 'Variant SKU', dataIndex: 'sku' },
            { title: 'Price', dataIndex: 'price', align: 'right', render: (price: number) => formatCurrency(price) },
            { title: 'Price now', dataIndex: 'salePrice', align: 'right', render: (price: number) => formatCurrency(price) },
            { title: 'Rule', key: 'rule', render: (_: unknown, row: ProductPricing['variants'][number]) => row.priceRule && <RuleName rule={row.priceRule} /> },
          ]}
        />
      )}
    </>
  );
}
