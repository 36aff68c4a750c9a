import { BLOG_IMAGE_PURPOSE, blogCategoryResource, blogResource, blogSlugOf } from '@facet/contract/modules/blogs/blog.schema';
import { Form, Input } from 'antd';
import { useEffect, useRef } from 'react';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { ResourceSelect } from '../../ui/resource-select.tsx';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { blogPaths } from './blog.paths.ts';

const Field = formFieldOf(blogResource);

/**
 * While a new post's slug has not been typed in, it follows the title by the spec's rule (lower case,
 * spaces and ampersands to dashes, other characters to dashes, collapsed, trimmed). Once staff edit the
 * slug, or on an existing post, it stays as it is.
 */
function SlugFromTitle({ isNew }: { isNew: boolean }) {
  const form = Form.useFormInstance();
  const title = Form.useWatch('title', form) as string | undefined;
  // The slug this component last proposed: a slug that differs from it was typed by staff.
  const proposed = useRef('');
  useEffect(() => {
    if (!isNew || (form.getFieldValue('slug') ?? '') !== proposed.current) return;
    proposed.current = blogSlugOf(title ?? '');
    form.setFieldsValue({ slug: proposed.current });
  }, [form, isNew, title]);
  return null;
}

export default function BlogFormPage() {
  return (
    <ResourceFormPage
      resource={blogResource}
      paths={blogPaths}
      titles={{ add: 'Add Blog', edit: 'Edit Blog' }}
      defaults={{ status: true, content: '', image: '', slug: '', metaTitle: '', metaDescription: '' }}
      toFormValues={({ title, description, content, slug, image, status, blogCategoryId, metaTitle, metaDescription }) => ({
        title,
        description,
        content,
        slug,
        image,
        status,
        blogCategoryId,
        metaTitle,
        metaDescription,
      })}
    >
      {(post) => (
        <>
          <SlugFromTitle isNew={post === undefined} />
          <Field name="title" label="Title" required>
            <Input />
          </Field>
          <Field name="slug" label="Slug" required extra="Made from the title; lowercase letters, digits and dashes, starting and ending with a letter or digit.">
            <Input />
          </Field>
          <Field name="blogCategoryId" label="Category" required>
            <ResourceSelect resource={blogCategoryResource} optionLabel={(category) => category.name} placeholder="Select category" />
          </Field>
          <Field name="description" label="Short Description" required>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Field>
          <Field name="content" label="Content">
            <RichTextEditor />
          </Field>
          <Field name="image" label="Image" extra="jpeg, jpg, png or webp, up to 2MB.">
            <ImageUpload purpose={BLOG_IMAGE_PURPOSE} />
          </Field>
          <Field name="metaTitle" label="Meta Title">
            <Input />
          </Field>
          <Field name="metaDescription" label="Meta Description">
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Field>
          <StatusField />
        </>
      )}
    </ResourceFormPage>
  );
}
