import { SERVICE_TYPE_LABELS, serviceResource } from '@facet/contract/modules/appointments/appointment.schema';
import type { ServiceType } from '@facet/contract/modules/appointments/appointment.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { Thumbnail } from '../../ui/thumbnail.tsx';
import { servicePaths } from './appointment.paths.ts';

type Row = ListItemOf<typeof serviceResource>;

export default function ServiceListPage() {
  return (
    <ResourceListPage
      resource={serviceResource}
      paths={servicePaths}
      title="Services"
      addLabel="Add Service"
      searchPlaceholder="Search title"
      columns={[
        { title: 'Image', dataIndex: 'image', render: (image: string, row: Row) => <Thumbnail src={image} alt={row.title} /> },
        { title: 'Title', dataIndex: 'title', key: 'title' },
        { title: 'Service Type', dataIndex: 'serviceType', render: (type: ServiceType) => SERVICE_TYPE_LABELS[type] },
        dateColumn<Row>('Created Date', 'createdAt'),
      ]}
    />
  );
}
