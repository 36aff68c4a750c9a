import { DownOutlined } from '@ant-design/icons';
import type { BulkRequest } from '@facet/contract/bulk';
import { MESSAGES } from '@facet/contract/messages';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import type { ResourceDefinition } from '@facet/contract/resource';
import { statusLabelOf } from '@facet/contract/status';
import { useQueryClient } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { App, Button, Dropdown, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { apiRequest } from '../api/client.ts';
import { JobProgress } from '../modules/jobs/job-progress.tsx';
import { jobPaths } from '../modules/jobs/job.paths.ts';
import { isJobActive, useJob } from '../modules/jobs/use-job.ts';
import { canAccess, useSession } from '../session/session-context.ts';
import { failureMessage, isWorthReporting } from './feedback.ts';
import { resourceKeys } from './resource-api.ts';
import type { RowLabel } from './row-selection.ts';
import { defaultRowLabel, selectionNames } from './row-selection.ts';

/** The rows a bulk action applies to: those ticked on the page, or every row the list's filters select. */
type Selection = { kind: 'ids'; ids: number[] } | { kind: 'all' };
const NOTHING: Selection = { kind: 'ids', ids: [] };

const formatCount = (count: number) => count.toLocaleString('en-GB');

/**
 * The bulk actions of a list (a resource's `bulkActions`) for whoever holds the resource's permission:
 * a selection column, and a bar "N selected · Select all 12,408 matching · Set status · Delete ·
 * Export" whose actions are confirmed with the count and run as a job, followed in place and in the
 * Job Centre. The selection is dropped when the filters change: it was made of what they showed.
 * Each row's checkbox is named after its record ("Select 18ct Rose Gold"): `rowLabel`, else the
 * row's name or title.
 */
export function useBulkActions<R extends ResourceDefinition>(
  resource: R,
  filters: Record<string, string>,
  list: { pageIds: number[]; total: number; isTotalCapped: boolean },
  rowLabel: RowLabel<{ id: number }> = defaultRowLabel(resource.label),
) {
  const session = useSession();
  const actions = canAccess(session, resource.permission) ? (resource.bulkActions ?? []) : [];
  const filterKey = JSON.stringify(filters);
  const [held, setHeld] = useState<{ key: string; selection: Selection }>({ key: filterKey, selection: NOTHING });
  const selection = held.key === filterKey ? held.selection : NOTHING;
  const select = (next: Selection) => setHeld({ key: filterKey, selection: next });
  const [jobId, setJobId] = useState<number | null>(null);

  const rowSelection: TableProps<{ id: number }>['rowSelection'] | undefined = actions.length
    ? {
        selectedRowKeys: selection.kind === 'all' ? list.pageIds : selection.ids,
        onChange: (keys) => select({ kind: 'ids', ids: keys as number[] }),
        ...selectionNames(rowLabel),
      }
    : undefined;

  const bar = actions.length ? (
    <BulkActionBar resource={resource} filters={filters} list={list} selection={selection} onSelect={select} jobId={jobId} onStarted={setJobId} />
  ) : null;
  return { rowSelection, bar };
}

function BulkActionBar<R extends ResourceDefinition>(props: {
  resource: R;
  filters: Record<string, string>;
  list: { total: number; isTotalCapped: boolean };
  selection: Selection;
  onSelect: (selection: Selection) => void;
  jobId: number | null;
  onStarted: (jobId: number) => void;
}) {
  const { resource, filters, list, selection, onSelect, jobId, onStarted } = props;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { data: job } = useJob(jobId);
  const actions = resource.bulkActions ?? [];
  const records = resource.name.replaceAll('-', ' ');
  const matching = `${formatCount(list.total)}${list.isTotalCapped ? '+' : ''}`;
  const count = selection.kind === 'all' ? matching : formatCount(selection.ids.length);
  const isEmpty = selection.kind === 'ids' && selection.ids.length === 0;

  // The list shows what the job changed once it has ended.
  const hasEnded = job !== undefined && !isJobActive(job);
  useEffect(() => {
    if (hasEnded) void queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource) });
  }, [hasEnded, queryClient, resource]);

  function confirmAndStart(title: string, request: Omit<BulkRequest, 'filters' | 'ids'>, isDanger = false) {
    const target = selection.kind === 'all' ? { filters } : { ids: selection.kind === 'ids' ? selection.ids : [] };
    modal.confirm({
      title,
      okText: 'Yes',
      cancelText: 'No',
      okButtonProps: { danger: isDanger },
      onOk: () =>
        apiRequest<JobRecord>(`/api/${resource.name}/bulk`, { method: 'POST', body: { ...request, ...target } }).then(
          (started) => {
            void message.success(MESSAGES.jobStarted);
            onStarted(started.id);
            onSelect(NOTHING);
          },
          (error: unknown) => {
            if (isWorthReporting(error)) void message.warning(failureMessage(error));
          },
        ),
    });
  }

  const status = resource.status;
  const statusChoices = !status ? [] : status.kind === 'switch' ? [true, false] : [...status.states];

  return (
    <>
      {!isEmpty && (
        <Flex role="region" aria-label="Bulk actions" gap={12} align="center" wrap style={{ marginBottom: 12 }}>
          <Typography.Text strong>{selection.kind === 'all' ? `All ${matching} matching selected` : `${count} selected`}</Typography.Text>
          {selection.kind === 'ids' && (list.total > selection.ids.length || list.isTotalCapped) && (
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
                  confirmAndStart(MESSAGES.bulkStatusConfirm(count, records, statusLabelOf(status, value)), { action: 'status', status: value });
                },
              }}
            >
              <Button>
                Set status <DownOutlined />
              </Button>
            </Dropdown>
          )}
          {actions.includes('delete') && (
            <Button danger onClick={() => confirmAndStart(MESSAGES.bulkDeleteConfirm(count, records), { action: 'delete' }, true)}>
              Delete
            </Button>
          )}
          {actions.includes('export') && (
            // An export takes the list's filters (the server refuses ticked ids): offered once all matching are selected.
            <Button disabled={selection.kind !== 'all'} title={selection.kind === 'all' ? undefined : MESSAGES.bulkExportNeedsFilters} onClick={() => confirmAndStart(MESSAGES.bulkExportConfirm(count, records), { action: 'export' })}>
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
