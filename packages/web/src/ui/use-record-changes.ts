import { MESSAGES } from '@facet/contract/messages';
import type { ResourceDefinition } from '@facet/contract/resource';
import type { StatusDefinition, StatusValue } from '@facet/contract/status';
import { activeSwitch, statusLabelOf } from '@facet/contract/status';
import type { QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useMemo } from 'react';
import { failureMessage, isWorthReporting } from './feedback.ts';
import type { ListItemOf } from './resource-api.ts';
import { resourceApi, resourceKeys } from './resource-api.ts';
import { showDeleteConfirm } from './confirm-delete.ts';

/** A row the list can switch and delete: its id, the version it was read at and its status. */
export interface ChangeableRow<V = boolean> {
  id: number;
  version: number;
  status?: V;
}

/** The calls behind a list's in-place changes. */
export interface RowChangeApi<V = boolean> {
  setStatus: (id: number, status: V, version: number) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}

/**
 * A list's in-place changes (status switch or state change, delete), each confirmed first with the
 * spec's texts; `queryKey` is what to refresh afterwards. A hand-written list (products) passes its
 * own calls. Pass a stable `api`, `queryKey` and `status` (module constants or memoised), or the
 * handlers are rebuilt each render.
 */
export function useRowChanges<T extends ChangeableRow<StatusValue<D>>, D extends StatusDefinition | null = typeof activeSwitch>(
  api: RowChangeApi<StatusValue<D>>,
  queryKey: QueryKey,
  status: D = activeSwitch as D,
  deletedMessage?: string,
) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();

  return useMemo(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey });
    const reportFailure = (error: unknown) => {
      if (isWorthReporting(error)) void message.warning(failureMessage(error));
    };

    return {
      /** The switch flips; a record with named states goes to the state `to`. */
      confirmStatusChange(record: T, to?: StatusValue<D>) {
        if (!status) return;
        const target = (status.kind === 'switch' ? !record.status : to) as StatusValue<D>;
        modal.confirm({
          title: MESSAGES.statusConfirmTitle,
          content: status.kind === 'switch' ? MESSAGES.statusConfirmText(Boolean(target)) : MESSAGES.stateConfirmText(statusLabelOf(status, target)),
          okText: 'Yes',
          cancelText: 'No',
          // The dialog stays busy until the list shows the new status.
          onOk: () =>
            api.setStatus(record.id, target, record.version).then(async () => {
              void message.success(MESSAGES.recordUpdated);
              await refresh();
            }, reportFailure),
        });
      },

      confirmDelete(record: T, onDeleted?: () => void) {
        showDeleteConfirm(
          { modal, message },
          {
            remove: () => api.remove(record.id),
            deletedMessage,
            afterDeleted: () => {
              onDeleted?.();
              return refresh();
            },
          },
        );
      },
    };
  }, [api, queryKey, status, deletedMessage, message, modal, queryClient]);
}

/** The in-place changes of a flat resource's list, through its REST calls. */
export function useRecordChanges<R extends ResourceDefinition>(resource: R) {
  const api = useMemo(() => resourceApi(resource), [resource]);
  const queryKey = useMemo(() => resourceKeys.all(resource), [resource]);
  return useRowChanges<ListItemOf<R>, R['status']>(api, queryKey, resource.status, resource.toasts?.deleted);
}
