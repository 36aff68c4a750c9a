import type { PriceRuleChoice, PriceRuleDiscountType } from '@facet/contract/modules/catalog-price-rules/catalog-price-rule.schema';
import {
  catalogPriceRuleResource,
  PRICE_RULE_DESCRIPTION_MAX,
  PRICE_RULE_DISCOUNT_TYPE_LABELS,
  PRICE_RULE_DISCOUNT_TYPES,
  PRICE_RULE_NAME_MAX,
} from '@facet/contract/modules/catalog-price-rules/catalog-price-rule.schema';
import { Alert, Col, DatePicker, Divider, Form, Input, Radio, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { ChoiceSearchSelect, ChoiceSelect } from '../../ui/choice-pickers.tsx';
import { NumberInput } from '../../ui/number-input.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { catalogPriceRulePaths } from './catalog-price-rule.paths.ts';
import { PriceRulePhaseTag } from './price-rule-phase.tsx';

/** Form fields named by catalogPriceRuleResource's input. */
const Field = formFieldOf(catalogPriceRuleResource);
type RuleRecord = RecordOf<typeof catalogPriceRuleResource>;

/** The rule form's pickers, on its own choice routes (Marketing opens them). */
const CHOICES = '/api/catalog-price-rules/choices';
const DATE_TIME = 'MM/DD/YYYY hh:mm A';
const discountTypeOptions = PRICE_RULE_DISCOUNT_TYPES.map((type) => ({ value: type, label: PRICE_RULE_DISCOUNT_TYPE_LABELS[type] }));
const NO_CHOICES = { products: [], categories: [] };

/** A date-time field: shown in the shop's format, sent as UTC to the minute. */
const dateTimeProps = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.second(0).millisecond(0).toISOString() : ''),
};

/** The value field of the rule's discount type: a percentage (0-99) or an amount in pounds (the minus key blocked in both). */
function ValueField() {
  const discountType = Form.useWatch<PriceRuleDiscountType | undefined>('discountType');
  return discountType === 'fixed_amount' ? (
    <Field name="amount" label="Discount Amount" required>
      <NumberInput decimals={2} min={0} prefix="£" />
    </Field>
  ) : (
    <Field name="percentage" label="Discount Percentage" required>
      <NumberInput decimals={2} suffix="%" />
    </Field>
  );
}

/** Products or categories: once one group has a choice, the other is hidden (document 3 §5). */
function ScopeFields({ chosen }: { chosen: { products: readonly PriceRuleChoice[]; categories: readonly PriceRuleChoice[] } }) {
  const productIds = Form.useWatch<number[] | undefined>('productIds') ?? [];
  const categoryIds = Form.useWatch<number[] | undefined>('categoryIds') ?? [];
  return (
    <>
      <Divider titlePlacement="start">Products and categories</Divider>
      {categoryIds.length === 0 && (
        <Field name="productIds" label="Products" extra="Choosing products hides the categories. None chosen (and no categories): every product.">
          <ChoiceSearchSelect url={`${CHOICES}/products`} noun="products" initialLabels={chosen.products} />
        </Field>
      )}
      {productIds.length === 0 && (
        <Field name="categoryIds" label="Categories" extra="Choosing categories hides the products.">
          <ChoiceSelect url={`${CHOICES}/categories`} placeholder="Select categories" />
        </Field>
      )}
      <Field name="excludeProductIds" label="Exclude Products">
        <ChoiceSearchSelect url={`${CHOICES}/products`} noun="products" initialLabels={chosen.products} />
      </Field>
      <Field name="excludeCategoryIds" label="Exclude Categories">
        <ChoiceSelect url={`${CHOICES}/categories`} placeholder="Select categories" />
      </Field>
    </>
  );
}

function RuleFields({ record }: { record: RuleRecord | undefined }) {
  return (
    <>
      {record && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <>
              This rule is <PriceRulePhaseTag rule={record} /> When several running rules cover a product, the one giving the lowest price applies; the product form shows which.
            </>
          }
        />
      )}
      <Field name="name" label="Rule Name" required>
        <Input maxLength={PRICE_RULE_NAME_MAX} autoComplete="off" />
      </Field>
      <Field name="description" label="Description" required>
        <Input.TextArea rows={3} maxLength={PRICE_RULE_DESCRIPTION_MAX} />
      </Field>
      <Row gutter={16}>
        <Col span={12}>
          <Field name="discountType" label="Discount Type" required>
            <Radio.Group options={discountTypeOptions} optionType="button" />
          </Field>
        </Col>
        <Col span={12}>
          <ValueField />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Field name="startDate" label="Start Date" required {...dateTimeProps}>
            <DatePicker showTime={{ format: 'hh:mm A' }} format={DATE_TIME} style={{ width: '100%' }} />
          </Field>
        </Col>
        <Col span={12}>
          <Field name="endDate" label="End Date" required dependencies={['startDate']} extra="At least one hour after the start." {...dateTimeProps}>
            <DatePicker showTime={{ format: 'hh:mm A' }} format={DATE_TIME} style={{ width: '100%' }} />
          </Field>
        </Col>
      </Row>
      <StatusField />
      <ScopeFields chosen={record?.chosen ?? NO_CHOICES} />
    </>
  );
}

export default function CatalogPriceRuleFormPage() {
  return (
    <ResourceFormPage
      resource={catalogPriceRuleResource}
      paths={catalogPriceRulePaths}
      titles={{ add: 'Add Catalog Price Rule', edit: 'Edit Catalog Price Rule' }}
      defaults={{ status: true, discountType: 'percentage', productIds: [], excludeProductIds: [], categoryIds: [], excludeCategoryIds: [] }}
    >
      {(record) => <RuleFields record={record} />}
    </ResourceFormPage>
  );
}
