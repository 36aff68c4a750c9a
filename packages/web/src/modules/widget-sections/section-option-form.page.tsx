import { MESSAGES } from '@facet/contract/messages';
import type { CategoryTreeNode } from '@facet/contract/modules/categories/category.schema';
import { LINK_TYPE_LABELS, LINK_TYPES, parseOptionRouteId, sectionOptionResource } from '@facet/contract/modules/widget-sections/widget-section.schema';
import type { TreeSelectProps } from 'antd';
import { Button, Form, Input, Result, Select } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { choicesLoadingState } from '../../ui/loading-state.tsx';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { TreeSelect } from '../../ui/tree-select.tsx';
import { useCategoryTree } from '../categories/category.api.ts';
import { useOptionPageOptions } from './widget-section.api.ts';
import { sectionEditPath, sectionPaths } from './widget-section.paths.ts';

const Field = formFieldOf(sectionOptionResource);
/** Document 3 §2.17: the category chooser offers active categories up to four levels deep. */
const CATEGORY_LEVELS = 4;

/** Active categories below the root, four levels deep, as a single-choice tree. */
function categoryTreeData(nodes: readonly CategoryTreeNode[]): TreeSelectProps['treeData'] {
  const childrenOf = (parentId: number, level: number): NonNullable<TreeSelectProps['treeData']> =>
    level > CATEGORY_LEVELS
      ? []
      : nodes.filter((node) => node.parentId === parentId && node.status).map((node) => ({ value: node.id, title: node.name, children: childrenOf(node.id, level + 1) }));
  const root = nodes.find((node) => node.parentId === null);
  return root ? childrenOf(root.id, 1) : [];
}

/** The target field the link type asks for (document 3 §2.17, §5). */
function LinkTargetField() {
  const linkType = Form.useWatch<string | undefined>('linkType');
  const categories = useCategoryTree();
  const pages = useOptionPageOptions();
  const treeData = useMemo(() => categoryTreeData(categories.data ?? []), [categories.data]);
  if (linkType === 'category') {
    return (
      <Field name="categoryId" label="Category" required>
        <TreeSelect<number>
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          treeData={treeData}
          placeholder="Select category"
          {...choicesLoadingState(categories.isPending, categories.isError ? MESSAGES.somethingWentWrong : undefined)}
        />
      </Field>
    );
  }
  if (linkType === 'page') {
    return (
      <Field name="pageId" label="Page" required>
        <Select
          showSearch
          optionFilterProp="label"
          placeholder="Select page"
          options={(pages.data ?? []).map((page) => ({ value: page.id, label: page.status ? page.title : `${page.title} (inactive)` }))}
          {...choicesLoadingState(pages.isPending, pages.isError ? MESSAGES.somethingWentWrong : undefined)}
        />
      </Field>
    );
  }
  if (linkType === 'custom_link') {
    return (
      <Field name="link" label="Custom Link" required extra="A path of this shop's site, such as rings/engagement: do not include the site's base address.">
        <Input placeholder="rings/engagement" />
      </Field>
    );
  }
  if (linkType === 'external_link') {
    return (
      <Field name="link" label="External Link" required>
        <Input placeholder="https://" />
      </Field>
    );
  }
  return null;
}

/**
 * /widgets/section-option/add/?sectionId= and /widgets/section-option/edit/{optionId}&{sectionId}
 * (document 3 §2.1, §2.17). Cancel, Back and a save return to the section's edit screen.
 */
export default function SectionOptionFormPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const routeIds = id === undefined ? null : parseOptionRouteId(id);
  const sectionId = routeIds?.sectionId ?? (Number(search.get('sectionId')) || undefined);
  if (sectionId === undefined || (id !== undefined && !routeIds)) {
    return <Result status="404" title="This option's section is not known." extra={<Button onClick={() => void navigate(sectionPaths.list)}>Back to the sections</Button>} />;
  }
  const back = sectionEditPath(sectionId);
  return (
    <ResourceFormPage
      resource={sectionOptionResource}
      paths={{ list: back, add: back, edit: back }}
      recordId={routeIds?.optionId}
      titles={{ add: 'Add Section Option', edit: 'Edit Section Option' }}
      defaults={{ sectionId, status: true, link: '', description: '', categoryId: null, pageId: null, desktopImage: '', mobileImage: '' }}
      toFormValues={({ title, description, linkType, categoryId, pageId, link, desktopImage, mobileImage, status }) => ({
        sectionId,
        title,
        description,
        linkType,
        categoryId,
        pageId,
        link,
        desktopImage,
        mobileImage,
        status,
      })}
    >
      <>
        <Field name="title" label="Title" required>
          <Input />
        </Field>
        <Field name="description" label="Description">
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} />
        </Field>
        <Field name="linkType" label="Link Type" required>
          <Select placeholder="Select link type" options={LINK_TYPES.map((type) => ({ value: type, label: LINK_TYPE_LABELS[type] }))} />
        </Field>
        <LinkTargetField />
        <Field name="desktopImage" label="Desktop Image" required extra="PNG, JPEG, JPG (webp also accepted), up to 2 MB">
          <ImageUpload purpose="section-option-image" />
        </Field>
        <Field name="mobileImage" label="Mobile Image" extra="PNG, JPEG, JPG (webp also accepted), up to 2 MB">
          <ImageUpload purpose="section-option-image" />
        </Field>
        <StatusField />
      </>
    </ResourceFormPage>
  );
}
