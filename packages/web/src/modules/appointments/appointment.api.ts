import type { AppointmentReport, Assignee, ReportPeriod } from '@facet/contract/modules/appointments/appointment.schema';
import { apiRequest } from '../../api/client.ts';

/** The report's query as the page sends it. */
export interface ReportQuery {
  period: ReportPeriod;
  from?: string;
  to?: string;
  assigneeId?: number;
  page: number;
  pageSize: number;
}

export const appointmentKeys = {
  assignees: ['appointments', 'assignees'] as const,
  report: (query: ReportQuery) => ['appointments', 'report', query] as const,
};

export const appointmentApi = {
  assignees: () => apiRequest<{ items: Assignee[] }>('/api/appointments/assignees').then((answer) => answer.items),
  report: (query: ReportQuery) => apiRequest<AppointmentReport>('/api/appointments/report', { query: { ...query } }),
};
