import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import type { ImportCheckResponse } from '@facet/contract/modules/product-import/product-import.schema';
import { IMPORT_EXAMPLE_FILE_NAME, IMPORT_EXAMPLE_PATH, IMPORT_FILE_ACCEPT, importErrorsPath } from '@facet/contract/modules/product-import/product-import.schema';
import { Alert, App, Button, Card, Descriptions, Flex, List, Modal, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest, downloadFile, uploadWithProgress } from '../../api/client.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { JobProgress } from '../jobs/job-progress.tsx';
import { useJob } from '../jobs/use-job.ts';
import { productPaths } from '../products/product.paths.ts';

const ACCEPTED = IMPORT_FILE_ACCEPT.split(',');

/**
 * Import Excel (document 2 §2, §4): choose an .xlsx or .xls, Check Data (a dry run: what would be
 * created, updated or left as it is, the line errors, the SKUs without images), then Apply, which
 * runs as one job whose progress shows here and in the Job Centre.
 */
export default function ProductImportPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<ImportCheckResponse | null>(null);
  const [isImagesOpen, setImagesOpen] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const [applying, setApplying] = useState(false);
  const { data: job } = useJob(jobId);

  function choose(chosen: File | undefined) {
    setResult(null);
    setJobId(null);
    setFile(chosen ?? null);
    if (!chosen) return setFileError(MESSAGES.required);
    const extension = chosen.name.slice(chosen.name.lastIndexOf('.')).toLowerCase();
    setFileError(ACCEPTED.includes(extension) ? null : MESSAGES.fileFormatNotSupported);
  }

  async function check() {
    if (!file) return setFileError(MESSAGES.required);
    if (fileError) return;
    setChecking(true);
    setResult(null);
    setJobId(null);
    try {
      const body = new FormData();
      body.append('file', file);
      const checked = await uploadWithProgress<ImportCheckResponse>('/api/products/import/check', { body });
      setResult(checked);
      if (checked.lineErrorCount === 0 && checked.skusWithoutImages.length) setImagesOpen(true);
    } catch (error) {
      if (isWorthReporting(error)) setFileError(failureMessage(error));
    } finally {
      setChecking(false);
    }
  }

  async function apply() {
    if (!result) return;
    setApplying(true);
    try {
      const started = await apiRequest<{ jobId: number }>('/api/products/import/apply', { method: 'POST', body: { token: result.token } });
      setJobId(started.jobId);
      void message.info(MESSAGES.importStarted);
    } catch (error) {
      if (isWorthReporting(error)) void message.warning(failureMessage(error));
    } finally {
      setApplying(false);
    }
  }

  const download = (path: string, name: string) => void downloadFile(path, {}, name).catch((error: unknown) => void message.warning(failureMessage(error)));
  const hasErrors = (result?.lineErrorCount ?? 0) > 0;
  const isDone = job?.status === 'succeeded';

  return (
    <>
      <PageHeader
        title="Import Excel"
        onBack={() => void navigate(productPaths.list)}
        extra={
          <Button icon={<DownloadOutlined />} onClick={() => download(IMPORT_EXAMPLE_PATH, `${IMPORT_EXAMPLE_FILE_NAME}.xlsx`)}>
            Download Example Sheet
          </Button>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Flex gap={12} align="center" wrap>
            <input ref={input} type="file" accept={IMPORT_FILE_ACCEPT} style={{ display: 'none' }} data-testid="import-file" onChange={(event) => choose(event.target.files?.[0])} />
            <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
              Choose File
            </Button>
            <Typography.Text>{file ? file.name : 'No file chosen (.xlsx or .xls)'}</Typography.Text>
          </Flex>
          {fileError && <Typography.Text type="danger">{fileError}</Typography.Text>}
          <Space>
            <Button type="primary" loading={checking} onClick={() => void check()}>
              Check Data
            </Button>
            <Button onClick={() => void navigate(productPaths.list)}>Cancel</Button>
          </Space>

          {result && (
            <Flex vertical gap={12} data-testid="import-result">
              <Descriptions bordered size="small" column={1} title={`${result.fileName}: ${result.rows.toLocaleString()} rows`}>
                <Descriptions.Item label="Products">
                  {`${result.products.create} to create, ${result.products.update} to update, ${result.products.unchanged} unchanged`}
                </Descriptions.Item>
                <Descriptions.Item label="Variants">
                  {`${result.variants.create} to create, ${result.variants.update} to update, ${result.variants.unchanged} unchanged`}
                </Descriptions.Item>
              </Descriptions>
              {hasErrors ? (
                <Alert
                  type="error"
                  showIcon
                  message={`${result.lineErrorCount} line(s) with errors; nothing will be imported until they are corrected.`}
                  description={
                    <Flex vertical gap={8}>
                      <List size="small" dataSource={result.lineErrors} renderItem={(line) => <List.Item>{line}</List.Item>} />
                      <Button icon={<DownloadOutlined />} onClick={() => download(importErrorsPath(result.token), 'product-import-errors.xlsx')}>
                        Download Errors
                      </Button>
                    </Flex>
                  }
                />
              ) : (
                <Space>
                  {result.skusWithoutImages.length > 0 && <Button onClick={() => setImagesOpen(true)}>SKUs without images ({result.skusWithoutImages.length})</Button>}
                  <Button type="primary" loading={applying} disabled={jobId !== null} onClick={() => void apply()}>
                    Apply
                  </Button>
                </Space>
              )}
            </Flex>
          )}

          {jobId !== null && (
            <Flex vertical gap={8}>
              <JobProgress id={jobId} />
              {isDone && (
                <Alert
                  type="success"
                  showIcon
                  message={MESSAGES.importDone}
                  action={<Button onClick={() => void navigate(productPaths.list)}>Go to Products</Button>}
                />
              )}
            </Flex>
          )}
        </Flex>
      </Card>
      <Modal title={MESSAGES.productImagesNotFound} open={isImagesOpen} onCancel={() => setImagesOpen(false)} onOk={() => setImagesOpen(false)} cancelButtonProps={{ style: { display: 'none' } }}>
        {result && result.skusWithoutVideos.length > 0 && <Typography.Paragraph type="secondary">Without a video as well: {result.skusWithoutVideos.length}</Typography.Paragraph>}
        <List size="small" dataSource={result?.skusWithoutImages ?? []} renderItem={(sku) => <List.Item>{sku}</List.Item>} style={{ maxHeight: 320, overflow: 'auto' }} />
      </Modal>
    </>
  );
}
