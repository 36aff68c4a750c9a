import { MESSAGES } from '@facet/contract/messages';
import type { App } from 'antd';
import { failureMessage, isWorthReporting } from './feedback.ts';

/** The dialogs and toasts of the app (`App.useApp()`), which the confirmation shows itself in. */
type AppFeedback = Pick<ReturnType<typeof App.useApp>, 'modal' | 'message'>;

/**
 * The one delete confirmation of every screen (the spec's 'Delete record?', a red Delete, Cancel):
 * on Delete it calls `remove`, says 'Record deleted', then `afterDeleted` (a list refreshes); the
 * dialog stays busy until then. A refusal shows the server's message as a warning and keeps the row.
 */
export function showDeleteConfirm(
  { modal, message }: AppFeedback,
  {
    remove,
    afterDeleted,
    content = MESSAGES.deleteConfirmText,
    deletedMessage = MESSAGES.recordDeleted,
  }: { remove: () => Promise<unknown>; afterDeleted: () => unknown; content?: string; deletedMessage?: string },
) {
  modal.confirm({
    title: MESSAGES.deleteConfirmTitle,
    content,
    okText: 'Delete',
    okButtonProps: { danger: true },
    cancelText: 'Cancel',
    onOk: () =>
      remove().then(
        async () => {
          void message.success(deletedMessage);
          await afterDeleted();
        },
        (error: unknown) => {
          if (isWorthReporting(error)) void message.warning(failureMessage(error));
        },
      ),
  });
}
