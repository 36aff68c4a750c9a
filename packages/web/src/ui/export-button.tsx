import { FileExcelOutlined } from '@ant-design/icons';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { App, Button } from 'antd';
import { useState } from 'react';
import { JobProgress } from '../modules/jobs/job-progress.tsx';
import { failureMessage } from './feedback.ts';

/** A list's query without its page: an export holds every page. */
export function withoutPaging(params: Record<string, string>) {
  const { page: _page, pageSize: _pageSize, ...rest } = params;
  return rest;
}

/**
 * Export Excel with the list's filters; busy while the file is prepared (DESIGN §5: long work shows
 * progress). A big export becomes a job: its progress shows beside the button, then its Download link.
 */
export function ExportButton({ onExport }: { onExport: () => Promise<JobRecord | undefined> }) {
  const { message } = App.useApp();
  const [isExporting, setExporting] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const exportFile = async () => {
    setExporting(true);
    try {
      const job = await onExport();
      setJobId(job?.id ?? null);
    } catch (error) {
      void message.warning(failureMessage(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      {jobId !== null && <JobProgress id={jobId} />}
      <Button icon={<FileExcelOutlined />} loading={isExporting} onClick={() => void exportFile()}>
        Export Excel
      </Button>
    </>
  );
}
