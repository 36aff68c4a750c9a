import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_GROUP_NAME } from '@facet/contract/modules/attribute-sets/attribute-set.schema';
import { MESSAGES } from '@facet/contract/messages';
import { VENDOR_ATTRIBUTE_CODE } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { ProductFormAttribute } from '@facet/contract/modules/products/product.schema';
import { isFilledInAttributes } from '@facet/contract/modules/products/product.schema';
import { Button, Col, Empty, Flex, Form, Input, Radio, Row, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormField } from '../../../ui/schema-form.tsx';
import type { AttributeValueDraft } from './product-form-values.ts';

/** Radio buttons read well up to this many options; longer lists become a select. */
const RADIO_MAX_OPTIONS = 6;

interface AttributeValueInputProps {
  attribute: ProductFormAttribute;
  value: AttributeValueDraft;
  onChange: (value: AttributeValueDraft) => void;
  id?: string;
}

/** The input of one attribute by its input type: text for text, radios or a select for the option types. */
function AttributeValueInput({ attribute, value, onChange, id }: AttributeValueInputProps) {
  if (attribute.inputType === 'text') {
    return <Input id={id} aria-label={attribute.attributeName} value={value.value} onChange={(event) => onChange({ ...value, optionId: null, value: event.target.value })} />;
  }
  const options = attribute.options.map((option) => ({ value: option.id, label: option.value }));
  const choose = (optionId: number | undefined) => onChange({ ...value, optionId: optionId ?? null, value: '' });
  if (attribute.inputType === 'radio' && options.length <= RADIO_MAX_OPTIONS) {
    return <Radio.Group id={id} aria-label={attribute.attributeName} options={options} value={value.optionId} onChange={(event) => choose(event.target.value as number)} />;
  }
  return <Select<number> id={id} aria-label={attribute.attributeName} allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={`Select ${attribute.attributeName}`} options={options} value={value.optionId ?? undefined} onChange={choose} />;
}

const emptyValue = (attributeId: number): AttributeValueDraft => ({ attributeId, optionId: null, value: '' });

interface SetAttributesInputProps {
  value?: AttributeValueDraft[];
  onChange?: (values: AttributeValueDraft[]) => void;
  /** The set's attributes that do not make variants, with their group. */
  attributes: readonly ProductFormAttribute[];
}

const isBlankValue = (entry: AttributeValueDraft | undefined) => !entry || (entry.optionId === null && entry.value.trim() === '');

/**
 * The attributes the section fills: those placed in the chosen set, bar the ones that make variants
 * and the vendor. The Required rule (`checkRequiredAttributes`) runs over the required ones of these.
 */
export const setAttributesOf = (attributes: readonly ProductFormAttribute[]) => attributes.filter((attribute) => attribute.groupName !== null && isFilledInAttributes(attribute));

/**
 * Attributes (document 2 §2): one input per attribute of the chosen set, under its group's name.
 * A required attribute is marked; once the section's check has failed, each one still blank says so.
 */
function SetAttributesInput({ value = [], onChange, attributes }: SetAttributesInputProps) {
  const { status } = Form.Item.useStatus();
  // The set's default group first, the others by name (the lookup does not carry the set's group order).
  const groups = [...new Set(attributes.map((attribute) => attribute.groupName ?? ''))].sort((a, b) =>
    a === DEFAULT_GROUP_NAME ? -1 : b === DEFAULT_GROUP_NAME ? 1 : a.localeCompare(b),
  );
  const valueOf = (attributeId: number) => value.find((entry) => entry.attributeId === attributeId) ?? emptyValue(attributeId);
  const change = (next: AttributeValueDraft) => {
    const isBlank = next.optionId === null && next.value === '';
    const others = value.filter((entry) => entry.attributeId !== next.attributeId);
    onChange?.(isBlank ? others : [...others, next]);
  };
  return (
    <Flex vertical gap={16}>
      {groups.map((group) => (
        <div key={group}>
          {groups.length > 1 && <Typography.Title level={5}>{group}</Typography.Title>}
          <Row gutter={[24, 12]}>
            {attributes
              .filter((attribute) => (attribute.groupName ?? '') === group)
              .map((attribute) => (
                <Col xs={24} md={12} key={attribute.id}>
                  <AttributeItem attribute={attribute} isMissing={status === 'error' && attribute.isRequired && isBlankValue(valueOf(attribute.id))}>
                    <AttributeValueInput attribute={attribute} value={valueOf(attribute.id)} onChange={change} />
                  </AttributeItem>
                </Col>
              ))}
          </Row>
        </div>
      ))}
    </Flex>
  );
}

