import { CopyOutlined, DownloadOutlined, RollbackOutlined, UploadOutlined } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import { PRICE_UPDATE_MESSAGES, PRICE_UPDATE_STATE_LABELS } from '@facet/contract/modules/product-prices/product-price.schema';
import type { PriceUpdateItem, PriceUpdateRecord } from '@facet/contract/modules/product-prices/product-price.schema';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, App, Button, Card, Flex, Table, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { formatCurrency, formatDateTime } from '../../ui/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { JobProgress } from '../jobs/job-progress.tsx';
import { useJob } from '../jobs/use-job.ts';
import { productPaths } from '../products/product.paths.ts';
import { productPriceApi, productPriceKeys } from './product-price.api.ts';

const RUNS_PAGE_SIZE = 10;
const ITEMS_PAGE_SIZE = 10;
const SHEET_EXTENSIONS = /\.(xlsx|xls)$/i;

/** What the last upload was refused with: the server's message, and the SKUs to copy when it named unknown ones. */
interface Refusal {
  message: string;
  invalidSkus: string[];
}

/** The message of a refused upload; an 'Invalid SKU(s)' refusal carries every SKU as an issue, for Copy SKUs. */
function refusalOf(error: unknown): Refusal {
  const message = failureMessage(error);
  const isInvalidSkus = isApiError(error) && message.startsWith(PRICE_UPDATE_MESSAGES.invalidSkus([]).trim());
  return { message, invalidSkus: isInvalidSkus ? error.issues.map((issue) => issue.message) : [] };
}

