import { METAL_AMOUNT_MAX_CHARS, metalResource } from '@facet/contract/modules/metals/metal.schema';
import { Input } from 'antd';
import { NumberInput } from '../../ui/number-input.tsx';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { FormField } from '../../ui/schema-form.tsx';
import { metalPaths } from './metal.paths.ts';

export default function MetalFormPage() {
  return (
    <ResourceFormPage resource={metalResource} paths={metalPaths}>
      <FormField name="metalType" label="Metal Type" required>
        <Input />
      </FormField>
      <FormField name="metalPrice" label="Metal Price" required extra="Per gram of pure metal. The qualities of this metal take the new price at once.">
        <NumberInput decimals={2} prefix="£" maxLength={METAL_AMOUNT_MAX_CHARS} />
      </FormField>
      <FormField name="metalLabourCharge" label="Labour Charge" required extra="Per gram.">
        <NumberInput decimals={2} prefix="£" maxLength={METAL_AMOUNT_MAX_CHARS} />
      </FormField>
    </ResourceFormPage>
  );
}
