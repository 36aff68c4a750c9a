import { diamondQualityResource } from '@facet/contract/modules/diamond-qualities/diamond-quality.schema';
import { Input } from 'antd';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { diamondQualityPaths } from './diamond-quality.paths.ts';

/** Form fields named by diamondQualityResource's input. */
const Field = formFieldOf(diamondQualityResource);

export default function DiamondQualityFormPage() {
  return (
    <ResourceFormPage resource={diamondQualityResource} paths={diamondQualityPaths} defaults={{ status: true }}>
      <Field name="stoneQuality" label="Diamond Quality" required extra="Clarity and colour range, e.g. VS-GH.">
        <Input />
      </Field>
      <Field name="clarity" label="Clarity" required>
        <Input placeholder="VS" />
      </Field>
      <Field name="color" label="Color" required>
        <Input placeholder="GH" />
      </Field>
      <StatusField />
    </ResourceFormPage>
  );
}
