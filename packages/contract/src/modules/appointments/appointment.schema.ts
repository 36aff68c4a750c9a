import { z } from 'zod';
import { recordId, recordMetaSchema, recordOf } from '../../api.ts';
import { choiceFilter, dateRangeFilter, idsFilter, statusFilter } from '../../list-query.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { requiredText } from '../../rules.ts';
import { namedStates } from '../../status.ts';
import { NAME_MAX, contactNumber } from '../customers/customer.rules.ts';
import { mediaUrl } from '../media/media.schema.ts';
import { userResource } from '../users/user.schema.ts';

/**
 * Services and appointments (document 3 §2.13, §3 Service, Appointment, Appointment report row, §5).
 * The spec gives them no permission key and no menu entry: they are gated on `sales` (appointments are
 * shoppers' bookings staff follow up, as they do inquiries) and listed in the Sales menu. Shoppers book
 * an active service at a date-time through the storefront API (scope `appointments:write`).
 */

export const SERVICE_TITLE_MAX = 255;
/** Not in the spec: a cap so one field cannot fill the request on its own. */
export const SERVICE_DESCRIPTION_MAX = 5000;
export const APPOINTMENT_REMARKS_MAX = 255;
/** The image size the form recommends (document 3 §5 Service). */
export const SERVICE_IMAGE_HINT = 'Recommended size 1920x782 (png, jpg, jpeg or svg; up to 2MB).';
export const SERVICE_IMAGE_PURPOSE = 'service-image';

/** Service type (document 3 §3: 1 In Store, 2 Virtual, 0 not selected, which is refused). */
export const SERVICE_TYPES = ['in_store', 'virtual'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = { in_store: 'In Store', virtual: 'Virtual' };

export const serviceInputSchema = z.object({
  title: requiredText(SERVICE_TITLE_MAX),
  serviceType: z.enum(SERVICE_TYPES, { error: MESSAGES.required }),
  description: requiredText(SERVICE_DESCRIPTION_MAX),
  image: mediaUrl(),
  /** A second picture of the service (the spec's altimage). */
  altImage: mediaUrl(),
  status: z.boolean().default(true),
});
export type ServiceInput = z.input<typeof serviceInputSchema>;

export const serviceRecordSchema = recordOf(serviceInputSchema);
export type ServiceRecord = z.infer<typeof serviceRecordSchema>;

export const serviceResource = defineResource({
  name: 'services',
  entity: 'service',
  label: 'Service',
  permission: 'sales',
  createInput: serviceInputSchema,
  record: serviceRecordSchema,
  searchable: ['title'],
  sortable: ['title', 'createdAt'],
  filters: { status: statusFilter(), serviceType: choiceFilter('Service Type', SERVICE_TYPE_LABELS) },
  defaultSort: { field: 'createdAt', order: 'desc' },
});

/** An active service as the storefront offers it for booking. */
export const storefrontServiceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  description: z.string(),
  image: z.string(),
  altImage: z.string(),
});

/** Appointment status (document 3 §4): a missing status is Pending. */
export const APPOINTMENT_STATUSES = ['pending', 'in_progress', 'successful', 'unsuccessful'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  successful: 'Successful',
  unsuccessful: 'Unsuccessful',
};
/** The edit form's choices besides Select (no choice, saved as Pending). */
export const APPOINTMENT_EDIT_STATUSES = ['in_progress', 'successful', 'unsuccessful'] as const;

/** What a shopper sends to book: an active service, a date-time, who they are. */
export const storefrontAppointmentSchema = z.object({
  serviceId: recordId(MESSAGES.unknownService),
  bookingDate: z.iso.datetime({ offset: true, error: MESSAGES.invalidDate }).describe('The slot booked, ISO 8601 with a zone; seconds are dropped.'),
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  email: requiredText(255).pipe(z.email(MESSAGES.invalidEmail)),
  contactNumber: contactNumber(),
});
export type StorefrontAppointmentInput = z.input<typeof storefrontAppointmentSchema>;

