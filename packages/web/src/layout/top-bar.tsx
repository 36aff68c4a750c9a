import { LineChartOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Space } from 'antd';
import { Link } from 'react-router';
import { useSignOut } from '../session/use-sign-out.ts';

interface TopBarProps {
  isSidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function TopBar({ isSidebarOpen, onToggleSidebar }: TopBarProps) {
  const signOut = useSignOut();
  return (
    <Layout.Header className="shell__header">
      <Button
        type="text"
        icon={isSidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleSidebar}
        aria-label={isSidebarOpen ? 'Hide menu' : 'Show menu'}
      />
      <Space size="middle">
        <Link to="/analytics" className="shell__header-link">
          <LineChartOutlined /> Analytics
        </Link>
        <Button icon={<LogoutOutlined />} onClick={() => void signOut({ endOnServer: true })}>
          Logout
        </Button>
      </Space>
    </Layout.Header>
  );
}
