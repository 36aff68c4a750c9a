import { categoryResource } from '@facet/contract/modules/categories/category.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { categoryPaths } from './category.paths.ts';

type CategoryRow = RecordOf<typeof categoryResource>;

export default function CategoryListPage() {
  return (
    <ResourceListPage
      resource={categoryResource}
      paths={categoryPaths}
      title="Categories"
      searchPlaceholder="Search name or slug"
      columns={[
        { title: 'Name', dataIndex: 'name', key: 'name' },
        { title: 'Slug', dataIndex: 'slug' },
        // A category right under the root has no parent to show (document 1 §2).
        { title: 'Parent Category', dataIndex: 'parentName', render: (parentName: string | null) => parentName ?? '-' },
        dateColumn<CategoryRow>('Created Date', 'createdAt'),
      ]}
    />
  );
}
