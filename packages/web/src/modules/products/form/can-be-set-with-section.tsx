import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CARAT_MIN } from '@facet/contract/modules/products/product.schema';
import { Button, Flex, Form, Select, Typography } from 'antd';
import { choicesLoadingState } from '../../../ui/loading-state.tsx';
import { NumberInput } from '../../../ui/number-input.tsx';
import { FormField } from '../../../ui/schema-form.tsx';
import { useFormLookup } from '../product.api.ts';

/** A shape select that greys out the shapes other rows have chosen (each shape once across rows). */
function ShapeSelect({ rowIndex, ...props }: { rowIndex: number; value?: number; onChange?: (id: number) => void; id?: string; 'aria-label'?: string }) {
  const shapes = useFormLookup('diamond-shapes');
  const rows = (Form.useWatch('canBeSetWith') as { shapeId?: number }[] | undefined) ?? [];
  const takenElsewhere = new Set(rows.filter((_, index) => index !== rowIndex).map((row) => row.shapeId));
  const options = (shapes.data ?? [])
    .filter((shape) => shape.status || shape.id === props.value)
    .map((shape) => ({ value: shape.id, label: shape.name, disabled: takenElsewhere.has(shape.id) }));
  return <Select<number> showSearch={{ optionFilterProp: 'label' }} placeholder="Select shape" options={options} {...choicesLoadingState(shapes.isPending)} {...props} />;
}

const caratInput = (label: string) => <NumberInput decimals={1} min={CARAT_MIN} step={0.1} placeholder="0.1" aria-label={label} />;

/** Can Be Set With (document 2 §5): rows of a shape and a carat band from 0.1 in steps of 0.1; a shape once across rows. */
export function CanBeSetWithSection() {
  return (
    <Form.List name="canBeSetWith">
      {(entries, { add, remove }) => (
        <Flex vertical gap={4}>
          {entries.length === 0 && <Typography.Text type="secondary">No shapes yet.</Typography.Text>}
          {entries.map((entry, index) => (
            <Flex key={entry.key} gap={12} align="start" wrap data-testid="can-be-set-with-row">
              <FormField name={[entry.name, 'shapeId']} path={['canBeSetWith', entry.name, 'shapeId']} label={index === 0 ? 'Shape' : undefined} style={{ flex: 2, minWidth: 200 }} required>
                <ShapeSelect rowIndex={entry.name} aria-label={`Shape ${index + 1}`} />
              </FormField>
              <FormField name={[entry.name, 'caratFrom']} path={['canBeSetWith', entry.name, 'caratFrom']} label={index === 0 ? 'Carat From' : undefined} style={{ flex: 1, minWidth: 120 }} required>
                {caratInput(`Carat From ${index + 1}`)}
              </FormField>
              <FormField name={[entry.name, 'caratTo']} path={['canBeSetWith', entry.name, 'caratTo']} label={index === 0 ? 'Carat To' : undefined} style={{ flex: 1, minWidth: 120 }} required>
                {caratInput(`Carat To ${index + 1}`)}
              </FormField>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove shape ${index + 1}`} onClick={() => remove(entry.name)} style={{ marginTop: index === 0 ? 30 : 0 }} />
            </Flex>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ shapeId: undefined, caratFrom: null, caratTo: null })} style={{ alignSelf: 'flex-start' }}>
            Add Shape
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
