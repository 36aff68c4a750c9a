import { RUN_STEP_STATES } from '@facet/contract/modules/diamonds/diamond.schema';
import type { FeedRunRecord, RunStepState } from '@facet/contract/modules/diamonds/diamond.schema';
import { Tag } from 'antd';

const STEP_COLOURS: Record<RunStepState, string> = { pending: 'default', running: 'processing', done: 'success', failed: 'error' };

/** One step of a run (download, insert into database): Pending, Running, Done or Failed. */
export function RunStepTag({ state }: { state: RunStepState }) {
  return <Tag color={STEP_COLOURS[state]}>{RUN_STEP_STATES[state]}</Tag>;
}

/** How a run ended: running (no end time, document 3 §4), failed with an error, or succeeded. */
export function RunOutcomeTag({ run }: { run: Pick<FeedRunRecord, 'isRunning' | 'errorMessage' | 'download' | 'insertInDatabase' | 'endTime'> }) {
  if (run.isRunning) return <Tag color="processing">Running</Tag>;
  if (run.download === 'failed' || run.insertInDatabase === 'failed' || (run.endTime === null && run.errorMessage)) return <Tag color="error">Failed</Tag>;
  return <Tag color="success">Finished</Tag>;
}
