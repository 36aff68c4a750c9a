import { DownOutlined } from '@ant-design/icons';
import type { BulkList, BulkRequest } from '@facet/contract/bulk';
import { MESSAGES } from '@facet/contract/messages';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import type { BulkAction } from '@facet/contract/resource';
import { statusLabelOf } from '@facet/contract/status';
import { useQueryClient } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { App, Button, Dropdown, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiRequest } from '../api/client.ts';
import { JobProgress } from '../modules/jobs/job-progress.tsx';
import { jobPaths } from '../modules/jobs/job.paths.ts';
import { useJobOutcome } from '../modules/jobs/use-job-outcome.ts';
import { canAccess, useSession } from '../session/session-context.ts';
import { failureMessage, isWorthReporting } from './feedback.ts';
import type { RowLabel } from './row-selection.ts';
import { defaultRowLabel, selectionNames } from './row-selection.ts';

/** The rows a bulk action applies to: those ticked on the page, or every row the list's filters select. */
type Selection = { kind: 'ids'; ids: number[] } | { kind: 'all' };
const NOTHING: Selection = { kind: 'ids', ids: [] };

const formatCount = (count: number) => count.toLocaleString('en-GB');

/** A bulk action to confirm and start: the dialog's words, and what it does to which rows. */
export interface BulkConfirmation {
  title: string;
  content?: string;
  okText?: string;
  cancelText?: string;
  isDanger?: boolean;
  request: Omit<BulkRequest, 'filters' | 'ids'>;
  /** The selection (the default), or every row of the list whatever its filters show (the product list's Delete All). */
  scope?: 'selection' | 'everything';
}

export interface BulkActionsOptions {
  /**
   * The actions the bar offers; all the list's by default. A list whose spec gives a button of its
   * own for one (the product list's Delete Selected and Delete All) leaves it out of the bar and
   * calls `confirm`.
   */
  barActions?: readonly BulkAction[];
}

/**
 * The bulk actions of a list (a resource's `bulkActions`, or a hand-written list's declaration) for
 * whoever holds its permission: a selection column, and a bar "N selected · Select all 12,408
 * matching · Set status · Delete · Export" whose actions are confirmed with the count and run as a
 * job, followed in place (the spec's toast when it has done its work) and in the Job Centre; the
 * list is read again when the job ends. Ticked rows are dropped when the page or the filters
 * change, "all matching" when the filters do: a selection is made of what staff saw. Each row's
 * checkbox is named after its record ("Select 18ct Rose Gold"): `rowLabel`, else the row's name or
 * title.
 */
export function useBulkActions<T extends { id: number }>(
  list: BulkList,
  filters: Record<string, string>,
  shown: { pageIds: number[]; total: number; isTotalCapped: boolean },
  rowLabel: RowLabel<T> = defaultRowLabel<T>(list.label),
  options: BulkActionsOptions = {},
) {
  const session = useSession();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const actions = canAccess(session, list.permission) ? (list.bulkActions ?? []) : [];
  // Ticked rows are those on screen: another page, or other filters, start afresh, so an action never
  // reaches a row staff can no longer see. "All matching" holds while the filters do.
  const filterKey = JSON.stringify(filters);
  const pageKey = shown.pageIds.join(',');
  const [held, setHeld] = useState<{ filterKey: string; pageKey: string; selection: Selection }>({ filterKey, pageKey, selection: NOTHING });
  const isHeld = held.filterKey === filterKey && (held.selection.kind === 'all' || held.pageKey === pageKey);
  const selection = isHeld ? held.selection : NOTHING;
  const select = (next: Selection) => setHeld({ filterKey, pageKey, selection: next });
  const [started, setStarted] = useState<{ jobId: number; action: BulkAction } | null>(null);

  // The list shows what the job changed once it has ended; a change (not an export) says so as a single change does.
  useJobOutcome(started?.jobId ?? null, (job) => {
    void queryClient.invalidateQueries({ queryKey: [list.name] });
    if (job.status !== 'succeeded' || started?.action === 'export') return;
    void message.success(started?.action === 'delete' ? MESSAGES.recordDeleted : MESSAGES.recordUpdated);
  });

  const matching = `${formatCount(shown.total)}${shown.isTotalCapped ? '+' : ''}`;
  const count = selection.kind === 'all' ? matching : formatCount(selection.ids.length);
  const isEmpty = selection.kind === 'ids' && selection.ids.length === 0;
  // Every matching row ticked (they fit on one page) is what the filters select: an export can take them.
  const isAllMatching = selection.kind === 'all' || (!isEmpty && selection.ids.length === shown.total && !shown.isTotalCapped);

  function confirm({ title, content, okText = 'Yes', cancelText = 'No', isDanger = false, request, scope = 'selection' }: BulkConfirmation) {
    const byFilters = selection.kind === 'all' || (request.action === 'export' && isAllMatching);
    const target = scope === 'everything' ? { filters: {} } : byFilters ? { filters } : { ids: selection.kind === 'ids' ? selection.ids : [] };
    modal.confirm({
      title,
      content,
      okText,
      cancelText,
      okButtonProps: { danger: isDanger },
      onOk: () =>
        apiRequest<JobRecord>(`/api/${list.name}/bulk`, { method: 'POST', body: { ...request, ...target } }).then(
          (job) => {
            void message.success(MESSAGES.jobStarted);
            setStarted({ jobId: job.id, action: request.action });
            select(NOTHING);
          },
          (error: unknown) => {
            if (isWorthReporting(error)) void message.warning(failureMessage(error));
          },
        ),
    });
  }

  const rowSelection: TableProps<T>['rowSelection'] | undefined = actions.length
    ? {
        selectedRowKeys: selection.kind === 'all' ? shown.pageIds : selection.ids,
        onChange: (keys) => select({ kind: 'ids', ids: keys as number[] }),
        ...selectionNames<T>(rowLabel),
      }
    : undefined;

  const barActions = actions.filter((action) => (options.barActions ?? actions).includes(action));
  const bar = actions.length ? (
    <BulkActionBar
      list={list}
      actions={barActions}
      shown={shown}
      matching={matching}
      count={count}
      selection={isEmpty ? null : selection}
      isAllMatching={isAllMatching}
      onSelect={select}
      jobId={started?.jobId ?? null}
      confirm={confirm}
    />
  ) : null;
  return { rowSelection, bar, isSelectionEmpty: isEmpty, selectedCount: count, confirm };
}

