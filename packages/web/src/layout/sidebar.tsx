import { Avatar, Layout } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../session/session-context.ts';
import { BrandLogo } from '../ui/brand-logo.tsx';
import { SideMenu } from './side-menu.tsx';

function Profile() {
  const { user } = useSession();
  return (
    <div className="shell__profile">
      <Avatar style={{ backgroundColor: '#0f766e', flex: 'none' }}>{user.name.charAt(0).toUpperCase()}</Avatar>
      <div className="shell__profile-text">
        <div className="shell__profile-name" data-testid="profile-name">
          {user.name}
        </div>
        <div className="shell__profile-email">{user.email}</div>
      </div>
    </div>
  );
}

interface SidebarProps {
  isOpen: boolean;
  /** Small screens start with the sidebar hidden. */
  onBreakpoint: (isNarrow: boolean) => void;
}

export function Sidebar({ isOpen, onBreakpoint }: SidebarProps) {
  return (
    <Layout.Sider
      width={248}
      collapsedWidth={0}
      collapsible
      collapsed={!isOpen}
      trigger={null}
      breakpoint="lg"
      onBreakpoint={onBreakpoint}
      className="shell__sider"
    >
      <Link to="/" className="shell__brand">
        <BrandLogo size={28} />
        <span>Facet Admin</span>
      </Link>
      <Profile />
      <nav aria-label="Main menu">
        <SideMenu />
      </nav>
    </Layout.Sider>
  );
}
