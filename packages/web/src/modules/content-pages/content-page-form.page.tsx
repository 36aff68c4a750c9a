import { contentPageResource } from '@facet/contract/modules/content-pages/content-page.schema';
import { Input, Typography } from 'antd';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { contentPagePaths } from './content-page.paths.ts';
import { StatusField } from '../../ui/status-field.tsx';

/** Form fields named by contentPageResource's input. */
const Field = formFieldOf(contentPageResource);

export default function ContentPageFormPage() {
  return (
    <ResourceFormPage
      resource={contentPageResource}
      paths={contentPagePaths}
      titles={{ add: 'Add Page', edit: 'Edit Page' }}
      defaults={{ status: true, content: '' }}
      toFormValues={({ title, slug, metaTitle, metaKeywords, metaDescription, content, status }) => ({
        title,
        slug,
        metaTitle,
        metaKeywords,
        metaDescription,
        content,
        status,
      })}
    >
      {(page) => (
        <>
          <Field name="title" label="Title" required>
            <Input />
          </Field>
          <Field
            name="slug"
            label="Slug"
            required
            extra={
              page ? (
                <>
                  Page code: <Typography.Text code>{page.pageCode}</Typography.Text> (fixed when the page was created; the storefront may link to it)
                </>
              ) : (
                'Spaces become dashes and capitals small letters. The page code is taken from the slug and does not change later.'
              )
            }
          >
            <Input />
          </Field>
          <Field name="content" label="Content">
            <RichTextEditor />
          </Field>
          <Field name="metaTitle" label="Meta Title" required>
            <Input />
          </Field>
          <Field name="metaKeywords" label="Meta Keywords" required>
            <Input />
          </Field>
          <Field name="metaDescription" label="Meta Description" required>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} />
          </Field>
          <StatusField />
        </>
      )}
    </ResourceFormPage>
  );
}
