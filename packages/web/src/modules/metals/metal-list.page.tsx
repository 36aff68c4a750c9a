import { metalResource } from '@facet/contract/modules/metals/metal.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import { formatCurrency } from '../../ui/format.ts';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { metalPaths } from './metal.paths.ts';

type MetalRow = RecordOf<typeof metalResource>;

export default function MetalListPage() {
  return (
    <ResourceListPage
      resource={metalResource}
      paths={metalPaths}
      title="Metals"
      searchPlaceholder="Search metal type"
      columns={[
        { title: 'Metal Type', dataIndex: 'metalType' },
        { title: 'Metal Price (per gram)', dataIndex: 'metalPrice', render: formatCurrency },
        { title: 'Labour Charge (per gram)', dataIndex: 'metalLabourCharge', render: formatCurrency },
        dateColumn<MetalRow>('Created Date', 'createdAt'),
      ]}
    />
  );
}
