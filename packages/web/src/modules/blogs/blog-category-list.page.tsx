import { blogCategoryResource } from '@facet/contract/modules/blogs/blog.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { blogCategoryPaths } from './blog.paths.ts';

type Row = ListItemOf<typeof blogCategoryResource>;

export default function BlogCategoryListPage() {
  return (
    <ResourceListPage
      resource={blogCategoryResource}
      paths={blogCategoryPaths}
      title="Blog Category"
      addLabel="Add Blog Category"
      searchPlaceholder="Search name or slug"
      columns={[
        { title: 'Name', dataIndex: 'name', key: 'name' },
        { title: 'Slug', dataIndex: 'slug' },
        { title: 'Posts', dataIndex: 'blogCount', align: 'right' },
        dateColumn<Row>('Created Date', 'createdAt'),
      ]}
    />
  );
}
