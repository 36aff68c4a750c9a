import { diamondQualityResource } from '@facet/contract/modules/diamond-qualities/diamond-quality.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { diamondQualityPaths } from './diamond-quality.paths.ts';

type DiamondQualityRow = RecordOf<typeof diamondQualityResource>;

export default function DiamondQualityListPage() {
  return (
    <ResourceListPage
      resource={diamondQualityResource}
      paths={diamondQualityPaths}
      title="Diamond Qualities"
      searchPlaceholder="Search quality, clarity or color"
      columns={[
        { title: 'Clarity', dataIndex: 'clarity' },
        { title: 'Color', dataIndex: 'color' },
        { title: 'Stone Quality', dataIndex: 'stoneQuality' },
        dateColumn<DiamondQualityRow>('Created Date', 'createdAt'),
      ]}
    />
  );
}
