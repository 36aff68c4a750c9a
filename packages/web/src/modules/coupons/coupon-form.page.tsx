import type { CouponChoice, CouponDiscountType, CouponValueType } from '@facet/contract/modules/coupons/coupon.schema';
import {
  COUPON_CODE_MAX,
  COUPON_DESCRIPTION_MAX,
  COUPON_DISCOUNT_TYPE_LABELS,
  COUPON_DISCOUNT_TYPES,
  COUPON_USAGE_PER_USER_DEFAULT,
  COUPON_VALUE_TYPE_LABELS,
  COUPON_VALUE_TYPES,
  couponResource,
} from '@facet/contract/modules/coupons/coupon.schema';
import { Col, DatePicker, Divider, Form, Input, Radio, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ChoiceSearchSelect, ChoiceSelect, useChoices, useClearingOnChoice } from '../../ui/choice-pickers.tsx';
import { NumberInput } from '../../ui/number-input.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { couponPaths } from './coupon.paths.ts';

/** Form fields named by couponResource's input. */
const Field = formFieldOf(couponResource);
type CouponRecord = RecordOf<typeof couponResource>;

const DAY = 'YYYY-MM-DD';
const discountTypeOptions = COUPON_DISCOUNT_TYPES.map((type) => ({ value: type, label: COUPON_DISCOUNT_TYPE_LABELS[type] }));
const valueTypeOptions = COUPON_VALUE_TYPES.map((type) => ({ value: type, label: COUPON_VALUE_TYPE_LABELS[type] }));
const NO_CHOICES = { products: [], categories: [], customers: [] };

/** The coupon form's pickers, on its own choice routes (Marketing or Coupons opens them). */
const CHOICES = '/api/coupons/choices';

interface PickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  /** The field the spec empties when this one gets a choice (products and categories exclude each other). */
  clears?: 'productIds' | 'categoryIds';
}

function ProductPicker({ labels, clears, onChange, ...props }: PickerProps & { labels: readonly CouponChoice[] }) {
  return <ChoiceSearchSelect url={`${CHOICES}/products`} noun="products" initialLabels={labels} onChange={useClearingOnChoice(onChange, clears)} {...props} />;
}

function CategoryPicker({ clears, onChange, ...props }: PickerProps) {
  return <ChoiceSelect url={`${CHOICES}/categories`} placeholder="Select categories" onChange={useClearingOnChoice(onChange, clears)} {...props} />;
}

function CustomerPicker({ labels, ...props }: PickerProps & { labels: readonly CouponChoice[] }) {
  const groups = useChoices(`${CHOICES}/customer-groups`);
  const [groupId, setGroupId] = useState<number | undefined>();
  return (
    <Row gutter={8}>
      <Col span={8}>
        <Select<number>
          aria-label="Customer group"
          allowClear
          placeholder="Any customer group"
          value={groupId}
          onChange={setGroupId}
          loading={groups.isPending}
          options={(groups.data ?? []).map((row) => ({ value: row.id, label: row.label }))}
          style={{ width: '100%' }}
        />
      </Col>
      <Col span={16}>
        <ChoiceSearchSelect url={`${CHOICES}/customers`} noun="customers" initialLabels={labels} query={{ customerGroupId: groupId }} {...props} />
      </Col>
    </Row>
  );
}

/** The value field of the coupon's kind: a percentage (0-99) or an amount in pounds. */
function ValueField() {
  const valueType = Form.useWatch<CouponValueType | undefined>('valueType');
  return valueType === 'amount' ? (
    <Field name="amount" label="Coupon Amount" required>
      <NumberInput decimals={2} min={0} prefix="£" />
    </Field>
  ) : (
    <Field name="percentage" label="Coupon Percentage" required>
      <NumberInput decimals={2} suffix="%" />
    </Field>
  );
}

