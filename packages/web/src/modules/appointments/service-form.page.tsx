import { SERVICE_IMAGE_HINT, SERVICE_IMAGE_PURPOSE, SERVICE_TYPE_LABELS, serviceResource } from '@facet/contract/modules/appointments/appointment.schema';
import { Input, Select } from 'antd';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { servicePaths } from './appointment.paths.ts';

const Field = formFieldOf(serviceResource);
const TYPE_OPTIONS = Object.entries(SERVICE_TYPE_LABELS).map(([value, label]) => ({ value, label }));

export default function ServiceFormPage() {
  return (
    <ResourceFormPage
      resource={serviceResource}
      paths={servicePaths}
      titles={{ add: 'Add Service', edit: 'Edit Service' }}
      defaults={{ status: true, image: '', altImage: '' }}
      toFormValues={({ title, serviceType, description, image, altImage, status }) => ({ title, serviceType, description, image, altImage, status })}
    >
      <Field name="title" label="Title" required>
        <Input />
      </Field>
      <Field name="serviceType" label="Service Type" required>
        <Select options={TYPE_OPTIONS} placeholder="Select" />
      </Field>
      <Field name="description" label="Description" required>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
      </Field>
      <Field name="image" label="Image" extra={SERVICE_IMAGE_HINT}>
        <ImageUpload purpose={SERVICE_IMAGE_PURPOSE} />
      </Field>
      <Field name="altImage" label="Alt Image" extra={SERVICE_IMAGE_HINT}>
        <ImageUpload purpose={SERVICE_IMAGE_PURPOSE} />
      </Field>
      <StatusField />
    </ResourceFormPage>
  );
}
