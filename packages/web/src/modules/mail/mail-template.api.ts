import type { MailTemplateInput, MailTemplateKind, MailTemplateRecord, RenderedMail } from '@facet/contract/modules/mail/mail-template.schema';
import { apiRequest } from '../../api/client.ts';

export const mailTemplateKeys = { all: ['mail-templates'] as const };

type Saved = { message: string; template: MailTemplateRecord };

export const mailTemplateApi = {
  list: () => apiRequest<{ items: MailTemplateRecord[] }>('/api/mail-templates'),
  save: (kind: MailTemplateKind, input: MailTemplateInput) => apiRequest<Saved>(`/api/mail-templates/${kind}`, { method: 'PUT', body: input }),
  reset: (kind: MailTemplateKind) => apiRequest<Saved>(`/api/mail-templates/${kind}/reset`, { method: 'POST' }),
  preview: (kind: MailTemplateKind, subject: string, body: string) => apiRequest<RenderedMail>(`/api/mail-templates/${kind}/preview`, { method: 'POST', body: { subject, body } }),
};
