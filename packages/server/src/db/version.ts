import { SHOP_TIME_ZONE, formatDateTime } from '@facet/contract/format';
import { MESSAGES } from '@facet/contract/messages';
import { and, desc, eq } from 'drizzle-orm';
import { conflict } from '../http/errors.ts';
import { auditLog } from './audit.table.ts';
import type { Db } from './client.ts';


/**
 * The optimistic lock (DESIGN §3): a write based on another version than the row's is refused with a
 * 409 naming who saved first and when. Call it with the row locked (`for update`) in the write's
 * transaction, so two saves of one version cannot both pass. Reads the row's `id`, `version`,
 * `updatedBy` and `updatedAt` (standardColumns).
 */
export async function assertVersion(tx: Db, entity: string, existing: Readonly<Record<string, unknown>>, version: number) {
  if (existing.version === version) return;
  // The editor's name as the audit row of their write recorded it: db/ reads no module's table,
  // and the name is the one they had when they made the change.
  const [editor] = existing.updatedBy
    ? await tx
        .select({ name: auditLog.actorName })
        .from(auditLog)
        .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(existing.id)), eq(auditLog.actorId, existing.updatedBy as number)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    : [];
  const at = formatDateTime(existing.updatedAt as Date, SHOP_TIME_ZONE);
  throw conflict(MESSAGES.staleVersion(editor?.name ?? 'another user', at));
}
