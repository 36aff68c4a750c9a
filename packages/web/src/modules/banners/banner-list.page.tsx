import { bannerResource } from '@facet/contract/modules/banners/banner.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { bannerPaths } from './banner.paths.ts';

type BannerRow = ListItemOf<typeof bannerResource>;

/** /widgets/banner: Name, Created Date, Status, edit, delete (document 2 §2). */
export default function BannerListPage() {
  return (
    <ResourceListPage
      resource={bannerResource}
      paths={bannerPaths}
      title="Banner"
      addLabel="Add Banner"
      searchPlaceholder="Search name"
      columns={[{ title: 'Name', dataIndex: 'name', key: 'name' }, dateColumn<BannerRow>('Created Date', 'createdAt')]}
    />
  );
}
