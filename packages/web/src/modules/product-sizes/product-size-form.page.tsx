import { productSizeResource, SIZE_GENDERS } from '@facet/contract/modules/product-sizes/product-size.schema';
import { Input } from 'antd';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { FormField } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { TagListInput } from '../../ui/tag-list-input.tsx';
import { productSizePaths } from './product-size.paths.ts';

export default function ProductSizeFormPage() {
  return (
    <ResourceFormPage
      resource={productSizeResource}
      paths={productSizePaths}
      titles={{ add: 'Add Product Size', edit: 'Edit Product Size' }}
      defaults={{ status: true, maleSizes: [], femaleSizes: [], unisexSizes: [] }}
    >
      <FormField name="type" label="Size Type" required>
        <Input placeholder="Ring Size" />
      </FormField>
      {SIZE_GENDERS.map(({ field, label }) => (
        <FormField key={field} name={field} label={`${label} Sizes`} extra="Type a size and press Enter to add it.">
          <TagListInput itemLabel="size" placeholder={`Add a ${label.toLowerCase()} size`} />
        </FormField>
      ))}
      <StatusField />
    </ResourceFormPage>
  );
}