function BulkActionBar(props: {
  list: BulkList;
  actions: readonly BulkAction[];
  shown: { total: number; isTotalCapped: boolean };
  matching: string;
  count: string;
  /** Null when nothing is selected: the bar is hidden. */
  selection: Selection | null;
  isAllMatching: boolean;
  onSelect: (selection: Selection) => void;
  jobId: number | null;
  confirm: (confirmation: BulkConfirmation) => void;
}) {
  const { list, actions, shown, matching, count, selection, isAllMatching, onSelect, jobId, confirm } = props;
  const records = list.name.replaceAll('-', ' ');
  const status = list.status;
  const statusChoices = !status ? [] : status.kind === 'switch' ? [true, false] : [...status.states];

  return (
    <>
      {selection && (
        <Flex role="region" aria-label="Bulk actions" gap={12} align="center" wrap style={{ marginBottom: 12 }}>
          <Typography.Text strong>{selection.kind === 'all' ? `All ${matching} matching selected` : `${count} selected`}</Typography.Text>
          {selection.kind === 'ids' && (shown.total > selection.ids.length || shown.isTotalCapped) && (
            <Button type="link" onClick={() => onSelect({ kind: 'all' })}>
              Select all {matching} matching
            </Button>
          )}
          {actions.includes('status') && status && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: statusChoices.map((value) => ({ key: String(value), label: statusLabelOf(status, value) })),
                onClick: ({ key }) => {
                  const value = statusChoices.find((choice) => String(choice) === key)!;
                  confirm({ title: MESSAGES.bulkStatusConfirm(count, records, statusLabelOf(status, value)), request: { action: 'status', status: value } });
                },
              }}
            >
              <Button>
                Set status <DownOutlined />
              </Button>
            </Dropdown>
          )}
          {actions.includes('delete') && (
            <Button danger onClick={() => confirm({ title: MESSAGES.bulkDeleteConfirm(count, records), request: { action: 'delete' }, isDanger: true })}>
              Delete
            </Button>
          )}
          {actions.includes('export') && (
            // An export takes the list's filters (the server refuses ticked ids): offered once every matching row is selected.
            <Button
              disabled={!isAllMatching}
              title={isAllMatching ? undefined : MESSAGES.bulkExportNeedsFilters}
              onClick={() => confirm({ title: MESSAGES.bulkExportConfirm(count, records), request: { action: 'export' } })}
            >
              Export
            </Button>
          )}
          <Button type="link" onClick={() => onSelect(NOTHING)}>
            Clear selection
          </Button>
        </Flex>
      )}
      {jobId !== null && (
        <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
          <JobProgress id={jobId} />
          <Link to={jobPaths.list}>Open the Job Centre</Link>
        </Flex>
      )}
    </>
  );
}
