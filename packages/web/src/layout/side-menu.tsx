import { Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { PageHandle } from '../app-route.ts';
import { useSession } from '../session/session-context.ts';
import { activeMenuKeyOf, buildMenuItems, sectionKeyOf } from './menu.tsx';

/** The sidebar menu: only what the user may open, with the current page highlighted and its group open. */
export function SideMenu() {
  const session = useSession();
  const items = useMemo(() => buildMenuItems(session), [session]);
  const menuKey = (useMatches().at(-1)?.handle as PageHandle | undefined)?.menuKey;
  const activeKey = activeMenuKeyOf(menuKey, useLocation().search);
  const activeSection = sectionKeyOf(menuKey);

  const [openKeys, setOpenKeys] = useState<string[]>(activeSection ? [activeSection] : []);
  const [shownSection, setShownSection] = useState(activeSection);
  // Arriving on a page of another group (a link, Back) opens that group as well.
  if (activeSection !== shownSection) {
    setShownSection(activeSection);
    if (activeSection && !openKeys.includes(activeSection)) setOpenKeys([...openKeys, activeSection]);
  }

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={activeKey ? [activeKey] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
