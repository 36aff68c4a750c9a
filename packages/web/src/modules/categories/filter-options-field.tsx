import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_PAGE_SIZE } from '@facet/contract/api';
import { MESSAGES } from '@facet/contract/messages';
import { categoryResource } from '@facet/contract/modules/categories/category.schema';
import type { CategoryRecord } from '@facet/contract/modules/categories/category.schema';
import { hasOptions, productAttributeResource } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SelectProps } from 'antd';
import { App, Button, Flex, Form, Select, Typography } from 'antd';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { choicesLoadingState } from '../../ui/loading-state.tsx';
import { resourceApi, resourceKeys } from '../../ui/resource-api.ts';
import { FormField } from '../../ui/schema-form.tsx';
import { SortableList } from '../../ui/sortable-list.tsx';
import { categoryApi } from './category.api.ts';

const ATTRIBUTES_QUERY = { page: 1, pageSize: MAX_PAGE_SIZE };

/** A product attribute that has values to filter or size by (text attributes have none); `noneOption` adds "None" as 0. */
export function AttributeSelect({ noneOption = false, ...selectProps }: Omit<SelectProps<number>, 'options' | 'loading'> & { noneOption?: boolean }) {
  const attributes = useQuery({
    queryKey: resourceKeys.list(productAttributeResource, ATTRIBUTES_QUERY),
    queryFn: () => resourceApi(productAttributeResource).list(ATTRIBUTES_QUERY),
  });
  const options = [
    ...(noneOption ? [{ value: 0, label: 'None' }] : []),
    ...(attributes.data?.items ?? [])
      .filter((attribute) => hasOptions(attribute.inputType))
      .map((attribute) => ({ value: attribute.id, label: attribute.attributeName })),
  ];
  return <Select<number> showSearch={{ optionFilterProp: 'label' }} {...choicesLoadingState(attributes.isPending)} options={options} {...selectProps} />;
}

/**
 * The category's filter options: an attribute per row, dragged into display order. On a saved
 * category a new order of its saved options is saved at once (document 1 §4); the form then goes on
 * with the version that save returned.
 */
export function FilterOptionsField({ category }: { category: CategoryRecord | undefined }) {
  const form = Form.useFormInstance();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const saveOrder = useMutation({
    mutationFn: ({ id, version, attributeIds }: { id: number; version: number; attributeIds: number[] }) => categoryApi.saveFilterOrder(id, { version, attributeIds }),
    onSuccess: (saved) => {
      queryClient.setQueryData(resourceKeys.detail(categoryResource, saved.id), saved);
      void message.success(MESSAGES.recordUpdated);
    },
    onError: (error) => {
      if (isWorthReporting(error)) void message.warning(failureMessage(error));
    },
  });

  function saveNewOrder() {
    if (!category) return;
    const shown = ((form.getFieldValue('filterOptions') ?? []) as { attributeId?: number }[]).map((option) => option.attributeId);
    const saved = category.filterOptions.map((option) => option.attributeId);
    const isSavedList = shown.length === saved.length && new Set(shown).size === shown.length && shown.every((id) => id !== undefined && saved.includes(id));
    if (isSavedList) saveOrder.mutate({ id: category.id, version: category.version, attributeIds: shown as number[] });
    else void message.info('The filter options have unsaved changes: the new order is saved with the category.');
  }

  return (
    <Form.List name="filterOptions">
      {(entries, { add, remove, move }) => (
        <Flex vertical gap={8}>
          <SortableList
            items={entries}
            keyOf={(entry) => entry.key}
            disabled={saveOrder.isPending}
            onMove={(from, to) => {
              move(from, to);
              saveNewOrder();
            }}
            renderItem={(entry, handle, index) => (
              <Flex gap={8} align="start" data-testid="filter-option">
                {handle}
                <FormField name={[entry.name, 'attributeId']} path={['filterOptions', entry.name, 'attributeId']} style={{ flex: 1, marginBottom: 8 }}>
                  <AttributeSelect placeholder="Select attribute" aria-label={`Filter option ${index + 1}`} />
                </FormField>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove filter option ${index + 1}`} onClick={() => remove(entry.name)} />
              </Flex>
            )}
          />
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ alignSelf: 'flex-start' }}>
            Add Filter Option
          </Button>
          {category && <Typography.Text type="secondary">Drag the handles to reorder; on a saved category the new order is saved at once.</Typography.Text>}
        </Flex>
      )}
    </Form.List>
  );
}
