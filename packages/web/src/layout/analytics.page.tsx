import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton } from 'antd';
import { appConfigQuery } from '../app-config.ts';
import { PageHeader } from '../ui/page-header.tsx';

/** The configured analytics report, embedded in a frame (spec: /analytics). */
export default function AnalyticsPage() {
  const config = useQuery(appConfigQuery);
  const url = config.data?.analyticsUrl;
  return (
    <>
      <PageHeader title="Analytics" />
      <Card styles={{ body: { padding: 0, overflow: 'hidden', borderRadius: 8 } }}>
        {config.isPending && <Skeleton active style={{ padding: 24 }} />}
        {!config.isPending && !url && <Empty style={{ padding: 48 }} description="No analytics report is configured." />}
        {url && (
          <iframe
            title="Analytics report"
            src={url}
            style={{ display: 'block', width: '100%', height: 'calc(100vh - 230px)', minHeight: 480, border: 0 }}
            allowFullScreen
          />
        )}
      </Card>
    </>
  );
}
