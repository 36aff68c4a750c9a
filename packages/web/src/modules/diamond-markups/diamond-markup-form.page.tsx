import { diamondMarkupResource, MARKUP_TYPE_LABELS, MARKUP_TYPES } from '@facet/contract/modules/diamond-markups/diamond-markup.schema';
import type { MarkupType } from '@facet/contract/modules/diamond-markups/diamond-markup.schema';
import { shapeCategoryResource } from '@facet/contract/modules/diamond-shapes/shape-category.schema';
import type { ShapeCategoryRecord } from '@facet/contract/modules/diamond-shapes/shape-category.schema';
import type { InputNumberProps } from 'antd';
import { Col, Form, Radio, Row } from 'antd';
import { NumberInput } from '../../ui/number-input.tsx';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { ResourceSelect } from '../../ui/resource-select.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { diamondMarkupPaths } from './diamond-markup.paths.ts';

/** Form fields named by diamondMarkupResource's input. */
const Field = formFieldOf(diamondMarkupResource);

const markupTypeOptions = MARKUP_TYPES.map((type) => ({ value: type, label: MARKUP_TYPE_LABELS[type] }));
const originOptions = [
  { value: false, label: 'Earth mined' },
  { value: true, label: 'Lab grown' },
];
/** 'Fancy (Oval, Pear, ...)': staff see which shapes a category covers. */
const categoryLabel = ({ name, shapeNames }: ShapeCategoryRecord) => (shapeNames.length ? `${name} (${shapeNames.join(', ')})` : name);

/** The markup with its unit: % for a percentage, £ for an amount. */
function MarkupInput(props: InputNumberProps<number>) {
  const markupType = Form.useWatch<MarkupType | undefined>('markupType');
  return <NumberInput decimals={0} {...props} {...(markupType === 'amount' ? { prefix: '£' } : { suffix: '%' })} />;
}

export default function DiamondMarkupFormPage() {
  return (
    <ResourceFormPage resource={diamondMarkupResource} paths={diamondMarkupPaths} defaults={{ isLabDiamond: false }}>
      <Field name="isLabDiamond" label="Diamond Type">
        <Radio.Group options={originOptions} optionType="button" />
      </Field>
      <Field name="shapeCategoryId" label="Shape" required>
        <ResourceSelect resource={shapeCategoryResource} optionLabel={categoryLabel} placeholder="Select a shape category" />
      </Field>
      <Row gutter={16}>
        <Col span={12}>
          <Field name="fromCarat" label="Carat From" required>
            <NumberInput decimals={3} step={0.01} />
          </Field>
        </Col>
        <Col span={12}>
          <Field name="toCarat" label="Carat To" required dependencies={['fromCarat']}>
            <NumberInput decimals={3} step={0.01} />
          </Field>
        </Col>
      </Row>
      <Field name="markupType" label="Markup Type" required>
        <Radio.Group options={markupTypeOptions} />
      </Field>
      <Row gutter={16}>
        <Col span={12}>
          <Field name="markup" label="Markup" required extra="A percentage of the stone's cost, or an amount in pounds.">
            <MarkupInput />
          </Field>
        </Col>
        <Col span={12}>
          <Field name="fixCost" label="Cost" required extra="A fixed amount in pounds added to the price.">
            <NumberInput decimals={0} prefix="£" />
          </Field>
        </Col>
      </Row>
    </ResourceFormPage>
  );
}
