import { APPOINTMENT_EDIT_STATUSES, APPOINTMENT_STATUS_LABELS, SERVICE_TYPE_LABELS, appointmentResource } from '@facet/contract/modules/appointments/appointment.schema';
import { Descriptions, Input, Select } from 'antd';
import { formatDateTime } from '../../ui/format.ts';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { appointmentPaths } from './appointment.paths.ts';
import { AssigneeSelect } from './assignee-select.tsx';

const Field = formFieldOf(appointmentResource);
const STATUS_OPTIONS = APPOINTMENT_EDIT_STATUSES.map((status) => ({ value: status, label: APPOINTMENT_STATUS_LABELS[status] }));

/**
 * /Appointments/edit/:id (document 3 §5 Appointment edit): the booking as the shopper sent it, then
 * Status (Select, In progress, Successful, Unsuccessful; Select saves Pending), Assignee and Remarks
 * (required, max 255).
 */
export default function AppointmentFormPage() {
  return (
    <ResourceFormPage
      resource={appointmentResource}
      paths={appointmentPaths}
      titles={{ add: 'Edit Appointment', edit: 'Edit Appointment' }}
      toFormValues={({ status, assigneeId, remarks }) => ({ status: status === 'pending' ? null : status, assigneeId, remarks })}
    >
      {(appointment) => (
        <>
          {appointment && (
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              style={{ marginBottom: 24 }}
              items={[
                { key: 'date', label: 'Booking Date', children: formatDateTime(appointment.bookingDate) },
                { key: 'service', label: 'Service', children: `${appointment.title} (${SERVICE_TYPE_LABELS[appointment.serviceType]})` },
                { key: 'name', label: 'Name', children: `${appointment.firstName} ${appointment.lastName}` },
                { key: 'email', label: 'E-mail', children: appointment.email },
                { key: 'phone', label: 'Phone', children: appointment.contactNumber },
                { key: 'status', label: 'Current Status', children: APPOINTMENT_STATUS_LABELS[appointment.status] },
              ]}
            />
          )}
          <Field name="status" label="Status">
            <Select allowClear placeholder="Select" options={STATUS_OPTIONS} />
          </Field>
          <Field name="assigneeId" label="Assignee">
            <AssigneeSelect />
          </Field>
          <Field name="remarks" label="Remarks" required>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} />
          </Field>
        </>
      )}
    </ResourceFormPage>
  );
}