/** A run's SKUs with the price before and after, a page at a time. */
function RunItems({ run }: { run: PriceUpdateRecord }) {
  const [page, setPage] = useState(1);
  const items = useQuery({
    queryKey: productPriceKeys.items(run.id, page),
    queryFn: () => productPriceApi.items(run.id, page, ITEMS_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<PriceUpdateItem> = [
    { title: 'SKU', dataIndex: 'sku' },
    { title: 'Name', dataIndex: 'name' },
    { title: 'Price before', dataIndex: 'priceBefore', render: (value: number | null) => (value === null ? '-' : formatCurrency(value)) },
    { title: 'Price after', dataIndex: 'priceAfter', render: (value: number) => formatCurrency(value) },
  ];
  return (
    <section aria-label={`Prices of update ${run.id}`}>
      <Table<PriceUpdateItem>
      rowKey="productId"
      size="small"
      columns={columns}
      dataSource={items.data?.items ?? []}
      loading={items.isFetching}
        pagination={{ current: page, pageSize: ITEMS_PAGE_SIZE, total: items.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
    </section>
  );
}

/**
 * Update Price (document 2 §2 /products/updateprice, §5, §8): upload a sheet of sku and price, Submit,
 * Cancel, and the example sheet. The server checks the whole sheet and answers with the spec's
 * message (unknown SKUs come with Copy SKUs) or starts the job that applies every price at once; its
 * progress shows here, then 'Price updated sucessfully'. Past updates are listed with their prices
 * before and after, and an applied one can be rolled back.
 */
export default function UpdatePricePage() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [isSending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [runsPage, setRunsPage] = useState(1);
  const job = useJob(jobId).data;

  const runs = useQuery({
    queryKey: productPriceKeys.list(runsPage),
    queryFn: () => productPriceApi.list(runsPage, RUNS_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const refreshRuns = () => queryClient.invalidateQueries({ queryKey: productPriceKeys.all });

  // The job's end: the spec's toast on success, and the runs table shows the new state.
  const jobStatus = job?.status;
  useEffect(() => {
    if (jobStatus === 'succeeded') void message.success(PRICE_UPDATE_MESSAGES.updated);
    if (jobStatus === 'succeeded' || jobStatus === 'failed') {
      void queryClient.invalidateQueries({ queryKey: productPriceKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    }
  }, [jobStatus, message, queryClient]);

  const submit = async () => {
    if (!file) {
      setRefusal({ message: MESSAGES.required, invalidSkus: [] });
      return;
    }
    setSending(true);
    setRefusal(null);
    setJobId(null);
    try {
      const started = await productPriceApi.upload(file);
      setJobId(started.jobId);
      setFile(null);
      await refreshRuns();
    } catch (error) {
      if (isWorthReporting(error)) setRefusal(refusalOf(error));
    } finally {
      setSending(false);
    }
  };

  const copySkus = async (skus: string[]) => {
    try {
      await navigator.clipboard.writeText(skus.join('\n'));
      void message.success(PRICE_UPDATE_MESSAGES.copied);
    } catch {
      void message.warning(PRICE_UPDATE_MESSAGES.copyFailed);
    }
  };

  const rollback = (run: PriceUpdateRecord) => {
    modal.confirm({
      title: 'Roll back this price update?',
      content: `The ${run.itemCount.toLocaleString('en-GB')} ${run.itemCount === 1 ? 'price' : 'prices'} of ${run.fileName} go back to what they were before it.`,
      okText: 'Roll back',
      cancelText: 'Cancel',
      onOk: () =>
        productPriceApi.rollback(run.id).then(
          async () => {
            void message.success(PRICE_UPDATE_MESSAGES.rolledBack);
            await refreshRuns();
            await queryClient.invalidateQueries({ queryKey: ['products'] });
          },
          (error: unknown) => {
            if (isWorthReporting(error)) void message.warning(failureMessage(error));
          },
        ),
    });
  };

  const runColumns: TableColumnsType<PriceUpdateRecord> = [
    { title: 'Date', dataIndex: 'createdAt', render: (value: string) => formatDateTime(value) },
    { title: 'File', dataIndex: 'fileName' },
    { title: 'SKUs', dataIndex: 'itemCount', render: (value: number) => value.toLocaleString('en-GB') },
    { title: 'By', dataIndex: 'createdByName' },
    {
      title: 'State',
      dataIndex: 'state',
      render: (_, run) => (
        <Flex vertical gap={4}>
          <Tag color={run.state === 'applied' ? 'success' : run.state === 'rolled_back' ? 'default' : 'processing'}>{PRICE_UPDATE_STATE_LABELS[run.state]}</Tag>
          {run.state === 'pending' && run.jobId !== null && <JobProgress id={run.jobId} />}
          {run.rolledBackAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              by {run.rolledBackByName ?? 'system'}, {formatDateTime(run.rolledBackAt)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Action',
      key: 'action',
      render: (_, run) =>
        run.state === 'applied' ? (
          <Button size="small" icon={<RollbackOutlined />} onClick={() => rollback(run)} aria-label={`Roll back update ${run.id}`}>
            Roll back
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader title="Update Price" onBack={() => void navigate(productPaths.list)} />
      <Card style={{ marginBottom: 16 }}>
        <Flex vertical gap={16} style={{ maxWidth: 640 }}>
          <Typography.Text>
            Upload a spreadsheet (.xlsx or .xls) with the columns <Typography.Text code>sku</Typography.Text> and <Typography.Text code>price</Typography.Text>. Every price is
            updated at once, or none if a row is wrong.
          </Typography.Text>
          <Upload
            accept=".xlsx,.xls"
            maxCount={1}
            fileList={file ? [{ uid: 'sheet', name: file.name, status: 'done' }] : []}
            beforeUpload={(chosen) => {
              if (!SHEET_EXTENSIONS.test(chosen.name)) {
                setRefusal({ message: MESSAGES.fileFormatNotSupported, invalidSkus: [] });
                return Upload.LIST_IGNORE;
              }
              setRefusal(null);
              setFile(chosen);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button icon={<UploadOutlined />}>Choose File</Button>
          </Upload>
          <Typography.Link onClick={() => void productPriceApi.downloadExample()}>
            <DownloadOutlined /> Download example sheet
          </Typography.Link>
          {refusal && (
            <Alert
              type="error"
              showIcon
              message={<span style={{ wordBreak: 'break-word' }}>{refusal.message}</span>}
              action={
                refusal.invalidSkus.length > 0 ? (
                  <Button size="small" icon={<CopyOutlined />} onClick={() => void copySkus(refusal.invalidSkus)}>
                    Copy SKUs
                  </Button>
                ) : undefined
              }
            />
          )}
          {jobId !== null && <JobProgress id={jobId} />}
          <Flex gap={8}>
            <Button type="primary" onClick={() => void submit()} disabled={isSending} loading={isSending}>
              Submit
            </Button>
            <Button onClick={() => void navigate(productPaths.list)}>Cancel</Button>
          </Flex>
        </Flex>
      </Card>
      <Card title="Price updates">
        <section aria-label="Price updates">
          <Table<PriceUpdateRecord>
          rowKey="id"
          columns={runColumns}
          dataSource={runs.data?.items ?? []}
          loading={runs.isFetching && !runs.data}
          expandable={{ expandedRowRender: (run) => <RunItems run={run} /> }}
          pagination={{ current: runsPage, pageSize: RUNS_PAGE_SIZE, total: runs.data?.total ?? 0, onChange: setRunsPage, showSizeChanger: false }}
          />
        </section>
      </Card>
    </>
  );
}
