import { EditOutlined, ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Skeleton, Spin, Typography } from 'antd';
import { ANALYTICS_URL_SETTING_KEY } from '@facet/contract/modules/settings/setting.schema';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { canAccess, useSession } from '../session/session-context.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { analyticsReportQuery, needsFreshDocument } from './analytics-report.ts';

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

/**
 * What the report may do in its frame: run its scripts on its own site, open links and exports in
 * new tabs; never navigate Facet's window. It is told Facet's origin only, not the page's address.
 */
const REPORT_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads';

/** Staff holding `system` change the address where it is kept: the setting (added with its key when there is none). */
function ChangeAddress({ settingId }: { settingId: number | null }) {
  const navigate = useNavigate();
  if (!canAccess(useSession(), 'system')) return null;
  const to = settingId ? `/system/settings/edit/${settingId}` : `/system/settings/add?key=${ANALYTICS_URL_SETTING_KEY}`;
  return (
    <Button icon={<EditOutlined />} onClick={() => void navigate(to)}>
      Change the report’s address
    </Button>
  );
}

/**
 * The configured analytics report (the `analytics_url` setting, else ANALYTICS_URL), embedded in a
 * frame (spec: /analytics), with a way to open it in a tab of its own.
 */
export default function AnalyticsPage() {
  const config = useQuery({ ...analyticsReportQuery, staleTime: 0 });
  const url = config.data?.url ?? undefined;
  const isStaleDocument = config.data !== undefined && needsFreshDocument(config.data.url);
  // The address moved to another site since this page was served: its policy would block the frame.
  useEffect(() => {
    if (isStaleDocument) window.location.reload();
  }, [isStaleDocument]);
  const isOnline = useIsOnline();
  const [attempt, setAttempt] = useState(0);
  const reach = useReportReach(url, isOnline, attempt);
  const canShowFrame = isOnline && reach === 'reached';

  return (
    <>
      <PageHeader
        title="Analytics"
        extra={
          <>
            {config.data && <ChangeAddress settingId={config.data.settingId} />}
            {url && (
              <Button href={url} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined />}>
                Open the report in a new tab
              </Button>
            )}
          </>
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
        {url && canShowFrame && (
          <iframe
            title="Analytics report"
            src={url}
            sandbox={REPORT_SANDBOX}
            referrerPolicy="strict-origin"
            style={{ display: 'block', width: '100%', border: 0, ...FRAME_HEIGHT }}
            allowFullScreen
          />
        )}
      </Card>
    </>
  );
}
