import { MESSAGES } from '@facet/contract/messages';
import type { ResourceDefinition } from '@facet/contract/resource';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useMemo } from 'react';
import { failureMessage, isWorthReporting } from './feedback.ts';
import type { RecordOf } from './resource-api.ts';
import { resourceApi, resourceKeys } from './resource-api.ts';

/** The list's in-place changes (status switch, delete), each confirmed first with the spec's texts. */
export function useRecordChanges<R extends ResourceDefinition>(resource: R) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();

  return useMemo(() => {
    const api = resourceApi(resource);
    const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource) });
    const reportFailure = (error: unknown) => {
      if (isWorthReporting(error)) void message.warning(failureMessage(error));
    };

    return {
      confirmStatusChange(record: RecordOf<R>) {
        const toActive = !record.status;
        modal.confirm({
          title: MESSAGES.statusConfirmTitle,
          content: MESSAGES.statusConfirmText(toActive),
          okText: 'Yes',
          cancelText: 'No',
          // The dialog stays busy until the list shows the new status.
          onOk: () =>
            api.setStatus(record.id, toActive, record.version).then(async () => {
              void message.success(MESSAGES.recordUpdated);
              await refresh();
            }, reportFailure),
        });
      },

      confirmDelete(record: RecordOf<R>, onDeleted?: () => void) {
        modal.confirm({
          title: MESSAGES.deleteConfirmTitle,
          content: MESSAGES.deleteConfirmText,
          okText: 'Delete',
          okButtonProps: { danger: true },
          cancelText: 'Cancel',
          onOk: () =>
            api.remove(record.id).then(async () => {
              void message.success(MESSAGES.recordDeleted);
              onDeleted?.();
              await refresh();
            }, reportFailure),
        });
      },
    };
  }, [resource, message, modal, queryClient]);
}
