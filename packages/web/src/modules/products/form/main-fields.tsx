import { MESSAGES } from '@facet/contract/messages';
import { WEIGHT_MIN, WEIGHT_UNITS } from '@facet/contract/modules/products/product.schema';
import type { InputProps } from 'antd';
import { Col, Form, Input, Row, Select, Space, Switch } from 'antd';
import { useRef } from 'react';
import { choicesLoadingState } from '../../../ui/loading-state.tsx';
import { NumberInput } from '../../../ui/number-input.tsx';
import { FormField, useReportInputProblem } from '../../../ui/schema-form.tsx';
import { StatusField } from '../../../ui/status-field.tsx';
import { CategoryTreeSelect } from '../../categories/category-tree-select.tsx';
import { productApi, useFormLookup, useVendors } from '../product.api.ts';

/** Active attribute sets (document 2 §7), plus the product's own set should it have been switched off since. */
function AttributeSetSelect(props: { value?: number; onChange?: (id: number) => void; id?: string; currentSetId?: number }) {
  const { currentSetId, ...selectProps } = props;
  const sets = useFormLookup('attribute-sets');
  const options = (sets.data ?? [])
    .filter((set) => set.status || set.id === currentSetId)
    .map((set) => ({ value: set.id, label: set.status ? set.name : `${set.name} (inactive)` }));
  return <Select<number> showSearch={{ optionFilterProp: 'label' }} placeholder="Select attribute set" options={options} {...choicesLoadingState(sets.isPending)} {...selectProps} />;
}

/**
 * The model number (document 2 §5): checked against the server on blur; a SKU another product
 * holds shows 'SKU already exists.' under the field and blocks submit until changed.
 */
function ModelNumberInput({ productId, onSkuChanged, ...inputProps }: InputProps & { productId: number | undefined; onSkuChanged: (previous: string, next: string) => void }) {
  const reportProblem = useReportInputProblem();
  const checked = useRef<string>(typeof inputProps.value === 'string' ? inputProps.value : '');
  const check = async (sku: string) => {
    if (sku === '' || sku === checked.current) return;
    const previous = checked.current;
    checked.current = sku;
    onSkuChanged(previous, sku);
    try {
      const answer = await productApi.skuCheck(sku, productId);
      // Only the latest blur's answer counts.
      if (checked.current === sku) reportProblem?.(answer.exists ? (answer.message ?? MESSAGES.skuExists) : null);
    } catch {
      // The server checks again on save; a failed check blocks nothing.
    }
  };
  return (
    <Input
      {...inputProps}
      onChange={(event) => {
        reportProblem?.(null);
        inputProps.onChange?.(event);
      }}
      onBlur={(event) => {
        inputProps.onBlur?.(event);
        void check(event.target.value.trim());
      }}
    />
  );
}

function VendorSelect(props: { value?: string; onChange?: (vendor: string) => void; id?: string }) {
  const vendors = useVendors();
  const names = [...new Set([vendors.data?.defaultVendor ?? '', ...(vendors.data?.items ?? []).map((item) => item.name)])].filter(Boolean);
  // A vendor no longer offered stays visible on the product that has it.
  if (props.value && !names.includes(props.value)) names.push(props.value);
  return <Select<string> showSearch placeholder="Select vendor" options={names.map((name) => ({ value: name, label: name }))} {...choicesLoadingState(vendors.isPending)} {...props} />;
}

const flag = (name: string, label: string) => (
  <FormField name={name} label={label} valuePropName="checked">
    <Switch checkedChildren="Yes" unCheckedChildren="No" />
  </FormField>
);

interface MainFieldsProps {
  productId: number | undefined;
  /** The set the product was saved with (kept choosable when inactive). */
  savedSetId: number | undefined;
  onSkuChanged: (previous: string, next: string) => void;
}

/** The main fields (document 2 §2, §5): set, name, model number, categories, price, weight, qty, flags, status, vendor. */
export function MainFields({ productId, savedSetId, onSkuChanged }: MainFieldsProps) {
  return (
    <>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <FormField name="attributeSetId" label="Attribute Set" required>
            <AttributeSetSelect currentSetId={savedSetId} />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="name" label="Name" required>
            <Input placeholder="e.g. Solitaire Engagement Ring" />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="sku" label="Model Number" required extra="Letters, digits and dashes.">
            <ModelNumberInput productId={productId} onSkuChanged={onSkuChanged} placeholder="e.g. RING-1001" />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="categoryIds" label="Categories" required>
            <CategoryTreeSelect multiple placeholder="Select categories" allowClear />
          </FormField>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <FormField name="price" label="Price">
            <NumberInput decimals={2} prefix="£" />
          </FormField>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Form.Item label="Weight" extra="At least 0.1, with 2 decimals.">
            <Space.Compact style={{ width: '100%' }}>
              <FormField name="weight" noStyle>
                <NumberInput decimals={2} min={WEIGHT_MIN} step={0.1} aria-label="Weight" style={{ width: '70%' }} />
              </FormField>
              <FormField name="weightUnit" noStyle>
                <Select aria-label="Weight unit" style={{ width: '30%' }} options={WEIGHT_UNITS.map((unit) => ({ value: unit, label: unit }))} />
              </FormField>
            </Space.Compact>
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <FormField name="qty" label="Qty">
            <NumberInput decimals={0} />
          </FormField>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <FormField name="vendor" label="Vendor">
            <VendorSelect />
          </FormField>
        </Col>
      </Row>
      <Space size={40} wrap>
        {flag('isReadyToShip', 'Ready To Ship')}
        {flag('isGiftCard', 'Gift Card')}
        <StatusField />
      </Space>
    </>
  );
}
