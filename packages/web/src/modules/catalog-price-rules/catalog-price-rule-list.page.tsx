import { catalogPriceRuleResource, priceRuleDiscountLabel } from '@facet/contract/modules/catalog-price-rules/catalog-price-rule.schema';
import { Typography } from 'antd';
import { formatDateTime } from '../../ui/format.ts';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { catalogPriceRulePaths } from './catalog-price-rule.paths.ts';
import { PriceRulePhaseTag } from './price-rule-phase.tsx';

type RuleRow = ListItemOf<typeof catalogPriceRuleResource>;

export default function CatalogPriceRuleListPage() {
  return (
    <ResourceListPage
      resource={catalogPriceRuleResource}
      paths={catalogPriceRulePaths}
      title="Catalog Price Rule"
      searchPlaceholder="Search rule name"
      notice={
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          A rule prices its products while it is Active and Running now. When several cover one product, the one giving the lowest price applies (a tie: the one
          that started last). Diamonds are never discounted by these rules.
        </Typography.Paragraph>
      }
      statusAfter={4}
      columns={[
        { title: 'Name', dataIndex: 'name', key: 'name' },
        { title: 'Discount', key: 'discount', align: 'right', render: (_: unknown, row: RuleRow) => priceRuleDiscountLabel(row) },
        { ...dateColumn<RuleRow>('Start Date', 'startDate') },
        {
          title: 'End Date',
          key: 'endDate',
          dataIndex: 'endDate',
          render: (_: unknown, row: RuleRow) => (
            <>
              {formatDateTime(row.endDate)} <PriceRulePhaseTag rule={row} />
            </>
          ),
        },
        dateColumn<RuleRow>('Created Date', 'createdAt'),
      ]}
    />
  );
}
