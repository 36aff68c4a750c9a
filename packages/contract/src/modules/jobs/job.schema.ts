import { z } from 'zod';
import { listQuerySchema, listResponseSchema } from '../../api.ts';
import type { PermissionRequirement } from '../../permissions.ts';
import type { BulkList } from '../../bulk.ts';
import { bulkJobKind, changesRows } from '../../bulk.ts';
import { categoryResource } from '../categories/category.schema.ts';
import { contentPageResource } from '../content-pages/content-page.schema.ts';
import { couponResource } from '../coupons/coupon.schema.ts';
import { catalogPriceRuleResource } from '../catalog-price-rules/catalog-price-rule.schema.ts';
import { diamondMarkupResource } from '../diamond-markups/diamond-markup.schema.ts';
import { diamondShapeResource } from '../diamond-shapes/diamond-shape.schema.ts';
import { diamondBulkList } from '../diamonds/diamond.schema.ts';
import { metalQualityResource } from '../metal-qualities/metal-quality.schema.ts';
import { productSizeResource } from '../product-sizes/product-size.schema.ts';
import { productBulkList } from '../products/product.schema.ts';
import { shippingRateResource } from '../shipping-rates/shipping-rate.schema.ts';
import { userResource } from '../users/user.schema.ts';
import { customerResource } from '../customers/customer.schema.ts';
import { newsletterResource } from '../newsletters/newsletter.schema.ts';
import { subscriberResource } from '../newsletters/subscriber.schema.ts';
import { orderResource } from '../orders/order.schema.ts';
import { contactFormResource } from '../contact-forms/contact-form.schema.ts';
import { searchTermResource } from '../reports/report.schema.ts';

/** A job's life: queued -> running -> succeeded | failed | cancelled (a queued job can be cancelled too). */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The lists with an Export Excel button. An export of more than `EXPORT_JOB_THRESHOLD` rows runs as a
 * job of the list's own kind (`export.<resource>`), in the list's area: whoever may see the list sees
 * the job and downloads its file. The server refuses to start when a resource with an export is
 * missing here.
 */
const EXPORTED_RESOURCES: readonly { name: string; label: string; permission: PermissionRequirement }[] = [
  userResource,
  productSizeResource,
  customerResource,
  orderResource,
  couponResource,
  catalogPriceRuleResource,
  contactFormResource,
  searchTermResource,
  newsletterResource,
  subscriberResource,
  // The product list is hand-written (an aggregate): its export writes the import's own sheet.
  productBulkList,
  // The stones list is hand-written (answered from its read-side index); exported through its bulk action.
  diamondBulkList,
];

/** An export of more rows than this runs as a job and gives a download link (issue 9 §4). */
export const EXPORT_JOB_THRESHOLD = 50_000;
/** How long the file of an export job stays downloadable. */
export const EXPORT_RETENTION_HOURS = 24;

export const exportJobKind = (resourceName: string) => `export.${resourceName}` as const;

type JobKindInfo = { label: string; permission: PermissionRequirement };

/**
 * The export job kinds, with the permission of the list each exports. The other job kinds are
 * declared by the server modules that run them (their manifests' `jobKinds`), with their labels and
 * areas: the Job Centre's records carry the label.
 */
export const EXPORT_JOB_KINDS: Partial<Record<`export.${string}`, JobKindInfo>> = Object.fromEntries(
  EXPORTED_RESOURCES.map((resource) => [exportJobKind(resource.name), { label: `Excel export of ${resource.label.toLowerCase()}s`, permission: resource.permission }]),
);

/**
 * The lists whose bulk actions change rows (a resource's `bulkActions`, or a hand-written list's):
 * a status change or a delete of many rows runs as a job of the list's kind (`bulk.<list>`), in the
 * list's area. The server refuses to start when such a list is missing here. (A list whose one bulk
 * action is an export runs its export job: EXPORTED_RESOURCES.)
 */
const BULK_RESOURCES: readonly BulkList[] = [
  shippingRateResource,
  metalQualityResource,
  productSizeResource,
  productBulkList,
  customerResource,
  categoryResource,
  contentPageResource,
  diamondShapeResource,
  diamondMarkupResource,
  userResource,
];

/** The bulk job kinds, with the permission of the list each changes. */
export const BULK_JOB_KINDS: Partial<Record<`bulk.${string}`, JobKindInfo>> = Object.fromEntries(
  BULK_RESOURCES.filter(changesRows).map((list) => [bulkJobKind(list.name), { label: `Bulk change of ${list.name.replaceAll('-', ' ')}`, permission: list.permission }]),
);

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

/** An export job's input: the list's query as the request sent it, read again by the list's own query schema. */
export const exportJobParamsSchema = z.object({ query: z.record(z.string(), z.union([z.string(), z.array(z.string())])) });
export type ExportJobParams = z.infer<typeof exportJobParamsSchema>;

/** What a job that produced a file records: `GET /api/jobs/:id/download` streams it until `expiresAt`. */
export const jobDownloadSchema = z.object({ fileName: z.string(), rows: z.number().int(), expiresAt: z.string() });
export type JobDownload = z.infer<typeof jobDownloadSchema>;

/** The file a finished job offers, if any. */
export function downloadOf(job: Pick<JobRecord, 'status' | 'result'>): JobDownload | null {
  if (job.status !== 'succeeded') return null;
  const parsed = jobDownloadSchema.safeParse(job.result?.download);
  return parsed.success ? parsed.data : null;
}

export const jobDownloadPath = (id: number) => `/api/jobs/${id}/download`;

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

