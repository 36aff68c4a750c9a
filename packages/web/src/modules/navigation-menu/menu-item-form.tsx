import { MESSAGES } from '@facet/contract/messages';
import type { CategoryTreeNode } from '@facet/contract/modules/categories/category.schema';
import type { NavigationMenuItemRecord } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { MENU_TYPE_LABELS, MENU_TYPES, navigationMenuItemInputSchema, navigationMenuResource } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TreeSelectProps } from 'antd';
import { App, Form, Input, InputNumber, Select } from 'antd';
import { useMemo } from 'react';
import { isApiError } from '../../api/client.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { TreeSelect } from '../../ui/tree-select.tsx';
import { choicesLoadingState } from '../../ui/loading-state.tsx';
import { resourceApi, resourceKeys } from '../../ui/resource-api.ts';
import { FormField, SchemaForm, showIssuesOnFields } from '../../ui/schema-form.tsx';
import { useCategoryTree, usePageOptions } from './navigation-menu.api.ts';
import { StatusField } from '../../ui/status-field.tsx';
import { FormActions } from '../../ui/form-actions.tsx';

const api = resourceApi(navigationMenuResource);

const NEW_ITEM = { title: '', description: '', menuType: undefined, categoryId: null, pageId: null, link: '', sortOrder: undefined, cssClass: '', image: '', status: true };

function toFormValues(item: NavigationMenuItemRecord) {
  const { title, description, menuType, categoryId, pageId, link, sortOrder, cssClass, image, status } = item;
  return { title, description, menuType, categoryId, pageId, link, sortOrder, cssClass, image, status };
}

/** The category tree for the chooser, below the root (id 1, which is not a page of its own). */
function categoryTreeData(nodes: readonly CategoryTreeNode[]): TreeSelectProps['treeData'] {
  const childrenOf = (parentId: number | null): NonNullable<TreeSelectProps['treeData']> =>
    nodes
      .filter((node) => node.parentId === parentId)
      .map((node) => ({ value: node.id, title: node.status ? node.name : `${node.name} (inactive)`, children: childrenOf(node.id) }));
  const root = nodes.find((node) => node.parentId === null);
  return root ? childrenOf(root.id) : [];
}

interface MenuItemFormProps {
  /** The item being edited; undefined for a new one. */
  item?: NavigationMenuItemRecord;
  /** After a successful save or a cancel: back to a blank form. */
  onDone: () => void;
}

/** The left-hand form of the menu screen: one menu item, its target fields shown by menu type. */
export function MenuItemForm({ item, onDone }: MenuItemFormProps) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const menuType = Form.useWatch('menuType', form) as string | undefined;
  const pages = usePageOptions();
  const categories = useCategoryTree();
  const categoryOptions = useMemo(() => categoryTreeData(categories.data ?? []), [categories.data]);
  // Saved or cancelled: a blank form for the next item (on the add screen the page does not change).
  const finish = () => {
    form.resetFields();
    onDone();
  };

  const save = useMutation({
    mutationFn: (input: Record<string, unknown>) => (item ? api.update(item.id, input, item.version) : api.create(input)),
    onSuccess: () => {
      void message.success(item ? MESSAGES.navigationMenuUpdated : MESSAGES.navigationMenuAdded);
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(navigationMenuResource) });
      finish();
    },
    onError: (error) => {
      if (!isWorthReporting(error)) return;
      const unplaced = isApiError(error) ? showIssuesOnFields(form, error.issues) : [];
      const isFullyPlaced = isApiError(error) && error.issues.length > 0 && unplaced.length === 0;
      if (!isFullyPlaced) void message.warning(unplaced[0]?.message ?? failureMessage(error));
    },
  });

  return (
    <SchemaForm
      schema={navigationMenuItemInputSchema}
      form={form}
      layout="vertical"
      initialValues={item ? toFormValues(item) : NEW_ITEM}
      onSubmit={(input) => save.mutate(input as Record<string, unknown>)}
    >
      <FormField name="title" label="Title" required>
        <Input />
      </FormField>
      <FormField name="description" label="Description" required>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </FormField>
      <FormField name="menuType" label="Menu Type" required>
        <Select placeholder="Select menu type" options={MENU_TYPES.map((type) => ({ value: type, label: MENU_TYPE_LABELS[type] }))} />
      </FormField>
      {menuType === 'category' && (
        <FormField name="categoryId" label="Category" required>
          <TreeSelect
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            treeData={categoryOptions}
            {...choicesLoadingState(categories.isPending, categories.isError ? MESSAGES.somethingWentWrong : undefined)}
            placeholder="Select category"
          />
        </FormField>
      )}
      {menuType === 'page' && (
        <FormField name="pageId" label="Page" required>
          <Select
            showSearch
            optionFilterProp="label"
            {...choicesLoadingState(pages.isPending)}
            placeholder="Select page"
            options={(pages.data ?? []).map((page) => ({ value: page.id, label: page.status ? page.title : `${page.title} (inactive)` }))}
          />
        </FormField>
      )}
      {menuType === 'custom_link' && (
        <FormField name="link" label="Custom Link" required>
          <Input placeholder="https://" />
        </FormField>
      )}
      <FormField name="sortOrder" label="Sort Order" required>
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </FormField>
      <FormField name="cssClass" label="CSS Class">
        <Input />
      </FormField>
      <FormField name="image" label="Image">
        <ImageUpload purpose="navigation-menu-image" />
      </FormField>
      <StatusField />
      <FormActions isSaving={save.isPending} onCancel={finish} />
    </SchemaForm>
  );
}
