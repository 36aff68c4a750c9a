import { categoryResource, CATEGORY_IMAGE_FIELDS, ROOT_CATEGORY_ID } from '@facet/contract/modules/categories/category.schema';
import type { CategoryRecord } from '@facet/contract/modules/categories/category.schema';
import { Collapse, Flex, Input, Switch } from 'antd';
import type { ReactNode } from 'react';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { EntryListField } from '../../ui/entry-list-field.tsx';
import { NumberInput } from '../../ui/number-input.tsx';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import type { FieldNameOf } from '../../ui/schema-form.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { AttributeSelect, FilterOptionsField } from './filter-options-field.tsx';
import { CategoryTreeSelect } from './category-tree-select.tsx';
import { categoryPaths } from './category.paths.ts';
import { StatusField } from '../../ui/status-field.tsx';

/** Form fields named by categoryResource's input. */
const Field = formFieldOf(categoryResource);

/** A new category: under the root, active, no size attribute, nothing in the lists (document 1 §5). */
const NEW_CATEGORY = {
  parentId: ROOT_CATEGORY_ID,
  orderNo: 0,
  sizeAttributeId: 0,
  status: true,
  isDiamondCategory: false,
  isGemstoneCategory: false,
  isMtoCategory: false,
  isGiftCard: false,
  afterProducts1: null,
  afterProducts2: null,
  filterOptions: [],
  faqs: [],
  exploreMore: [],
  footerDescription: '',
  ...Object.fromEntries(Object.keys(CATEGORY_IMAGE_FIELDS).map((field) => [field, ''])),
};

/** The record as the form edits it: filter options by attribute id only, no server-made fields. */
function toFormValues({ id: _id, version: _version, createdAt: _createdAt, updatedAt: _updatedAt, parentName: _parentName, filterOptions, ...values }: CategoryRecord) {
  return { ...values, filterOptions: filterOptions.map(({ attributeId }) => ({ attributeId })) };
}

const text = (name: FieldNameOf<typeof categoryResource>, label: string, options: { required?: boolean; extra?: ReactNode } = {}) => (
  <Field name={name} label={label} required={options.required} extra={options.extra}>
    <Input />
  </Field>
);

const flag = (name: FieldNameOf<typeof categoryResource>, label: string) => (
  <Field name={name} label={label} valuePropName="checked">
    <Switch checkedChildren="Yes" unCheckedChildren="No" />
  </Field>
);

const image = (name: keyof typeof CATEGORY_IMAGE_FIELDS, label: string) => (
  <Field name={name} label={label} extra="png, jpeg, jpg or webp, at most 2 MB.">
    <ImageUpload purpose={CATEGORY_IMAGE_FIELDS[name]} />
  </Field>
);

function offer(n: 1 | 2) {
  return (
    <Flex gap={16} wrap>
      <div style={{ minWidth: 220 }}>{image(`offerImage${n}`, `Offer Image ${n}`)}</div>
      <div style={{ flex: 1, minWidth: 220 }}>{text(`offerBannerSlug${n}`, `Offer Banner Slug ${n}`)}</div>
      <Field name={`afterProducts${n}`} label={`After Products ${n}`} extra="Shown after this many products.">
        <NumberInput decimals={0} style={{ width: 160 }} />
      </Field>
    </Flex>
  );
}

function sections(category: CategoryRecord | undefined) {
  return [
    {
      key: 'main',
      label: 'Category',
      children: (
        <>
          {text('name', 'Name', { required: true })}
          {text('title', 'Title', { required: true })}
          {text('slug', 'Slug', { required: true, extra: 'Spaces become dashes and capitals small letters when saved.' })}
          <Field name="parentId" label="Parent Category" required>
            <CategoryTreeSelect blockedId={category?.id} placeholder="Select parent category" />
          </Field>
          {text('abbreviation', 'Abbreviation')}
          <Field name="description" label="Description">
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
          </Field>
          <Flex gap={16} wrap>
            <Field name="orderNo" label="Order No">
              <NumberInput decimals={0} style={{ width: 160 }} />
            </Field>
            <Field name="sizeAttributeId" label="Size Attribute" style={{ flex: 1, minWidth: 240 }}>
              <AttributeSelect noneOption placeholder="Select size attribute" />
            </Field>
          </Flex>
          <Flex gap={24} wrap>
            {flag('isDiamondCategory', 'Diamond Category')}
            {flag('isGemstoneCategory', 'Gemstone Category')}
            {flag('isMtoCategory', 'Made to Order')}
            {flag('isGiftCard', 'Gift Card')}
            <StatusField />
          </Flex>
        </>
      ),
    },
    {
      key: 'media',
      label: 'Media',
      children: (
        <Flex gap={24} wrap>
          {image('desktopBannerImage', 'Desktop Banner Image')}
          {image('mobileBannerImage', 'Mobile Banner Image')}
        </Flex>
      ),
    },
    {
      key: 'seo',
      label: 'Search Engine Optimization',
      children: (
        <>
          {text('metaTitle', 'Meta Title')}
          {text('metaKeyword', 'Meta Keyword')}
          <Field name="metaDescription" label="Meta Description">
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Field>
        </>
      ),
    },
    {
      key: 'offer',
      label: 'Offer Banner',
      children: (
        <>
          {offer(1)}
          {offer(2)}
        </>
      ),
    },
    { key: 'filters', label: 'Filter Options', children: <FilterOptionsField category={category} /> },
    {
      key: 'faqs',
      label: 'FAQs',
      children: (
        <EntryListField
          name="faqs"
          entryLabel="FAQ"
          addLabel="Add FAQ"
          newEntry={{ question: '', answer: '' }}
          inputs={[
            { name: 'question', label: 'Question', input: <Input />, required: true },
            { name: 'answer', label: 'Answer', input: <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />, required: true },
          ]}
        />
      ),
    },
    {
      key: 'exploreMore',
      label: 'Explore More',
      children: (
        <EntryListField
          name="exploreMore"
          entryLabel="link"
          addLabel="Add Link"
          newEntry={{ title: '', link: '' }}
          inputs={[
            { name: 'title', label: 'Title', input: <Input />, required: true },
            { name: 'link', label: 'Link', input: <Input placeholder="https://" />, required: true },
          ]}
        />
      ),
    },
    {
      key: 'footer',
      label: 'Footer Content',
      children: (
        <>
          {text('footerTitle', 'Footer Title')}
          <Field name="footerDescription" label="Footer Description">
            <RichTextEditor />
          </Field>
        </>
      ),
    },
  ];
}

export default function CategoryFormPage() {
  return (
    <ResourceFormPage resource={categoryResource} paths={categoryPaths} defaults={NEW_CATEGORY} toFormValues={toFormValues}>
      {(category) => {
        const items = sections(category);
        // Every section's fields stay mounted, so a rule broken in a folded section still blocks submit and shows when opened.
        return <Collapse defaultActiveKey={items.map((item) => item.key)} items={items.map((item) => ({ ...item, forceRender: true }))} style={{ marginBottom: 24 }} />;
      }}
    </ResourceFormPage>
  );
}
