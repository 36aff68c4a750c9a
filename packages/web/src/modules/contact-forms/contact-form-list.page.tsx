import type { ContactFormRecord, ContactResponseInput } from '@facet/contract/modules/contact-forms/contact-form.schema';
import { CONTACT_RESPONSE_MAX, CONTACT_SUBJECT_MAX, contactFormResource, contactResponseSchema } from '@facet/contract/modules/contact-forms/contact-form.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Divider, Form, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { apiRequest, isApiError } from '../../api/client.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { formatDateTime } from '../../ui/format.ts';
import { dateColumn } from '../../ui/list-columns.tsx';
import { resourceApi, resourceKeys } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { FormField, SchemaForm, showIssuesOnFields } from '../../ui/schema-form.tsx';
import { contactFormPaths } from './contact-form.paths.ts';

const api = resourceApi(contactFormResource);

/** A long text cut to its cell on one line, whole in its tooltip (the window shows it whole too). */
function Cut({ text, width }: { text: string; width: number }) {
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ display: 'block', maxWidth: width }}>
      {text}
    </Typography.Text>
  );
}

/**
 * Contact Us (document 3 §2.10): the storefront's contact messages, searchable, sorted on the server
 * (name, e-mail, phone, message, created date), paged, with a Replied filter and badge; View opens the
 * entry in a window with Send Response; delete ('Delete record?') and Export Excel.
 */
export default function ContactFormListPage() {
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <>
      <ResourceListPage
        resource={contactFormResource}
        paths={{ ...contactFormPaths, edit: contactFormPaths.list }}
        title="Contact Us"
        searchPlaceholder="Search name, email, phone or message"
        rowLabel={(row) => `${row.name} ${formatDateTime(row.createdAt)}`}
        columns={[
          { title: 'Name', dataIndex: 'name', key: 'name', render: (name: string) => <Cut text={name} width={130} /> },
          { title: 'Email', dataIndex: 'email', key: 'email', render: (email: string) => <Cut text={email} width={190} /> },
          { title: 'Phone', dataIndex: 'phone', key: 'phone', width: 120, render: (phone: string) => phone || '-' },
          { title: 'Message', dataIndex: 'message', key: 'message', render: (message: string) => <Cut text={message} width={200} /> },
          { ...dateColumn<ContactFormRecord>('Created Date', 'createdAt'), width: 120 },
          {
            title: 'Replied',
            key: 'replied',
            width: 100,
            render: (_: unknown, row: ContactFormRecord) => (row.respondedAt ? <Tag color="success">Replied</Tag> : <Tag>Not replied</Tag>),
          },
          {
            title: 'View',
            key: 'view',
            width: 70,
            render: (_: unknown, row: ContactFormRecord) => (
              <Button size="small" onClick={() => setOpenId(row.id)} aria-label={`View message from ${row.name}`}>
                View
              </Button>
            ),
          },
        ]}
      />
      {openId !== null && <ContactFormModal id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}

/** One entry: name, e-mail, phone (only when given) and message; the reply sent, or the Send Response form. */
function ContactFormModal({ id, onClose }: { id: number; onClose: () => void }) {
  const entry = useQuery({ queryKey: resourceKeys.detail(contactFormResource, id), queryFn: () => api.get(id) });
  const record = entry.data;
  return (
    <Modal open title="Contact Form" onCancel={onClose} width={720} footer={<Button onClick={onClose}>Close</Button>}>
      {record && (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'name', label: 'Name', children: record.name },
              { key: 'email', label: 'Email', children: <a href={`mailto:${record.email}`}>{record.email}</a> },
              ...(record.phone ? [{ key: 'phone', label: 'Phone', children: record.phone }] : []),
              { key: 'created', label: 'Created Date', children: formatDateTime(record.createdAt) },
              { key: 'message', label: 'Message', children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{record.message}</Typography.Text> },
            ]}
          />
          {record.respondedAt && (
            <>
              <Divider titlePlacement="start">Response sent</Divider>
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'at', label: 'Sent', children: `${formatDateTime(record.respondedAt)}${record.respondedBy ? ` by ${record.respondedBy}` : ''}` },
                  { key: 'subject', label: 'Subject', children: record.responseSubject },
                  { key: 'response', label: 'Response', children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{record.response}</Typography.Text> },
                ]}
              />
            </>
          )}
          <Divider titlePlacement="start">{record.respondedAt ? 'Send another response' : 'Send Response'}</Divider>
          <ResponseForm record={record} />
        </>
      )}
    </Modal>
  );
}

/** Send Response: a subject and the reply, e-mailed to the address the shopper gave and kept with the entry. */
function ResponseForm({ record }: { record: ContactFormRecord }) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (input: ContactResponseInput) =>
      apiRequest<{ message: string; entry: ContactFormRecord }>(`/api/contact-forms/${record.id}/response`, { method: 'POST', body: input }),
    onSuccess: (answer) => {
      void message.success(answer.message);
      form.resetFields(['response']);
      queryClient.setQueryData(resourceKeys.detail(contactFormResource, record.id), answer.entry);
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(contactFormResource) });
    },
    onError: (error) => {
      if (!isWorthReporting(error)) return;
      const unplaced = isApiError(error) ? showIssuesOnFields(form, error.issues) : [error];
      if (unplaced.length) void message.warning(failureMessage(error));
    },
  });
  return (
    <SchemaForm name="contact-response" schema={contactResponseSchema} form={form} onSubmit={(input) => send.mutate(input)} initialValues={{ subject: 'Re: Your message', response: '' }} layout="vertical">
      <Typography.Paragraph type="secondary">
        To: {record.name} &lt;{record.email}&gt;
      </Typography.Paragraph>
      <FormField name="subject" label="Subject" required>
        <Input maxLength={CONTACT_SUBJECT_MAX} />
      </FormField>
      <FormField name="response" label="Response" required>
        <Input.TextArea rows={5} maxLength={CONTACT_RESPONSE_MAX} />
      </FormField>
      <Button type="primary" htmlType="submit" loading={send.isPending} disabled={send.isPending}>
        Send Response
      </Button>
    </SchemaForm>
  );
}

