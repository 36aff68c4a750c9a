import { SERVICE_TYPE_LABELS, appointmentResource } from '@facet/contract/modules/appointments/appointment.schema';
import type { ServiceType } from '@facet/contract/modules/appointments/appointment.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { appointmentPaths } from './appointment.paths.ts';
import { AssigneeFilter } from './assignee-select.tsx';

type Row = ListItemOf<typeof appointmentResource>;

/**
 * /Appointments (document 3 §2.13): the Filters panel (assignee, status, service type, booking date
 * range), search by name, e-mail or phone, sort by booking date, ten a page; edit and delete.
 */
export default function AppointmentListPage() {
  return (
    <ResourceListPage
      resource={appointmentResource}
      paths={appointmentPaths}
      title="Appointments"
      searchPlaceholder="Search name, e-mail or phone"
      rowLabel={(row) => `${row.firstName} ${row.lastName}, ${row.title}`}
      filterInputs={{ assigneeId: <AssigneeFilter mode="multiple" /> }}
      // The status changes on the edit form, with its remarks: the list shows it.
      rowActions={() => ({ status: 'hidden' })}
      statusAfter={6}
      columns={[
        dateColumn<Row>('Booking Date', 'bookingDate'),
        { title: 'Service', dataIndex: 'title' },
        { title: 'Type', dataIndex: 'serviceType', render: (type: ServiceType) => SERVICE_TYPE_LABELS[type] },
        { title: 'Name', key: 'name', render: (_: unknown, row: Row) => `${row.firstName} ${row.lastName}` },
        { title: 'E-mail', dataIndex: 'email' },
        { title: 'Phone', dataIndex: 'contactNumber' },
        { title: 'Assignee', dataIndex: 'assigneeName', render: (name: string | null) => name ?? '-' },
        { title: 'Remarks', dataIndex: 'remarks', render: (remarks: string) => remarks || '-' },
      ]}
    />
  );
}
