import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Skeleton, Spin, Typography } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { appConfigQuery } from '../app-config.ts';
import { PageHeader } from '../ui/page-header.tsx';

/** How long the report's site may take to answer before the page says the report cannot be loaded. */
const REACH_TIMEOUT_MS = 15_000;

function subscribeToConnection(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const useIsOnline = () => useSyncExternalStore(subscribeToConnection, () => navigator.onLine);

type ReportReach = 'checking' | 'reached' | 'unreachable';

/**
 * Whether the report's site answers at all. A frame gives no sign when its page fails (the browser
 * shows its own error page inside it and still fires `load`), so the page asks first: a no-cors
 * request resolves on any answer (opaque: status and headers unseen) and rejects when the site
 * cannot be reached (offline, unknown host, refused, blocked) or does not answer in time. A site
 * that answers but refuses to be framed (X-Frame-Options, CSP frame-ancestors) cannot be told
 * apart from here: for that the page always offers the report in a new tab.
 */
function useReportReach(url: string | undefined, isOnline: boolean, attempt: number): ReportReach {
  const attemptKey = `${attempt} ${isOnline} ${url}`;
  const [outcome, setOutcome] = useState<{ attemptKey: string; reach: ReportReach }>();
  useEffect(() => {
    if (!url || !isOnline) return;
    let isCurrent = true;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), REACH_TIMEOUT_MS);
    void fetch(url, { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: controller.signal })
      .then(
        () => 'reached' as const,
        () => 'unreachable' as const,
      )
      .then((reach) => {
        if (isCurrent) setOutcome({ attemptKey, reach });
      })
      .finally(() => clearTimeout(timeout));
    return () => {
      isCurrent = false;
      controller.abort();
    };
  }, [url, isOnline, attemptKey]);
  return outcome?.attemptKey === attemptKey ? outcome.reach : 'checking';
}

const FRAME_HEIGHT = { height: 'calc(100vh - 260px)', minHeight: 480 };

/** The configured analytics report, embedded in a frame (spec: /analytics), with a way to open it in a tab of its own. */
export default function AnalyticsPage() {
  const config = useQuery(appConfigQuery);
  const url = config.data?.analyticsUrl || undefined;
  const isOnline = useIsOnline();
  const [attempt, setAttempt] = useState(0);
  const reach = useReportReach(url, isOnline, attempt);
  const canShowFrame = isOnline && reach === 'reached';

  return (
    <>
      <PageHeader
        title="Analytics"
        extra={
          url && (
            <Button href={url} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined />}>
              Open the report in a new tab
            </Button>
          )
        }
      />
      {url && canShowFrame && (
        <Typography.Paragraph type="secondary">
          If the report stays blank or shows an error below, its site does not allow it to be shown inside Facet: open it in a new tab.
        </Typography.Paragraph>
      )}
      <Card styles={{ body: { padding: 0, overflow: 'hidden', borderRadius: 8 } }}>
        {config.isPending && <Skeleton active style={{ padding: 24 }} />}
        {config.isError && <Result status="error" title={MESSAGES.somethingWentWrong} />}
        {config.isSuccess && !url && <Empty style={{ padding: 48 }} description="No analytics report is configured." />}
        {url && (!isOnline || reach === 'unreachable') && (
          <Result
            status="warning"
            title="The analytics report could not be loaded."
            subTitle={
              isOnline
                ? 'Its site did not answer. Try again, or open the report in a new tab.'
                : 'This computer is offline. The report will show once the connection is back.'
            }
            extra={
              isOnline && (
                <Button icon={<ReloadOutlined />} onClick={() => setAttempt((n) => n + 1)}>
                  Try again
                </Button>
              )
            }
          />
        )}
        {url && isOnline && reach === 'checking' && (
          <Flex align="center" justify="center" style={FRAME_HEIGHT}>
            <Spin description="Loading the report…">
              <div style={{ width: 160, height: 60 }} />
            </Spin>
          </Flex>
        )}
        {url && canShowFrame && <iframe title="Analytics report" src={url} style={{ display: 'block', width: '100%', border: 0, ...FRAME_HEIGHT }} allowFullScreen />}
      </Card>
    </>
  );
}
