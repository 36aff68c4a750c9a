import { diamondShapeResource } from '@facet/contract/modules/diamond-shapes/diamond-shape.schema';
import { shapeCategoryResource } from '@facet/contract/modules/diamond-shapes/shape-category.schema';
import { Input } from 'antd';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { ResourceSelect } from '../../ui/resource-select.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { diamondShapePaths } from './diamond-shape.paths.ts';

/** Form fields named by diamondShapeResource's input. */
const Field = formFieldOf(diamondShapeResource);

export default function DiamondShapeFormPage() {
  return (
    <ResourceFormPage resource={diamondShapeResource} paths={diamondShapePaths} defaults={{ status: true }}>
      <Field name="name" label="Name" required>
        <Input />
      </Field>
      <Field name="shapeCategoryId" label="Shape Category" extra="Diamond markups are set per shape category. Left empty, a new shape is Fancy.">
        <ResourceSelect resource={shapeCategoryResource} optionLabel={(category) => category.name} allowClear placeholder="Fancy" />
      </Field>
      <StatusField />
    </ResourceFormPage>
  );
}
