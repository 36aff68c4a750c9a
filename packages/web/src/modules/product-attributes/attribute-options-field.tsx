import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { AttributeOptionRecord } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import { OPTION_IMAGE_PURPOSE } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import { Button, Card, Col, Form, Input, Row, Tooltip } from 'antd';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { NumberInput } from '../../ui/number-input.tsx';
import { FormField } from '../../ui/schema-form.tsx';

interface AttributeOptionsFieldProps {
  /** Radio options carry a swatch image. */
  withImages: boolean;
  /** The saved options, to know which are in use. */
  saved: readonly AttributeOptionRecord[];
}

/**
 * The option rows of an attribute: value, image (radio only) and sort order. An option in use
 * cannot be removed (its remove control is disabled with the reason as a tooltip).
 */
export function AttributeOptionsField({ withImages, saved }: AttributeOptionsFieldProps) {
  const form = Form.useFormInstance();
  const isInUse = (index: number) => {
    const id = form.getFieldValue(['options', index, 'id']) as number | undefined;
    return saved.some((option) => option.id === id && option.inUse);
  };
  const nextSortOrder = () => ((form.getFieldValue('options') as { sortOrder?: number }[] | undefined) ?? []).reduce((max, o) => Math.max(max, o.sortOrder ?? 0), 0) + 1;

  return (
    <Form.List name="options">
      {(rows, { add, remove }) => (
        <Card size="small" title="Options" style={{ marginBottom: 24 }}>
          {rows.map((row, index) => (
            <Row key={row.key} gutter={12} align="top" data-testid="attribute-option">
              <Col flex="auto">
                <FormField name={[row.name, 'value']} path={['options', row.name, 'value']} label={index === 0 ? 'Value' : undefined} required>
                  <Input placeholder="Option text" aria-label={`Option ${index + 1} value`} />
                </FormField>
              </Col>
              {withImages && (
                <Col flex="260px">
                  <FormField name={[row.name, 'valueImage']} path={['options', row.name, 'valueImage']} label={index === 0 ? 'Image' : undefined}>
                    <ImageUpload purpose={OPTION_IMAGE_PURPOSE} />
                  </FormField>
                </Col>
              )}
              <Col flex="120px">
                <FormField name={[row.name, 'sortOrder']} path={['options', row.name, 'sortOrder']} label={index === 0 ? 'Sort Order' : undefined}>
                  <NumberInput decimals={0} aria-label={`Option ${index + 1} sort order`} />
                </FormField>
              </Col>
              <Col flex="40px" style={{ paddingTop: index === 0 ? 30 : 0 }}>
                <Tooltip title={isInUse(row.name) ? 'This option is in use; it cannot be removed.' : 'Remove option'}>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove option ${index + 1}`} disabled={isInUse(row.name)} onClick={() => remove(row.name)} />
                </Tooltip>
              </Col>
            </Row>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ value: '', valueImage: '', sortOrder: nextSortOrder() })}>
            Add Option
          </Button>
        </Card>
      )}
    </Form.List>
  );
}
