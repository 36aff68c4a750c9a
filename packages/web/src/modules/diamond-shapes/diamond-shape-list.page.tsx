import { diamondShapeResource } from '@facet/contract/modules/diamond-shapes/diamond-shape.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { diamondShapePaths } from './diamond-shape.paths.ts';

type DiamondShapeRow = RecordOf<typeof diamondShapeResource>;

export default function DiamondShapeListPage() {
  return (
    <ResourceListPage
      resource={diamondShapeResource}
      paths={diamondShapePaths}
      title="Diamond Shapes"
      searchPlaceholder="Search name"
      columns={[
        { title: 'Name', dataIndex: 'name' },
        { title: 'Shape Category', dataIndex: 'shapeCategoryName' },
        dateColumn<DiamondShapeRow>('Created Date', 'createdAt'),
      ]}
    />
  );
}
