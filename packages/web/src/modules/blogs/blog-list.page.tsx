import { blogResource } from '@facet/contract/modules/blogs/blog.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { blogPaths } from './blog.paths.ts';

type Row = ListItemOf<typeof blogResource>;

export default function BlogListPage() {
  return (
    <ResourceListPage
      resource={blogResource}
      paths={blogPaths}
      title="Blogs"
      addLabel="Add Blog"
      searchPlaceholder="Search title or slug"
      columns={[
        { title: 'Title', dataIndex: 'title', key: 'title' },
        { title: 'Slug', dataIndex: 'slug' },
        { title: 'Category', dataIndex: 'categoryName' },
        dateColumn<Row>('Created Date', 'createdAt'),
      ]}
    />
  );
}
