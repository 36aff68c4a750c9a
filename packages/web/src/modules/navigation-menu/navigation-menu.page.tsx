import { PlusOutlined, SaveOutlined, GlobalOutlined } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import type { NavigationMenuItemRecord } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { MENU_TYPE_LABELS, navigationMenuResource } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Result, Row, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { generatePath, useNavigate, useParams } from 'react-router';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { resourceKeys } from '../../ui/resource-api.ts';
import { tableLoadingState } from '../../ui/loading-state.tsx';
import { useRecordChanges } from '../../ui/use-record-changes.ts';
import type { MenuLayout } from './menu-layout.ts';
import { enabledLayout, hiddenUnderDisabled, placementsOf } from './menu-layout.ts';
import { MenuItemForm } from './menu-item-form.tsx';
import { MenuItemActions, MenuTree } from './menu-tree.tsx';
import { navigationMenuApi, useMenuTree } from './navigation-menu.api.ts';
import { navigationMenuPaths } from './navigation-menu.paths.ts';

const idsOf = (layout: MenuLayout) => [...layout.values()].flat().sort((a, b) => a - b).join(',');
/** Two layouts place every item alike. */
const placementKey = (layout: MenuLayout) =>
  JSON.stringify(placementsOf(layout).sort((a, b) => a.id - b.id));
const isSameLayout = (a: MenuLayout, b: MenuLayout) => placementKey(a) === placementKey(b);

/**
 * /system/navigation-menu (and /edit/:id): the item form on the left; on the right the draggable
 * tree of enabled items with Save Menu, and the Disabled Menus. Generate Sitemap in the header.
 */
export default function NavigationMenuPage() {
  const { id } = useParams();
  const editId = id === undefined ? undefined : Number(id);
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useMenuTree();
  const changes = useRecordChanges(navigationMenuResource);
  // A rearrangement not yet saved; null while the tree shows what the server holds.
  const [draft, setDraft] = useState<MenuLayout | null>(null);

  const items = tree.data ?? [];
  const savedLayout = enabledLayout(items);
  // A draft made before items were added or removed no longer fits the tree: it is dropped.
  const layout = draft && idsOf(draft) === idsOf(savedLayout) ? draft : savedLayout;
  // Save Menu is for a real rearrangement: a drop back where the item was leaves nothing to save.
  const isRearranged = !isSameLayout(layout, savedLayout);
  const editing = items.find((item) => item.id === editId);
  const disabledItems = [...items.filter((item) => !item.status), ...hiddenUnderDisabled(items, savedLayout)];

  const openNew = () => void navigate(navigationMenuPaths.page);
  const openEdit = (item: NavigationMenuItemRecord) => void navigate(generatePath(navigationMenuPaths.edit, { id: String(item.id) }));
  const remove = (item: NavigationMenuItemRecord) => changes.confirmDelete(item, () => item.id === editId && openNew());

  const saveOrder = useMutation({
    mutationFn: () => navigationMenuApi.saveOrder({ items: placementsOf(layout) }),
    onSuccess: async () => {
      void message.success(MESSAGES.navigationMenuUpdated);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(navigationMenuResource) });
      setDraft(null);
    },
    onError: (error) => {
      if (isWorthReporting(error)) void message.warning(failureMessage(error));
    },
  });

  const sitemap = useMutation({
    mutationFn: navigationMenuApi.generateSitemap,
    onSuccess: (result) => {
      void message.success(MESSAGES.sitemapGenerated);
      modal.success({
        title: MESSAGES.sitemapGenerated,
        content: (
          <>
            {result.urlCount} addresses, served at{' '}
            <a href={result.path} target="_blank" rel="noreferrer">
              {result.path}
            </a>
            .
          </>
        ),
      });
    },
    onError: (error) => {
      if (isWorthReporting(error)) void message.warning(failureMessage(error));
    },
  });

  if (tree.isError) return <Result status="error" title={MESSAGES.somethingWentWrong} />;
  return (
    <>
      <PageHeader
        title="Navigation Menu"
        extra={
          <>
            {editId !== undefined && (
              <Button icon={<PlusOutlined />} onClick={openNew}>
                New Menu
              </Button>
            )}
            <Button type="primary" icon={<GlobalOutlined />} loading={sitemap.isPending} onClick={() => sitemap.mutate()}>
              Generate Sitemap
            </Button>
          </>
        }
      />
      <Row gutter={[20, 20]}>
        <Col xs={24} lg={10}>
          <Card title={editId === undefined ? 'Add Menu' : 'Edit Menu'}>
            {tree.isPending ? (
              <Skeleton active />
            ) : editId !== undefined && !editing ? (
              <Result status="404" title="This menu item no longer exists." extra={<Button onClick={openNew}>New Menu</Button>} />
            ) : (
              // A fresh form per item, so switching items never mixes their values.
              <MenuItemForm key={editId ?? 'new'} item={editing} onDone={openNew} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card
            title="Menu Structure"
            extra={
              <Button type="primary" icon={<SaveOutlined />} disabled={!isRearranged} loading={saveOrder.isPending} onClick={() => saveOrder.mutate()}>
                Save Menu
              </Button>
            }
          >
            {tree.isPending ? (
              <Skeleton active />
            ) : (
              <MenuTree items={items} layout={layout} selectedId={editId} onRearrange={setDraft} onEdit={openEdit} onDelete={remove} />
            )}
          </Card>
          <Card title="Disabled Menus" style={{ marginTop: 20 }}>
            <Table<NavigationMenuItemRecord>
              rowKey="id"
              size="small"
              pagination={false}
              {...tableLoadingState(tree.isPending, 'No disabled menus.')}
              dataSource={disabledItems}
              columns={[
                { title: 'Title', dataIndex: 'title' },
                { title: 'Menu Type', dataIndex: 'menuType', render: (type: NavigationMenuItemRecord['menuType']) => MENU_TYPE_LABELS[type] },
                {
                  title: 'Status',
                  key: 'status',
                  render: (_: unknown, item) => (item.status ? <Tag color="orange">Under a disabled menu</Tag> : <Tag>Inactive</Tag>),
                },
                { title: 'Action', key: 'action', width: 90, render: (_: unknown, item) => <MenuItemActions item={item} onEdit={() => openEdit(item)} onDelete={() => remove(item)} /> },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
