import { bulkJobKind, bulkJobParamsSchema } from '@facet/contract/bulk';
import type { BulkJobParams, BulkResult } from '@facet/contract/bulk';
import type { PermissionRequirement } from '@facet/contract/permissions';
import type { BulkTarget } from '../http/bulk-actions.ts';
import { defineJobKind } from './job-kind.ts';
import type { JobKind } from './job-kind.ts';

/**
 * A bulk action of one list as a job: first the selection is read (the ticked ids, or the ids the
 * list's filters select, walked by keyset with progress and a cancel check between batches, writing
 * nothing); then one transaction applies the change to the rows still live and matching, with each
 * row's own rules, audit rows and the run's success. Killed or cancelled before that transaction
 * commits, it changed nothing.
 */
export function bulkJob(target: BulkTarget, info: { label: string; permission: PermissionRequirement }): JobKind {
  return defineJobKind<BulkJobParams>({
    kind: bulkJobKind(target.name),
    ...info,
    params: bulkJobParamsSchema,
    async run({ params, context, progress, succeed }) {
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
      // Started by a staff member, whose permission the route checked; the rows meet the rules a single write meets.
      if (!context.actor) throw new Error('a bulk action is started by a staff member');
      const actor = { ...context.actor, email: '', permissions: [] };
      const action = change.action === 'status' ? `Set status to ${target.statusLabel(change.status)}` : 'Delete';
      await target.applyToMany(ids, change, query, { ...context, actor }, async (tx, outcome) => {
        const result: BulkResult = { action, selected: ids.length, ...outcome };
        await succeed(tx, { ...result });
      });
    },
  });
}
