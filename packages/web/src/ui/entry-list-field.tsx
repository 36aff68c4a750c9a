import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form } from 'antd';
import type { ReactNode } from 'react';
import { FormField } from './schema-form.tsx';

interface EntryInput {
  /** The entry's property: 'question'. */
  name: string;
  label: string;
  input: ReactNode;
  required?: boolean;
}

interface EntryListFieldProps {
  /** The list in the form's values: 'faqs'. */
  name: string;
  /** The inputs of one entry, each validated by the form's schema at its full path (['faqs', 0, 'question']). */
  inputs: readonly EntryInput[];
  /** A new, empty entry. */
  newEntry: Record<string, unknown>;
  addLabel: string;
  /** Names an entry for its remove button, e.g. 'FAQ' gives "Remove FAQ 2". */
  entryLabel: string;
}

/** A list of small records edited in place (FAQs, links...): a card per entry with its inputs, Remove, and Add below. */
export function EntryListField({ name, inputs, newEntry, addLabel, entryLabel }: EntryListFieldProps) {
  return (
    <Form.List name={name}>
      {(entries, { add, remove }) => (
        <Flex vertical gap={12}>
          {entries.map((entry, index) => (
            <Card key={entry.key} size="small" data-testid={`${name}-entry`}>
              <Flex gap={12} align="start">
                <Flex vertical style={{ flex: 1 }}>
                  {inputs.map((input) => (
                    <FormField key={input.name} name={[entry.name, input.name]} path={[name, entry.name, input.name]} label={input.label} required={input.required}>
                      {input.input}
                    </FormField>
                  ))}
                </Flex>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${entryLabel} ${index + 1}`} onClick={() => remove(entry.name)} />
              </Flex>
            </Card>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ ...newEntry })} style={{ alignSelf: 'flex-start' }}>
            {addLabel}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
