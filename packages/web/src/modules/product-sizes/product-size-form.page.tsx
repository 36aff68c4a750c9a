import { productSizeResource, SIZE_GENDERS } from '@facet/contract/modules/product-sizes/product-size.schema';
import { Input } from 'antd';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { TagListInput } from '../../ui/tag-list-input.tsx';
import { productSizePaths } from './product-size.paths.ts';

/** Form fields named by productSizeResource's input. */
const Field = formFieldOf(productSizeResource);

export default function ProductSizeFormPage() {
  return (
    <ResourceFormPage
      resource={productSizeResource}
      paths={productSizePaths}
      titles={{ add: 'Add Product Size', edit: 'Edit Product Size' }}
      defaults={{ status: true, maleSizes: [], femaleSizes: [], unisexSizes: [] }}
    >
      <Field name="type" label="Size Type" required>
        <Input placeholder="Ring Size" />
      </Field>
      {SIZE_GENDERS.map(({ field, label }) => (
        <Field key={field} name={field} label={`${label} Sizes`} extra="Type a size and press Enter to add it.">
          <TagListInput itemLabel="size" placeholder={`Add a ${label.toLowerCase()} size`} />
        </Field>
      ))}
      <StatusField />
    </ResourceFormPage>
  );
}
