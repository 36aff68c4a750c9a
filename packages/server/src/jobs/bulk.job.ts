import { bulkJobKind, bulkJobParamsSchema } from '@facet/contract/bulk';
import type { BulkJobParams, BulkResult } from '@facet/contract/bulk';
import { MESSAGES } from '@facet/contract/messages';
import type { PermissionRequirement } from '@facet/contract/permissions';
import { hasPermission } from '@facet/contract/permissions';
import type { BulkTarget } from '../http/bulk-actions.ts';
import type { Db } from '../db/client.ts';
import type { Actor } from '../http/context.ts';
import { AppError } from '../http/errors.ts';
import { defineJobKind } from './job-kind.ts';
import type { JobKind } from './job-kind.ts';

/**
 * The staff member a job acts as, read when it runs: a live, active user with their permission keys,
 * or null. The auth module gives it (app start passes it in, so jobs/ imports no module).
 */
export type StaffActorLookup = (db: Db, userId: number) => Promise<Actor | null>;

/**
 * A bulk action of one list as a job: first the selection is read (the ticked ids, or the ids the
 * list's filters select, walked by keyset with progress and a cancel check between batches, writing
 * nothing); then one transaction applies the change to the rows still live and matching, with each
 * row's own rules, audit rows and the run's success. Killed or cancelled before that transaction
 * commits, it changed nothing. The rules run for whoever started it as they are when it runs: their
 * permissions read again (a user's rules weigh them), and a starter who lost the list's permission
 * (or was disabled) since it was queued changes nothing.
 */
export function bulkJob(target: BulkTarget, info: { label: string; permission: PermissionRequirement }, staffActorOf: StaffActorLookup): JobKind {
  return defineJobKind<BulkJobParams>({
    kind: bulkJobKind(target.name),
    ...info,
    params: bulkJobParamsSchema,
    async run({ params, context, db, progress, succeed }) {
      if (!context.actor) throw new Error('a bulk action is started by a staff member');
      const actor = await staffActorOf(db, context.actor.id);
      if (!actor || !hasPermission(actor.permissions, info.permission)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
      const query = target.parseQuery(params.filters ?? {});
      let ids: number[];
      if (params.ids) {
        ids = params.ids;
        await progress(0, ids.length);
      } else {
        const total = await target.count(query);
        await progress(0, total);
        ids = [];
        for await (const batch of target.iterateIds(query)) {
          ids.push(...batch);
          await progress(ids.length, Math.max(ids.length, total));
        }
      }
      const change = params.action === 'status' ? { action: 'status' as const, status: target.parseStatus(params.status) } : { action: 'delete' as const };
      const action = change.action === 'status' ? `Set status to ${target.statusLabel(change.status)}` : 'Delete';
      await target.applyToMany(ids, change, query, { ...context, actor }, async (tx, outcome) => {
        const result: BulkResult = { action, selected: ids.length, ...outcome };
        await succeed(tx, { ...result });
      });
    },
  });
}
