import { z } from 'zod';
import { listQuerySchema, listResponseSchema } from '../../api.ts';
import type { PermissionKey } from '../../permissions.ts';

/** A job's life: queued -> running -> succeeded | failed | cancelled (a queued job can be cancelled too). */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The job kinds staff can start, with the permission of the area each belongs to. */
export const JOB_KINDS = {
  'shipping-rates.set-status': { label: 'Set status of all shipping rates', permission: 'system' },
} as const satisfies Record<string, { label: string; permission: PermissionKey }>;
export type JobKind = keyof typeof JOB_KINDS;

export const jobRecordSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  label: z.string(),
  /** Who started it: a user's name, or "system". */
  actorName: z.string(),
  status: z.enum(JOB_STATUSES),
  progressDone: z.number().int(),
  progressTotal: z.number().int().nullable(),
  params: z.record(z.string(), z.unknown()),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  cancelRequested: z.boolean(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobRecord = z.infer<typeof jobRecordSchema>;

export const jobListQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });
export const jobListResponseSchema = listResponseSchema(jobRecordSchema);

/** The demo kind's input: the status every live shipping rate gets. */
export const setShippingRateStatusSchema = z.object({ status: z.boolean() });
export type SetShippingRateStatusInput = z.infer<typeof setShippingRateStatusSchema>;

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** `POST /api/jobs`: which kind to start and its input. */
export const startJobSchema = z.discriminatedUnion('kind', [z.object({ kind: z.literal('shipping-rates.set-status'), params: setShippingRateStatusSchema })]);
export type StartJobInput = z.infer<typeof startJobSchema>;

/** Every permission some job kind declares: the job routes admit holders of any of them, the service then filters by kind. */
export const JOB_PERMISSIONS = [...new Set(Object.values(JOB_KINDS).map((k) => k.permission))] as PermissionKey[];
