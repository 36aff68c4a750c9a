import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { FormField } from '../../../ui/schema-form.tsx';
import type { DetailRow } from './product-details.ts';
import { applyDetailLines, unreadableDetailLines } from './product-details.ts';

/** The bulk edit: `label:value` lines applied to the rows (an existing label updated, a new one added). */
function BulkEditModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = Form.useFormInstance();
  const [text, setText] = useState('');
  const skipped = unreadableDetailLines(text);
  const apply = () => {
    const details = (form.getFieldValue('productDetails') as DetailRow[] | undefined) ?? [];
    form.setFieldValue('productDetails', applyDetailLines(details, text));
    setText('');
    onClose();
  };
  return (
    <Modal open={open} title="Bulk Edit Product Details" okText="Apply" onOk={apply} onCancel={onClose} okButtonProps={{ disabled: text.trim() === '' }} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        One <code>label:value</code> per line. A label the product already has (in any case) gets the new value; a new label is added.
      </Typography.Paragraph>
      <Input.TextArea aria-label="Detail lines" value={text} onChange={(event) => setText(event.target.value)} autoSize={{ minRows: 6, maxRows: 16 }} placeholder={'Stone:Diamond\nSetting:Claw'} />
      {skipped.length > 0 && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={`${skipped.length} line(s) without a label:value will be skipped.`} />}
    </Modal>
  );
}

/** Product Details (document 2 §2, §5): label and value rows, each needing both, plus the bulk edit. */
export function DetailsSection() {
  const [isBulkOpen, setBulkOpen] = useState(false);
  return (
    <Form.List name="productDetails">
      {(entries, { add, remove }) => (
        <Flex vertical gap={4}>
          {entries.length === 0 && <Typography.Text type="secondary">No details yet.</Typography.Text>}
          {entries.map((entry, index) => (
            <Flex key={entry.key} gap={12} align="start" data-testid="product-detail-row">
              <FormField name={[entry.name, 'label']} path={['productDetails', entry.name, 'label']} style={{ flex: 1 }} required>
                <Input placeholder="Label" aria-label={`Detail ${index + 1} label`} />
              </FormField>
              <FormField name={[entry.name, 'value']} path={['productDetails', entry.name, 'value']} style={{ flex: 2 }} required>
                <Input placeholder="Value" aria-label={`Detail ${index + 1} value`} />
              </FormField>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove detail ${index + 1}`} onClick={() => remove(entry.name)} />
            </Flex>
          ))}
          <Flex gap={8}>
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ label: '', value: '' })}>
              Add Detail
            </Button>
            <Button icon={<EditOutlined />} onClick={() => setBulkOpen(true)}>
              Bulk Edit
            </Button>
          </Flex>
          <BulkEditModal open={isBulkOpen} onClose={() => setBulkOpen(false)} />
        </Flex>
      )}
    </Form.List>
  );
}
