import { ATTRIBUTE_INPUT_TYPE_LABELS, ATTRIBUTE_INPUT_TYPES, hasOptionImages, hasOptions, productAttributeResource } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { AttributeInputType, ProductAttributeRecord } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { AttributeOptionsField } from './attribute-options-field.tsx';
import { productAttributePaths } from './product-attribute.paths.ts';

/** Form fields named by productAttributeResource's input. */
const Field = formFieldOf(productAttributeResource);

const inputTypeOptions = ATTRIBUTE_INPUT_TYPES.map((type) => ({ value: type, label: ATTRIBUTE_INPUT_TYPE_LABELS[type] }));

const FLAGS = [
  { name: 'isRequired', label: 'Required' },
  { name: 'useInSearch', label: 'Use in Search' },
  { name: 'showInStorefront', label: 'Show in Storefront' },
] as const;

function AttributeFields({ attribute }: { attribute: ProductAttributeRecord | undefined }) {
  const form = Form.useFormInstance();
  const inputType = Form.useWatch<AttributeInputType | undefined>('inputType', form);
  // A text attribute has no options: switching to text clears them (saving then removes them, unless in use).
  const chooseInputType = (type: AttributeInputType) => {
    if (!hasOptions(type)) form.setFieldValue('options', []);
  };
  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Field name="attributeName" label="Attribute Name" required>
            <Input />
          </Field>
        </Col>
        <Col span={12}>
          <Field name="attributeCode" label="Attribute Code" required extra={attribute ? 'The code cannot be changed.' : 'Letters only; it cannot be changed later.'}>
            <Input readOnly={attribute !== undefined} disabled={attribute !== undefined} />
          </Field>
        </Col>
      </Row>
      <Field name="description" label="Description">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Field>
      <Field name="inputType" label="Input Type" required>
        <Select options={inputTypeOptions} onChange={chooseInputType} placeholder="Select input type" style={{ maxWidth: 360 }} />
      </Field>
      <Row gutter={16}>
        {FLAGS.map(({ name, label }) => (
          <Col key={name} span={8}>
            <Field name={name} label={label} valuePropName="checked">
              <Switch checkedChildren="Yes" unCheckedChildren="No" />
            </Field>
          </Col>
        ))}
      </Row>
      <StatusField />
      {inputType && hasOptions(inputType) && <AttributeOptionsField withImages={hasOptionImages(inputType)} saved={attribute?.options ?? []} />}
    </>
  );
}

export default function ProductAttributeFormPage() {
  return (
    <ResourceFormPage
      resource={productAttributeResource}
      paths={productAttributePaths}
      defaults={{ status: true, isRequired: false, useInSearch: false, showInStorefront: false, options: [] }}
    >
      {(attribute) => <AttributeFields attribute={attribute} />}
    </ResourceFormPage>
  );
}
