import { contentPageResource } from '@facet/contract/modules/content-pages/content-page.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { contentPagePaths } from './content-page.paths.ts';

type ContentPageRow = ListItemOf<typeof contentPageResource>;

export default function ContentPageListPage() {
  return (
    <ResourceListPage
      resource={contentPageResource}
      paths={contentPagePaths}
      title="Content Management"
      addLabel="Add Page"
      searchPlaceholder="Search title, page code or slug"
      columns={[
        { title: 'Title', dataIndex: 'title', key: 'title' },
        { title: 'Slug', dataIndex: 'slug' },
        dateColumn<ContentPageRow>('Created Date', 'createdAt'),
      ]}
    />
  );
}
