import type { Db } from './client.ts';
import type { RequestContext } from '../http/context.ts';
import { auditLog } from './audit.table.ts';

const SECRET_KEY = /password|token|secret|hash|cookie/i;
const MASK = '***';

/** Replaces secret values anywhere in a record with a mask, so the log never holds them. */
function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? (inner ? MASK : inner) : maskSecrets(inner)]),
    );
  }
  return value;
}

/** Keeps only the fields that changed, so an update's row shows what it did. */
function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changedBefore[key] = before[key];
      changedAfter[key] = after[key];
    }
  }
  return { before: changedBefore, after: changedAfter };
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

type AuditActor = Pick<RequestContext, 'ip' | 'requestId'> & { actor: { id: number; name: string } | null };

/** The audit row of one entry: secrets masked, an update reduced to the fields that changed. */
function auditRowOf(context: AuditActor, entry: AuditEntry) {
  let before = entry.before ? (maskSecrets(entry.before) as Record<string, unknown>) : null;
  let after = entry.after ? (maskSecrets(entry.after) as Record<string, unknown>) : null;
  if (before && after) ({ before, after } = diff(before, after));
  return {
    actorId: context.actor?.id ?? null,
    actorName: context.actor?.name ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before,
    after,
    ip: context.ip,
    requestId: context.requestId,
  };
}

/** Appends one audit row; call it with the transaction that made the change. */
export async function writeAudit(db: Db, context: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditRowOf(context, entry));
}

/** Audit rows one insert carries: nine parameters each, well inside PostgreSQL's 65,535 a statement. */
const AUDIT_ROWS_A_STATEMENT = 1000;

/** Appends the audit rows of many records changed at once (a bulk action), a thousand a statement. */
export async function writeAudits(db: Db, context: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += AUDIT_ROWS_A_STATEMENT) {
    await db.insert(auditLog).values(entries.slice(start, start + AUDIT_ROWS_A_STATEMENT).map((entry) => auditRowOf(context, entry)));
  }
}
