import { IMAGE_SYNC_PATH } from '@facet/contract/modules/image-sync/image-sync.paths';
import { IMAGE_SYNC_MESSAGES, IMAGE_SYNC_SETTING_KEYS } from '@facet/contract/modules/image-sync/image-sync.schema';
import type { ImageSyncFile, ImageSyncState } from '@facet/contract/modules/image-sync/image-sync.schema';
import { SyncOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Flex, Spin, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { formatDateTime } from '../../ui/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { JobProgress } from '../jobs/job-progress.tsx';
import { useJobOutcome } from '../jobs/use-job-outcome.ts';
import { isJobActive } from '../jobs/use-job.ts';
import { settingPaths } from '../settings/setting.paths.ts';
import { imageSyncApi, imageSyncKeys } from './image-sync.api.ts';

const OUTCOME_TAGS: Record<ImageSyncFile['outcome'], { color: string; label: string }> = {
  matched: { color: 'success', label: 'Matched' },
  unmatched: { color: 'warning', label: 'Unmatched' },
  rejected: { color: 'error', label: 'Rejected' },
  removed: { color: 'default', label: 'Removed' },
  kept: { color: 'orange', label: 'Kept (in use)' },
};

/**
 * /dropboximagesync (document 3 §2.18): with `?code=` it exchanges Dropbox's code for tokens (the
 * `state` checked by the server); without one and not connected it sends staff to Dropbox's
 * authorisation page (an `error` return shows Dropbox's reason instead, so it never loops). Connected:
 * the connection, the last sync and its report, and Sync now, which runs as a job.
 */
export default function ImageSyncPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const denied = params.get('error_description') ?? params.get('error');
  return code || denied ? <DropboxReturn code={code} oauthState={params.get('state') ?? ''} denied={denied} /> : <ImageSync />;
}

/** Dropbox's return: the code handed to the server once (it works once), then the page without it. */
function DropboxReturn({ code, oauthState, denied }: { code: string; oauthState: string; denied: string | null }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const connect = useMutation({
    mutationFn: imageSyncApi.connect,
    onSuccess: (answer) => {
      queryClient.setQueryData(imageSyncKeys.state, answer.state);
      void message.success(answer.message);
      void navigate(IMAGE_SYNC_PATH, { replace: true });
    },
  });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || denied || !code || !oauthState) return;
    sent.current = true;
    connect.mutate({ code, state: oauthState });
  }, [code, oauthState, denied, connect]);
  const connectAgain = useConnect();

  const problem = denied
    ? `Dropbox did not grant access: ${denied}`
    : !oauthState
      ? 'Dropbox sent no state back. Connect again.'
      : connect.isError
        ? failureMessage(connect.error)
        : null;
  return (
    <>
      <PageHeader title="Dropbox Image Sync" />
      <Card style={{ maxWidth: 900 }}>
        {problem ? (
          <Alert
            type="error"
            showIcon
            title="Dropbox was not connected"
            description={problem}
            action={
              <Button type="primary" loading={connectAgain.isPending} onClick={() => connectAgain.mutate()}>
                Connect to Dropbox
              </Button>
            }
          />
        ) : (
          <Spin tip="Connecting to Dropbox...">
            <div style={{ height: 80 }} />
          </Spin>
        )}
      </Card>
    </>
  );
}

function useConnect() {
  const { message } = App.useApp();
  return useMutation({
    mutationFn: imageSyncApi.authorizationUrl,
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => isWorthReporting(error) && void message.warning(failureMessage(error)),
  });
}

function ImageSync() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: imageSyncKeys.state, queryFn: imageSyncApi.state });
  const connect = useConnect();
  const [startedJobId, setStartedJobId] = useState<number | null>(null);
  const jobId = startedJobId ?? state.data?.jobId ?? null;
  const job = useJobOutcome(jobId, (ended) => {
    void queryClient.invalidateQueries({ queryKey: imageSyncKeys.state });
    if (startedJobId === null) return;
    if (ended.status === 'succeeded') void message.success(String(ended.result?.message ?? 'Image sync finished'));
    else if (ended.status === 'failed') void message.warning(ended.error ?? 'The image sync failed.');
  });
  const sync = useMutation({
    mutationFn: imageSyncApi.sync,
    onSuccess: (id) => {
      setStartedJobId(id);
      void message.info(IMAGE_SYNC_MESSAGES.syncStarted);
    },
    onError: (error) => isWorthReporting(error) && void message.warning(failureMessage(error)),
  });

  // The spec: without a code the page sends staff to Dropbox. Only when it can (app key and secret set) and is not connected yet.
  const data = state.data;
  const mustConnect = Boolean(data && data.isConfigured && !data.isConnected);
  const redirected = useRef(false);
  useEffect(() => {
    if (!mustConnect || redirected.current) return;
    redirected.current = true;
    connect.mutate();
  }, [mustConnect, connect]);

  const disconnect = () =>
    modal.confirm({
      title: IMAGE_SYNC_MESSAGES.disconnectConfirm,
      content: 'Images already synchronised stay on their products. Syncing again needs a new connection.',
      okText: 'Disconnect',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () =>
        imageSyncApi.disconnect().then(
          (answer) => {
            // Disconnected on purpose: stay here rather than go straight back to Dropbox.
            redirected.current = true;
            queryClient.setQueryData(imageSyncKeys.state, answer.state);
            void message.success(answer.message);
          },
          (error: unknown) => isWorthReporting(error) && void message.warning(failureMessage(error)),
        ),
    });

  return (
    <>
      <PageHeader title="Dropbox Image Sync" />
      <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
        <Card>
          {!data ? (
            <Spin />
          ) : !data.isConfigured ? (
            <Alert
              type="warning"
              showIcon
              title="Dropbox is not set up"
              description={
                <>
                  Add the settings <Typography.Text code>{IMAGE_SYNC_SETTING_KEYS.appKey}</Typography.Text> and{' '}
                  <Typography.Text code>{IMAGE_SYNC_SETTING_KEYS.appSecret}</Typography.Text> (from the shop&apos;s app in the Dropbox App Console,
                  whose redirect URIs must include this page&apos;s address) in <Link to={settingPaths.list}>Settings</Link>, then come back to connect.
                  The folder to read is <Typography.Text code>{IMAGE_SYNC_SETTING_KEYS.folder}</Typography.Text> ({data.folder} unless set).
                </>
              }
            />
          ) : !data.isConnected ? (
            <Flex vertical gap={12}>
              <Alert type="info" showIcon title="Sending you to Dropbox" description="Dropbox asks you to allow Facet to read the shop's image folder, then sends you back here." />
              <div>
                <Button type="primary" loading={connect.isPending} onClick={() => connect.mutate()}>
                  Connect to Dropbox
                </Button>
              </div>
            </Flex>
          ) : (
            <Connected state={data} jobActive={isJobActive(job)} syncing={sync.isPending} onSync={() => sync.mutate()} onDisconnect={() => void disconnect()} jobId={jobId} />
          )}
        </Card>
        {data?.isConnected && <Report state={data} />}
      </Flex>
    </>
  );
}

