import { shippingRateResource } from '@facet/contract/modules/shipping-rates/shipping-rate.schema';
import { Input } from 'antd';
import { NumberInput } from '../../ui/number-input.tsx';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { shippingRatePaths } from './shipping-rate.paths.ts';

/** Form fields named by shippingRateResource's input. */
const Field = formFieldOf(shippingRateResource);

export default function ShippingRateFormPage() {
  return (
    <ResourceFormPage resource={shippingRateResource} paths={shippingRatePaths} defaults={{ status: true }}>
      <Field name="name" label="Name" required>
        <Input />
      </Field>
      <Field name="rate" label="Rate" required>
        <NumberInput decimals={2} prefix="£" />
      </Field>
      <Field name="minFreeShippingAmount" label="Min Order Amount" required extra="Orders of this amount or more ship free with this service.">
        <NumberInput decimals={2} prefix="£" />
      </Field>
      <StatusField />
    </ResourceFormPage>
  );
}
