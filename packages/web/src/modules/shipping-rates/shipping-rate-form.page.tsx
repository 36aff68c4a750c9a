import { shippingRateResource } from '@facet/contract/modules/shipping-rates/shipping-rate.schema';
import { Input } from 'antd';
import { NumberInput } from '../../ui/number-input.tsx';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { FormField } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { shippingRatePaths } from './shipping-rate.paths.ts';

export default function ShippingRateFormPage() {
  return (
    <ResourceFormPage resource={shippingRateResource} paths={shippingRatePaths} defaults={{ status: true }}>
      <FormField name="name" label="Name" required>
        <Input />
      </FormField>
      <FormField name="rate" label="Rate" required>
        <NumberInput decimals={2} prefix="£" />
      </FormField>
      <FormField name="minFreeShippingAmount" label="Min Order Amount" required extra="Orders of this amount or more ship free with this service.">
        <NumberInput decimals={2} prefix="£" />
      </FormField>
      <StatusField />
    </ResourceFormPage>
  );
}