/** The edit form (document 3 §5 Appointment edit): status (empty is Pending), assignee, remarks (required, max 255). */
export const appointmentEditSchema = z.object({
  status: z
    .enum(APPOINTMENT_EDIT_STATUSES, { error: MESSAGES.chooseFromList('status') })
    .nullable()
    .default(null)
    .transform((status): AppointmentStatus => status ?? 'pending'),
  assigneeId: recordId(MESSAGES.unknownAssignee).nullable().default(null),
  remarks: requiredText(APPOINTMENT_REMARKS_MAX),
});
export type AppointmentEditInput = z.input<typeof appointmentEditSchema>;

export const appointmentRecordSchema = recordMetaSchema.extend({
  bookingDate: z.string(),
  serviceId: z.number().int(),
  /** The service's title and type (the list's Service and Type columns). */
  title: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  contactNumber: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  remarks: z.string(),
});
export type AppointmentRecord = z.infer<typeof appointmentRecordSchema>;

export const appointmentResource = defineResource({
  name: 'appointments',
  entity: 'appointment',
  label: 'Appointment',
  permission: 'sales',
  // Shoppers book through the storefront (storefrontAppointmentSchema); staff edit and delete.
  createInput: appointmentEditSchema,
  record: appointmentRecordSchema,
  searchable: ['firstName', 'lastName', 'email', 'contactNumber'],
  sortable: ['bookingDate', 'createdAt'],
  filters: {
    assigneeId: idsFilter('Assignee', { resource: userResource, labelField: 'name' }),
    status: choiceFilter('Status', APPOINTMENT_STATUS_LABELS),
    serviceType: choiceFilter('Service Type', SERVICE_TYPE_LABELS),
    bookingDate: dateRangeFilter('Booking Date'),
  },
  defaultSort: { field: 'bookingDate', order: 'desc' },
  // The status changes only on the edit form, where remarks are required: no change by itself (409).
  status: namedStates(APPOINTMENT_STATUS_LABELS, { transitions: {} }),
  operations: { create: false, update: true, delete: true },
});

/** A staff member appointments can be assigned to. */
export const assigneeSchema = z.object({ id: z.number().int(), name: z.string() });
export type Assignee = z.infer<typeof assigneeSchema>;

/** The report's periods (document 3 §7: filter_type week, month, year, custom with from and to). */
export const REPORT_PERIODS = ['week', 'month', 'year', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = { week: 'This Week', month: 'This Month', year: 'This Year', custom: 'Custom' };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = () => z.string().regex(ISO_DAY, MESSAGES.invalidDate).optional();

export const appointmentReportQuerySchema = z
  .object({
    period: z.enum(REPORT_PERIODS, { error: MESSAGES.chooseFromList('period') }).default('month'),
    from: day(),
    to: day(),
    assigneeId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
  })
  .superRefine((query, ctx) => {
    if (query.period !== 'custom') return;
    if (!query.from) ctx.addIssue({ code: 'custom', path: ['from'], message: MESSAGES.customRangeRequired });
    if (!query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.customRangeRequired });
    if (query.from && query.to && query.from > query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.filterRange('Booking Date') });
  });
export type AppointmentReportQuery = z.input<typeof appointmentReportQuerySchema>;

/** One row of the report (document 3 §3 Appointment report row): an assignee and their counts. */
export const appointmentReportRowSchema = z.object({
  assigneeId: z.number().int().nullable(),
  name: z.string(),
  inProgress: z.number().int(),
  successful: z.number().int(),
  unsuccessful: z.number().int(),
});
export type AppointmentReportRow = z.infer<typeof appointmentReportRowSchema>;

export const appointmentReportSchema = z.object({
  items: z.array(appointmentReportRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The booking dates counted, inclusive (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
});
export type AppointmentReport = z.infer<typeof appointmentReportSchema>;

/** The period's first and last day (UTC, weeks from Monday) for a given today. */
export function reportRange(period: ReportPeriod, today: Date, custom: { from?: string; to?: string } = {}): { from: string; to: string } {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  if (period === 'custom') return { from: custom.from ?? iso(today), to: custom.to ?? iso(today) };
  if (period === 'year') return { from: `${y}-01-01`, to: `${y}-12-31` };
  if (period === 'month') return { from: iso(new Date(Date.UTC(y, m, 1))), to: iso(new Date(Date.UTC(y, m + 1, 0))) };
  const weekday = (today.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(y, m, today.getUTCDate() - weekday));
  return { from: iso(monday), to: iso(new Date(monday.getTime() + 6 * 86_400_000)) };
}
