import { shippingRateResource } from '@facet/contract/modules/shipping-rates/shipping-rate.schema';
import { formatCurrency } from '../../ui/format.ts';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { shippingRatePaths } from './shipping-rate.paths.ts';

type ShippingRateRow = RecordOf<typeof shippingRateResource>;

export default function ShippingRateListPage() {
  return (
    <ResourceListPage
      resource={shippingRateResource}
      paths={shippingRatePaths}
      title="Shipping Rates"
      searchPlaceholder="Search name"
      columns={[
        { title: 'Name', dataIndex: 'name', key: 'name' },
        { title: 'Rate', dataIndex: 'rate', align: 'right', render: formatCurrency },
        { title: 'Min Order Amount', dataIndex: 'minFreeShippingAmount', align: 'right', render: formatCurrency },
        dateColumn<ShippingRateRow>('Create Date', 'createdAt'),
      ]}
    />
  );
}
