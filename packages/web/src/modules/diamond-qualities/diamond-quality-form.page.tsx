import { diamondQualityResource } from '@facet/contract/modules/diamond-qualities/diamond-quality.schema';
import { Input } from 'antd';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { FormField } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { diamondQualityPaths } from './diamond-quality.paths.ts';

export default function DiamondQualityFormPage() {
  return (
    <ResourceFormPage resource={diamondQualityResource} paths={diamondQualityPaths} defaults={{ status: true }}>
      <FormField name="stoneQuality" label="Diamond Quality" required extra="Clarity and colour range, e.g. VS-GH.">
        <Input />
      </FormField>
      <FormField name="clarity" label="Clarity" required>
        <Input placeholder="VS" />
      </FormField>
      <FormField name="color" label="Color" required>
        <Input placeholder="GH" />
      </FormField>
      <StatusField />
    </ResourceFormPage>
  );
}
