import { SECTION_TEMPLATES, sectionResource, TEMPLATE } from '@facet/contract/modules/widget-sections/widget-section.schema';
import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { App, Form, Input, InputNumber, Select, Typography } from 'antd';
import type { KeyboardEvent } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { resourceKeys } from '../../ui/resource-api.ts';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { BestSellerEditor, BestSellerPreviewPanel } from './best-seller-editor.tsx';
import { CustomHtmlEditor } from './custom-html-editor.tsx';
import { SectionOptionsCard } from './section-options-card.tsx';
import { sectionPaths } from './widget-section.paths.ts';

const Field = formFieldOf(sectionResource);

/** Sort Order: minus and plus keys are blocked (document 3 §2.17), and the exponent's e. */
function blockSignKeys(event: KeyboardEvent<HTMLInputElement>) {
  if (['-', '+', 'e', 'E'].includes(event.key) || event.code === 'NumpadSubtract' || event.code === 'NumpadAdd') event.preventDefault();
}

/** The fields the chosen template brings: the custom HTML editor, or the best sellers with their preview. */
function TemplateFields({ sectionId }: { sectionId?: number }) {
  const templateId = Form.useWatch<number | undefined>('templateId');
  if (templateId === TEMPLATE.customHtml) {
    return (
      <Field name="content" label="Content">
        <CustomHtmlEditor />
      </Field>
    );
  }
  if (templateId !== TEMPLATE.bestSeller) return null;
  return (
    <>
      <Field name="bestSellers" label="Best Sellers">
        <BestSellerEditor />
      </Field>
      {sectionId !== undefined && (
        <Form.Item label="Best sellers preview">
          <BestSellerPreviewPanel sectionId={sectionId} />
        </Form.Item>
      )}
    </>
  );
}

/** /widgets/section/add and /widgets/section/edit/:id (document 3 §2.17), with the section's options below on edit. */
export default function SectionFormPage() {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { id } = useParams();

  /** Document 3 §8: unknown or repeated SKUs open the Error dialog, a warning shows, and the section is reloaded. */
  const showSkuErrors = (error: unknown, form: FormInstance) => {
    if (!isApiError(error, 400) || !/^(Invalid|Duplicate) SKU\(s\)/.test(error.message)) return false;
    modal.error({
      title: 'Error',
      content: (
        <>
          {error.message.split('\n').map((line) => (
            <Typography.Paragraph key={line} style={{ marginBottom: 4 }}>
              {line}
            </Typography.Paragraph>
          ))}
        </>
      ),
    });
    void message.warning(error.message.split('\n')[0]!);
    // Back to the SKUs as saved (none on a new section); the other fields keep what was typed.
    form.resetFields(['bestSellers']);
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(sectionResource) });
    return true;
  };

  return (
    <>
      <ResourceFormPage
        resource={sectionResource}
        paths={sectionPaths}
        titles={{ add: 'Add Section', edit: 'Edit Section' }}
        defaults={{ status: true, sortOrder: null, subTitle: '', content: '', bestSellers: [] }}
        toFormValues={({ sectionName, subTitle, sortOrder, templateId, status, content, bestSellers }) => ({
          sectionName,
          subTitle,
          sortOrder,
          templateId,
          status,
          content,
          bestSellers,
        })}
        onSaveError={showSkuErrors}
      >
        {(section) => (
          <>
            <Field name="sectionName" label="Section Name" required>
              <Input />
            </Field>
            <Field name="subTitle" label="Sub Title">
              <Input />
            </Field>
            <Field name="sortOrder" label="Sort Order">
              <InputNumber<number> min={1} precision={0} style={{ width: '100%' }} onKeyDown={blockSignKeys} />
            </Field>
            <Field name="templateId" label="Select Template" required extra={section ? 'Changing the template clears the section’s options when you submit.' : undefined}>
              <Select placeholder="Select Template" options={SECTION_TEMPLATES.map((template) => ({ value: template.id, label: template.label }))} />
            </Field>
            <TemplateFields sectionId={section?.id} />
            <StatusField />
          </>
        )}
      </ResourceFormPage>
      {id !== undefined && <SectionOptionsCard sectionId={Number(id)} />}
    </>
  );
}
