import { METAL_AMOUNT_MAX_CHARS, metalResource } from '@facet/contract/modules/metals/metal.schema';
import { Input } from 'antd';
import { NumberInput } from '../../ui/number-input.tsx';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { metalPaths } from './metal.paths.ts';

/** Form fields named by metalResource's input. */
const Field = formFieldOf(metalResource);

export default function MetalFormPage() {
  return (
    <ResourceFormPage resource={metalResource} paths={metalPaths}>
      <Field name="metalType" label="Metal Type" required>
        <Input />
      </Field>
      <Field name="metalPrice" label="Metal Price" required extra="Per gram of pure metal. The qualities of this metal take the new price at once.">
        <NumberInput decimals={2} prefix="£" maxLength={METAL_AMOUNT_MAX_CHARS} />
      </Field>
      <Field name="metalLabourCharge" label="Labour Charge" required extra="Per gram.">
        <NumberInput decimals={2} prefix="£" maxLength={METAL_AMOUNT_MAX_CHARS} />
      </Field>
    </ResourceFormPage>
  );
}