function Connected(props: { state: ImageSyncState; jobActive: boolean; syncing: boolean; jobId: number | null; onSync: () => void; onDisconnect: () => void }) {
  const { state, jobActive, jobId } = props;
  return (
    <Flex vertical gap={16}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="Connection">
          <Tag color="success">Connected</Tag>
          {state.expiresAt && <AccessTokenExpiry key={state.expiresAt} expiresAt={state.expiresAt} />}
        </Descriptions.Item>
        <Descriptions.Item label="Folder">{state.folder} (and its subfolders)</Descriptions.Item>
        <Descriptions.Item label="Last sync">{state.lastSyncAt ? formatDateTime(state.lastSyncAt) : 'Never'}</Descriptions.Item>
      </Descriptions>
      <Alert
        type="info"
        showIcon
        title="How files are matched"
        description={
          <>
            The file name is the SKU of a product or variant, optionally followed by <Typography.Text code>_&lt;n&gt;</Typography.Text> for more pictures:{' '}
            <Typography.Text code>RING-001.jpg</Typography.Text>, <Typography.Text code>RING-001_2.jpg</Typography.Text>. Images go into that SKU&apos;s media
            library after the usual checks (PNG or JPEG, at most 2 MB). Each sync reads only files that are new or changed since the last one. A file
            deleted in Dropbox takes its image out of the library again, unless a product shows it; images uploaded by hand are never touched.
          </>
        }
      />
      <Flex align="center" gap={16} wrap>
        <Button type="primary" icon={<SyncOutlined />} loading={props.syncing || jobActive} onClick={props.onSync}>
          Sync now
        </Button>
        {jobActive && jobId !== null && <JobProgress id={jobId} />}
        <Button danger onClick={props.onDisconnect}>
          Disconnect
        </Button>
      </Flex>
    </Flex>
  );
}

/** The access token's life: renewed with the refresh token when a sync needs it, so an expired one is no fault (a connection unused for hours). */
function AccessTokenExpiry({ expiresAt }: { expiresAt: string }) {
  const [isExpired] = useState(() => Date.parse(expiresAt) <= Date.now());
  return (
    <Typography.Text type="secondary">
      {isExpired ? `access token expired ${formatDateTime(expiresAt)}, renewed at the next sync` : `access token valid until ${formatDateTime(expiresAt)}, renewed automatically`}
    </Typography.Text>
  );
}

function Report({ state }: { state: ImageSyncState }) {
  const { counts, files } = state.report;
  const total = Object.values(counts).reduce((sum, files) => sum + files, 0);
  return (
    <Card title="Last sync report">
      {state.jobId === null ? (
        <Typography.Text type="secondary">No sync has run yet.</Typography.Text>
      ) : (
        <Flex vertical gap={12}>
          <Flex gap={8} wrap>
            <Tag color="success">Matched: {counts.matched}</Tag>
            <Tag color="warning">Unmatched: {counts.unmatched}</Tag>
            <Tag color="error">Rejected: {counts.rejected}</Tag>
            {/* Files deleted in Dropbox: shown once a sync has met some. */}
            {counts.removed > 0 && <Tag color={OUTCOME_TAGS.removed.color}>Removed: {counts.removed}</Tag>}
            {counts.kept > 0 && <Tag color={OUTCOME_TAGS.kept.color}>Kept (in use): {counts.kept}</Tag>}
          </Flex>
          {total === 0 ? (
            <Typography.Text type="secondary">No new or changed files in the last sync.</Typography.Text>
          ) : (
            <Table<ImageSyncFile>
              rowKey="path"
              size="small"
              dataSource={files}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              columns={[
                { title: 'File', dataIndex: 'name', render: (name: string, file) => <span title={file.path}>{name}</span> },
                { title: 'SKU', dataIndex: 'sku' },
                { title: 'Result', dataIndex: 'outcome', render: (outcome: ImageSyncFile['outcome']) => <Tag color={OUTCOME_TAGS[outcome].color}>{OUTCOME_TAGS[outcome].label}</Tag> },
                { title: 'Reason', dataIndex: 'reason', render: (reason: string | null) => reason ?? '' },
                { title: 'Synced', dataIndex: 'syncedAt', render: (at: string) => formatDateTime(at) },
              ]}
            />
          )}
        </Flex>
      )}
    </Card>
  );
}
