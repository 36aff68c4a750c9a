import { LineChartOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Layout, Space } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSignOut } from '../session/use-sign-out.ts';
import { analyticsReportQuery, needsFreshDocument } from './analytics-report.ts';

/** The link's hint: which site the report comes from, as the setting (or ANALYTICS_URL) has it now. */
function reportHint(url: string | null | undefined): string | undefined {
  if (url === undefined) return undefined;
  return url ? `Report site: ${new URL(url).hostname}` : 'No report is configured yet';
}

interface TopBarProps {
  isSidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function TopBar({ isSidebarOpen, onToggleSidebar }: TopBarProps) {
  const signOut = useSignOut();
  const report = useQuery(analyticsReportQuery);
  // The first address seen is the one this page's policy was written for (analytics-report.ts).
  useEffect(() => {
    if (report.data) needsFreshDocument(report.data.url);
  }, [report.data]);
  return (
    <Layout.Header className="shell__header">
      <Button
        type="text"
        icon={isSidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleSidebar}
        aria-label={isSidebarOpen ? 'Hide menu' : 'Show menu'}
      />
      <Space size="middle">
        <Link to="/analytics" className="shell__header-link" title={reportHint(report.data?.url)}>
          <LineChartOutlined /> Analytics
        </Link>
        <Button icon={<LogoutOutlined />} onClick={() => void signOut({ endOnServer: true })}>
          Logout
        </Button>
      </Space>
    </Layout.Header>
  );
}
