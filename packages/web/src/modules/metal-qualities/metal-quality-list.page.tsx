import { metalQualityResource } from '@facet/contract/modules/metal-qualities/metal-quality.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import { formatCurrency } from '../../ui/format.ts';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { metalQualityPaths } from './metal-quality.paths.ts';

type MetalQualityRow = RecordOf<typeof metalQualityResource>;

export default function MetalQualityListPage() {
  return (
    <ResourceListPage
      resource={metalQualityResource}
      paths={metalQualityPaths}
      title="Metal Quality"
      searchPlaceholder="Search metal quality or metal"
      rowLabel={(row) => `${row.metalQuality} ${row.metalType}`}
      columns={[
        { title: 'Metal Quality', dataIndex: 'metalQuality' },
        // Not a column of the spec: without it 18ct yellow and 18ct white gold look the same.
        { title: 'Metal', dataIndex: 'metalType' },
        { title: 'Fineness(%)', dataIndex: 'fineness' },
        { title: 'Rate', dataIndex: 'rate', render: formatCurrency },
        { title: 'Labour Charge', dataIndex: 'labourCharges', render: formatCurrency },
        dateColumn<MetalQualityRow>('Created Date', 'createdAt'),
      ]}
    />
  );
}
