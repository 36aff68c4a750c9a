import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { MENU_MAX_DEPTH } from '@facet/contract/modules/navigation-menu/menu-tree';
import type { NavigationMenuItemRecord } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { MENU_TYPE_LABELS } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { MESSAGES } from '@facet/contract/messages';
import type { TreeDataNode, TreeProps } from 'antd';
import type { MouseEvent } from 'react';
import { useState } from 'react';
import { App, Button, Empty, Flex, Tag, Tooltip, Tree, Typography } from 'antd';
import type { MenuLayout } from './menu-layout.ts';
import { moveItem, problemOfLayout } from './menu-layout.ts';

interface MenuTreeProps {
  items: readonly NavigationMenuItemRecord[];
  layout: MenuLayout;
  /** The item open in the form, highlighted. */
  selectedId?: number;
  onRearrange: (layout: MenuLayout) => void;
  onEdit: (item: NavigationMenuItemRecord) => void;
  onDelete: (item: NavigationMenuItemRecord) => void;
}

/** Actions of one menu item, on its tree row or in the disabled list. */
export function MenuItemActions({ item, onEdit, onDelete }: { item: NavigationMenuItemRecord; onEdit: () => void; onDelete: () => void }) {
  // The buttons sit inside a draggable row: a click on them is not a click on the row.
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <Flex gap={2} onClick={stop} onMouseDown={stop}>
      <Tooltip title="Edit">
        <Button size="small" type="text" icon={<EditOutlined />} aria-label={`Edit ${item.title}`} onClick={onEdit} />
      </Tooltip>
      <Tooltip title="Delete">
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${item.title}`} onClick={onDelete} />
      </Tooltip>
    </Flex>
  );
}

/** The draggable tree of enabled menu items (up to 4 levels); a refused drop says why. */
export function MenuTree({ items, layout, selectedId, onRearrange, onEdit, onDelete }: MenuTreeProps) {
  const { message } = App.useApp();
  // Every branch open unless the user closed it, including branches that a drop has just made.
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const byId = new Map(items.map((item) => [item.id, item]));
  const parentOf = new Map([...layout].flatMap(([parentId, children]) => children.map((id) => [id, parentId] as const)));

  const toNodes = (parentId: number | null): TreeDataNode[] =>
    (layout.get(parentId) ?? []).map((id) => ({ key: id, title: byId.get(id)?.title ?? '', children: toNodes(id) }));
  const treeData = toNodes(null);

  const drop: TreeProps['onDrop'] = (info) => {
    const dragId = Number(info.dragNode.key);
    const dropId = Number(info.node.key);
    const dropPath = info.node.pos.split('-');
    // -1: before the row, 0: onto it, 1: after it (antd gives an absolute position).
    const side = info.dropPosition - Number(dropPath[dropPath.length - 1]);
    let parentId: number | null;
    let index: number;
    if (!info.dropToGap || (side === 1 && info.node.expanded && (info.node.children?.length ?? 0) > 0)) {
      parentId = dropId;
      index = 0;
    } else {
      parentId = parentOf.get(dropId) ?? null;
      const siblings = (layout.get(parentId) ?? []).filter((id) => id !== dragId);
      index = siblings.indexOf(dropId) + (side === -1 ? 0 : 1);
    }
    const next = moveItem(layout, dragId, parentId, index);
    const problem = problemOfLayout(items, next);
    if (problem) {
      void message.warning(problem.kind === 'tooDeep' ? MESSAGES.menuTooDeep(MENU_MAX_DEPTH) : MESSAGES.menuCycle);
      return;
    }
    onRearrange(next);
  };

  if (!treeData.length) return <Empty description="No enabled menus yet." />;
  return (
    <Tree
      draggable={{ icon: false }}
      blockNode
      expandedKeys={[...layout.keys()].filter((id): id is number => id !== null && !collapsed.has(id))}
      onExpand={(_keys, { node, expanded }) => {
        const next = new Set(collapsed);
        if (expanded) next.delete(Number(node.key));
        else next.add(Number(node.key));
        setCollapsed(next);
      }}
      selectable={false}
      treeData={treeData}
      onDrop={drop}
      titleRender={(node) => {
        const item = byId.get(Number(node.key));
        if (!item) return null;
        return (
          <Flex justify="space-between" align="center" gap={8} data-testid={`menu-node-${item.id}`}>
            <Flex gap={8} align="center">
              <Typography.Text strong={item.id === selectedId}>{item.title}</Typography.Text>
              <Tag>{MENU_TYPE_LABELS[item.menuType]}</Tag>
              {item.targetName && <Typography.Text type="secondary">{item.targetName}</Typography.Text>}
            </Flex>
            <MenuItemActions item={item} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />
          </Flex>
        );
      }}
    />
  );
}