/** Minimum and maximum spend: a fixed cart discount's spend window. */
function SpendFields() {
  const discountType = Form.useWatch<CouponDiscountType | undefined>('discountType');
  if (discountType === 'fixed_product_discount') return null;
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Field name="minimumSpend" label="Minimum Spend" required dependencies={['maximumSpend']} extra="At most the maximum spend minus £1.">
          <NumberInput decimals={2} min={0} prefix="£" />
        </Field>
      </Col>
      <Col span={12}>
        <Field name="maximumSpend" label="Maximum Spend" required>
          <NumberInput decimals={2} min={0} prefix="£" />
        </Field>
      </Col>
    </Row>
  );
}

function CouponFields({ record }: { record: CouponRecord | undefined }) {
  const chosen = record?.chosen ?? NO_CHOICES;
  return (
    <>
      <Field name="code" label="Coupon Code" required extra="Letters, digits and dashes.">
        <Input maxLength={COUPON_CODE_MAX} autoComplete="off" />
      </Field>
      <Field name="description" label="Description" required>
        <Input.TextArea rows={3} maxLength={COUPON_DESCRIPTION_MAX} />
      </Field>
      <Row gutter={16}>
        <Col span={12}>
          <Field name="discountType" label="Discount Type" required extra={record ? 'The type of a saved coupon cannot change: its uses were counted under it.' : undefined}>
            <Select options={discountTypeOptions} disabled={record !== undefined} />
          </Field>
        </Col>
        <Col span={12}>
          <Field name="valueType" label="Discount In" required>
            <Radio.Group options={valueTypeOptions} optionType="button" />
          </Field>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <ValueField />
        </Col>
        <Col span={12}>
          <Field
            name="expiryDate"
            label="Coupon Expiry Date"
            required
            extra="The coupon works until the end of this day."
            getValueProps={(value: string | undefined) => ({ value: value ? dayjs(value) : null })}
            normalize={(value: Dayjs | null) => (value ? value.format(DAY) : '')}
          >
            <DatePicker format="MM/DD/YYYY" style={{ width: '100%' }} />
          </Field>
        </Col>
      </Row>
      <SpendFields />
      <Divider titlePlacement="start">Usage limits</Divider>
      <Row gutter={16}>
        <Col span={8}>
          <Field name="usagePerCoupon" label="Usage limit per coupon" extra="Blank or 0: unlimited.">
            <NumberInput decimals={0} min={0} />
          </Field>
        </Col>
        <Col span={8}>
          <Field name="limitCartProducts" label="Limit usage to X items" extra="Items a fixed product discount applies to; blank or 0: all.">
            <NumberInput decimals={0} min={0} />
          </Field>
        </Col>
        <Col span={8}>
          <Field name="usagePerUser" label="Usage limit per user" extra="Blank or 0: unlimited.">
            <NumberInput decimals={0} min={0} />
          </Field>
        </Col>
      </Row>
      <Divider titlePlacement="start">Usage restriction</Divider>
      <Field name="productIds" label="Products" extra="Choosing products empties the categories, and the other way round.">
        <ProductPicker labels={chosen.products} clears="categoryIds" />
      </Field>
      <Field name="excludeProductIds" label="Exclude products">
        <ProductPicker labels={chosen.products} />
      </Field>
      <Field name="categoryIds" label="Product categories">
        <CategoryPicker clears="productIds" />
      </Field>
      <Field name="excludeCategoryIds" label="Exclude categories">
        <CategoryPicker />
      </Field>
      <Field name="customerIds" label="Customers" extra="None chosen: every customer may use it. Search from 3 characters; the group narrows the search.">
        <CustomerPicker labels={chosen.customers} />
      </Field>
      <StatusField />
    </>
  );
}

export default function CouponFormPage() {
  return (
    <ResourceFormPage
      resource={couponResource}
      paths={couponPaths}
      defaults={{
        status: true,
        discountType: 'fixed_cart_discount',
        valueType: 'percentage',
        usagePerCoupon: 0,
        limitCartProducts: 0,
        usagePerUser: COUPON_USAGE_PER_USER_DEFAULT,
        productIds: [],
        excludeProductIds: [],
        categoryIds: [],
        excludeCategoryIds: [],
        customerIds: [],
      }}
    >
      {(record) => <CouponFields record={record} />}
    </ResourceFormPage>
  );
}
