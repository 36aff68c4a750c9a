import { BLOG_IMAGE_PURPOSE, blogCategoryResource } from '@facet/contract/modules/blogs/blog.schema';
import { Input } from 'antd';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { blogCategoryPaths } from './blog.paths.ts';

const Field = formFieldOf(blogCategoryResource);

export default function BlogCategoryFormPage() {
  return (
    <ResourceFormPage
      resource={blogCategoryResource}
      paths={blogCategoryPaths}
      titles={{ add: 'Add Blog Category', edit: 'Edit Blog Category' }}
      defaults={{ status: true, image: '', metaTitle: '', metaKeywords: '', metaDescription: '' }}
      toFormValues={({ name, description, slug, status, metaTitle, metaKeywords, metaDescription, image }) => ({
        name,
        description,
        slug,
        status,
        metaTitle,
        metaKeywords,
        metaDescription,
        image,
      })}
    >
      <Field name="name" label="Name" required extra="Letters, digits, dashes and spaces.">
        <Input />
      </Field>
      <Field name="slug" label="Slug" required extra="Spaces become dashes and capitals small letters.">
        <Input />
      </Field>
      <Field name="description" label="Description" required>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
      </Field>
      <Field name="image" label="Image" extra="jpeg, jpg, png or webp, up to 2MB.">
        <ImageUpload purpose={BLOG_IMAGE_PURPOSE} />
      </Field>
      <Field name="metaTitle" label="Meta Title">
        <Input />
      </Field>
      <Field name="metaKeywords" label="Meta Keywords">
        <Input />
      </Field>
      <Field name="metaDescription" label="Meta Description">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Field>
      <StatusField />
    </ResourceFormPage>
  );
}