/** One attribute's label (marked when required) and input, with the required message when it is left blank. */
function AttributeItem({ attribute, isMissing, children }: { attribute: ProductFormAttribute; isMissing: boolean; children: ReactNode }) {
  return (
    <Form.Item
      label={attribute.attributeName}
      required={attribute.isRequired}
      validateStatus={isMissing ? 'error' : undefined}
      help={isMissing ? MESSAGES.required : undefined}
      layout="vertical"
      style={{ marginBottom: 0 }}
      data-testid={`attribute-${attribute.attributeCode}`}
    >
      {children}
    </Form.Item>
  );
}

/** The set's attributes that describe the product (those that make variants are in Configurations). */
export function SetAttributesSection({ attributes, hasSet }: { attributes: readonly ProductFormAttribute[]; hasSet: boolean }) {
  const described = setAttributesOf(attributes);
  if (!described.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={hasSet ? 'The attribute set has no attributes to fill in here.' : 'Choose an attribute set first.'} />;
  }
  return (
    // Each blank required attribute shows the message under its own input, not once under the section.
    <FormField name="attributes" help="">
      <SetAttributesInput attributes={described} />
    </FormField>
  );
}

/** One standalone row: the attribute, then its option or text. */
function StandaloneRow({ entryName, index, choices, byId, onRemove }: { entryName: number; index: number; choices: readonly ProductFormAttribute[]; byId: Map<number, ProductFormAttribute>; onRemove: () => void }) {
  const form = Form.useFormInstance();
  const attributeId = Form.useWatch(['standaloneAttributes', entryName, 'attributeId']) as number | undefined;
  const attribute = attributeId === undefined ? undefined : byId.get(attributeId);
  const chosenElsewhere = new Set(
    ((Form.useWatch('standaloneAttributes') as AttributeValueDraft[] | undefined) ?? []).filter((_, other) => other !== entryName).map((row) => row.attributeId),
  );
  return (
    <Flex gap={12} align="start" wrap data-testid="standalone-attribute-row">
      <FormField name={[entryName, 'attributeId']} path={['standaloneAttributes', entryName, 'attributeId']} style={{ flex: 1, minWidth: 220 }}>
        <Select<number>
          aria-label={`Standalone attribute ${index + 1}`}
          placeholder="Select attribute"
          showSearch={{ optionFilterProp: 'label' }}
          options={choices.map((choice) => ({ value: choice.id, label: choice.attributeName, disabled: chosenElsewhere.has(choice.id) }))}
          onChange={() => {
            form.setFieldValue(['standaloneAttributes', entryName, 'optionId'], null);
            form.setFieldValue(['standaloneAttributes', entryName, 'value'], '');
          }}
        />
      </FormField>
      {attribute?.inputType === 'text' ? (
        <FormField name={[entryName, 'value']} path={['standaloneAttributes', entryName, 'value']} style={{ flex: 2, minWidth: 220 }}>
          <Input aria-label={`Standalone value ${index + 1}`} placeholder="Value" />
        </FormField>
      ) : (
        <FormField name={[entryName, 'optionId']} path={['standaloneAttributes', entryName, 'optionId']} style={{ flex: 2, minWidth: 220 }}>
          <Select<number>
            aria-label={`Standalone value ${index + 1}`}
            placeholder={attribute ? `Select ${attribute.attributeName}` : 'Select an attribute first'}
            disabled={!attribute}
            showSearch={{ optionFilterProp: 'label' }}
            options={(attribute?.options ?? []).map((option) => ({ value: option.id, label: option.value }))}
          />
        </FormField>
      )}
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove standalone attribute ${index + 1}`} onClick={onRemove} />
    </Flex>
  );
}

/**
 * Standalone Attribute (document 2 §3): attributes outside the chosen set that describe this product
 * only; those that make variants and the vendor (its own field) are not offered.
 */
export function StandaloneAttributesSection({ attributes }: { attributes: readonly ProductFormAttribute[] }) {
  const choices = attributes.filter((attribute) => attribute.groupName === null && !attribute.isConfigurable && attribute.attributeCode !== VENDOR_ATTRIBUTE_CODE);
  const byId = new Map(attributes.map((attribute) => [attribute.id, attribute]));
  return (
    <Form.List name="standaloneAttributes">
      {(entries, { add, remove }) => (
        <Flex vertical gap={4}>
          {entries.length === 0 && <Typography.Text type="secondary">No standalone attributes.</Typography.Text>}
          {entries.map((entry, index) => (
            <StandaloneRow key={entry.key} entryName={entry.name} index={index} choices={choices} byId={byId} onRemove={() => remove(entry.name)} />
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ attributeId: undefined, optionId: null, value: '' })} style={{ alignSelf: 'flex-start' }}>
            Add Attribute
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
