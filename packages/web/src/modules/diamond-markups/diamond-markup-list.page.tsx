import { CARAT_DECIMALS, diamondMarkupResource, diamondOriginLabel, MARKUP_TYPE_LABELS } from '@facet/contract/modules/diamond-markups/diamond-markup.schema';
import { formatCurrency } from '../../ui/format.ts';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { diamondMarkupPaths } from './diamond-markup.paths.ts';

type DiamondMarkupRow = RecordOf<typeof diamondMarkupResource>;

const carat = (value: number) => value.toFixed(CARAT_DECIMALS);
const markup = (value: number, row: DiamondMarkupRow) => (row.markupType === 'percentage' ? `${value}%` : formatCurrency(value));

export default function DiamondMarkupListPage() {
  return (
    <ResourceListPage
      resource={diamondMarkupResource}
      paths={diamondMarkupPaths}
      title="Diamond Markups"
      searchPlaceholder="Search carat or markup type"
      columns={[
        { title: 'Carat From', dataIndex: 'fromCarat', key: 'fromCarat', align: 'right', render: carat },
        { title: 'Carat To', dataIndex: 'toCarat', key: 'toCarat', align: 'right', render: carat },
        { title: 'Diamond Type', dataIndex: 'isLabDiamond', render: diamondOriginLabel },
        { title: 'Shape', dataIndex: 'shapeCategoryName' },
        { title: 'Markup Type', dataIndex: 'markupType', render: (type: DiamondMarkupRow['markupType']) => MARKUP_TYPE_LABELS[type] },
        { title: 'Markup', dataIndex: 'markup', align: 'right', render: markup },
        { title: 'Cost', dataIndex: 'fixCost', align: 'right', render: formatCurrency },
        dateColumn<DiamondMarkupRow>('Created Date', 'createdAt'),
      ]}
    />
  );
}
