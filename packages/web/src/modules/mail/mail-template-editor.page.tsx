import type { MailTemplateKind, MailTemplateRecord, RenderedMail } from '@facet/contract/modules/mail/mail-template.schema';
import { MAIL_TEMPLATE_KINDS, mailTemplatePreviewInputSchema } from '@facet/contract/modules/mail/mail-template.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Flex, Form, Input, Menu, Row, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import { FormField, SchemaForm, showIssuesOnFields } from '../../ui/schema-form.tsx';
import { mailTemplateApi, mailTemplateKeys } from './mail-template.api.ts';

/** How long typing rests before the preview is asked for again. */
const PREVIEW_DELAY_MS = 400;

type TemplateFields = { subject: string; body: string };

/**
 * The template as typed, rendered by the server with sample values (what a customer would get: the
 * body cleaned, values escaped); a template it refuses (an unknown placeholder) shows why instead,
 * beside the last good preview. Not a query: a refusal here is part of editing, not a failed load.
 */
function usePreview(kind: MailTemplateKind, subject: string, body: string) {
  const [state, setState] = useState<{ mail?: RenderedMail; problem?: string }>({});
  useEffect(() => {
    let isCurrent = true;
    const timer = setTimeout(() => {
      mailTemplateApi.preview(kind, subject, body).then(
        (mail) => isCurrent && setState({ mail }),
        (error: unknown) => isCurrent && isWorthReporting(error) && setState((previous) => ({ mail: previous.mail, problem: failureMessage(error) })),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [kind, subject, body]);
  return state;
}

function Preview({ kind, subject, body }: { kind: MailTemplateKind } & TemplateFields) {
  const { mail, problem } = usePreview(kind, subject, body);
  const [view, setView] = useState<string>('E-mail');
  return (
    <Card size="small" title="Preview with sample values" extra={<Segmented size="small" options={['E-mail', 'Plain text']} value={view} onChange={setView} />}>
      {problem && <Alert type="warning" showIcon message={problem} style={{ marginBottom: 12 }} />}
      {!mail ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Paragraph>
            <Typography.Text type="secondary">Subject: </Typography.Text>
            <Typography.Text strong data-testid="preview-subject">
              {mail.subject}
            </Typography.Text>
          </Typography.Paragraph>
          {view === 'E-mail' ? (
            // No scripts, no same-origin: the preview cannot reach the app whatever the template holds.
            <iframe title="E-mail preview" sandbox="" srcDoc={mail.html} style={{ width: '100%', height: 380, border: '1px solid #f0f0f0', borderRadius: 6, background: '#fff' }} />
          ) : (
            <pre data-testid="preview-text" style={{ whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'inherit' }}>
              {mail.text}
            </pre>
          )}
        </>
      )}
    </Card>
  );
}

function Placeholders({ template }: { template: MailTemplateRecord }) {
  return (
    <Card size="small" title="Placeholders">
      <Typography.Paragraph type="secondary">
        Type a placeholder in the subject or the text; it is replaced when the e-mail is sent. A line whose placeholders are all empty is left out.
      </Typography.Paragraph>
      <Flex vertical gap={10} role="list" aria-label="Placeholders">
        {template.placeholders.map((placeholder) => (
          <div key={placeholder.name} role="listitem">
            <Typography.Text code copyable={{ text: `{{${placeholder.name}}}`, tooltips: ['Copy', 'Copied'] }}>{`{{${placeholder.name}}}`}</Typography.Text>
            <div>
              <Typography.Text type="secondary">{placeholder.description}</Typography.Text>
            </div>
          </div>
        ))}
      </Flex>
    </Card>
  );
}

/** One e-mail's template: Subject and text, Save and Reset to default, the placeholders beside, the preview below. */
function TemplateEditor({ template }: { template: MailTemplateRecord }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TemplateFields>();
  const subject = (Form.useWatch('subject', form) as string | undefined) ?? template.subject;
  const body = (Form.useWatch('body', form) as string | undefined) ?? template.body;

  const applySaved = ({ message: text, template: saved }: { message: string; template: MailTemplateRecord }) => {
    queryClient.setQueryData<{ items: MailTemplateRecord[] }>(mailTemplateKeys.all, (list) => list && { items: list.items.map((item) => (item.kind === saved.kind ? saved : item)) });
    void message.success(text);
  };
  const reportFailure = (error: unknown) => {
    if (!isWorthReporting(error)) return;
    const unplaced = isApiError(error) ? showIssuesOnFields(form, error.issues) : [];
    if (!isApiError(error) || error.issues.length === 0 || unplaced.length) void message.warning(unplaced[0]?.message ?? failureMessage(error));
  };
  const save = useMutation({
    mutationFn: (fields: TemplateFields) => mailTemplateApi.save(template.kind, { ...fields, version: template.version }),
    onSuccess: applySaved,
    onError: reportFailure,
  });
  const reset = useMutation({ mutationFn: () => mailTemplateApi.reset(template.kind), onSuccess: applySaved, onError: reportFailure });
  const confirmReset = () => {
    modal.confirm({
      title: 'Reset to default?',
      content: 'The built-in e-mail replaces your changes to this template.',
      okText: 'Reset',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => reset.mutateAsync().catch(() => undefined),
    });
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Flex vertical gap={16}>
          <Card
            title={template.label}
            extra={template.isCustomised ? <Tag color="blue">Customised</Tag> : <Tag>Default</Tag>}
          >
            <Typography.Paragraph type="secondary">Sent when: {template.sentWhen}</Typography.Paragraph>
            <SchemaForm
              schema={mailTemplatePreviewInputSchema}
              form={form}
              layout="vertical"
              aria-label={`${template.label} template`}
              initialValues={{ subject: template.subject, body: template.body }}
              onSubmit={(fields) => save.mutate(fields)}
            >
              <FormField name="subject" label="Subject" required>
                <Input />
              </FormField>
              <FormField name="body" label="Text" required>
                <RichTextEditor />
              </FormField>
              <Flex gap={8} wrap>
                <Button type="primary" htmlType="submit" loading={save.isPending} disabled={save.isPending || reset.isPending}>
                  Save
                </Button>
                <Button onClick={confirmReset} disabled={!template.isCustomised || save.isPending || reset.isPending}>
                  Reset to default
                </Button>
              </Flex>
            </SchemaForm>
          </Card>
          <Preview kind={template.kind} subject={subject} body={body} />
        </Flex>
      </Col>
      <Col xs={24} xl={8}>
        <Placeholders template={template} />
      </Col>
    </Row>
  );
}

/**
 * System > E-mail Templates (/system/editor: the spec names the route only). The e-mails the shop
 * sends its customers, each editable: subject and rich text with the placeholders it offers, a live
 * preview, Reset to default. The server cleans the text and refuses unknown placeholders.
 */
export default function MailTemplateEditorPage() {
  const [params, setParams] = useSearchParams();
  const templates = useQuery({ queryKey: mailTemplateKeys.all, queryFn: mailTemplateApi.list });
  const asked = params.get('mail');
  const kind: MailTemplateKind = MAIL_TEMPLATE_KINDS.find((each) => each === asked) ?? MAIL_TEMPLATE_KINDS[0];
  const template = templates.data?.items.find((item) => item.kind === kind);
  return (
    <>
      <PageHeader title="E-mail Templates" />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={7} xxl={5}>
          <Card size="small" title="Customer e-mails" styles={{ body: { padding: 4 } }}>
            {templates.isPending ? (
              <Skeleton active style={{ padding: 12 }} />
            ) : (
              <Menu
                aria-label="Customer e-mails"
                selectedKeys={[kind]}
                style={{ borderInlineEnd: 0 }}
                onClick={({ key }) => setParams({ mail: key }, { replace: true })}
                items={(templates.data?.items ?? []).map((item) => ({
                  key: item.kind,
                  label: (
                    <Flex justify="space-between" align="center" gap={8}>
                      <span>{item.label}</span>
                      {item.isCustomised && <Tag color="blue">Customised</Tag>}
                    </Flex>
                  ),
                }))}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={17} xxl={19}>
          {template && <TemplateEditor key={`${template.kind} ${template.version ?? 'default'}`} template={template} />}
        </Col>
      </Row>
    </>
  );
}
