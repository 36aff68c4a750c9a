import { CrownOutlined, RightOutlined, ShoppingCartOutlined, TagsOutlined, TeamOutlined } from '@ant-design/icons';
import type { DashboardCount, DashboardDiamonds, LastOrders, ProductFigures, SalesChart as SalesChartData } from '@facet/contract/modules/dashboard/dashboard.schema';
import { DASHBOARD_API } from '@facet/contract/modules/dashboard/dashboard.schema';
import type { PermissionKey } from '@facet/contract/permissions';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType, TabsProps } from 'antd';
import { Card, Col, Flex, Row, Skeleton, Statistic, Table, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { apiRequest } from '../../api/client.ts';
import { useMenuLinks } from '../../layout/menu-links.ts';
import { canAccess, useSession } from '../../session/session-context.ts';
import { formatAmount, formatDateTime } from '../../ui/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { Thumbnail } from '../../ui/thumbnail.tsx';
import { SalesChart } from './sales-chart.tsx';
import { SearchTermsTab } from './search-terms-tab.tsx';

const useWidget = <T,>(url: string, enabled: boolean) => useQuery({ queryKey: ['dashboard', url], queryFn: () => apiRequest<T>(url), enabled, refetchInterval: 60_000 });

function Updated({ at }: { at: string | null | undefined }) {
  return <Typography.Text type="secondary">{at ? `Updated ${formatDateTime(at)}` : 'Not updated yet'}</Typography.Text>;
}

function CountCard({ title, icon, to, value, detail, updatedAt, isLoading }: { title: string; icon: ReactNode; to: string; value: number | undefined; detail?: ReactNode; updatedAt?: string | null; isLoading: boolean }) {
  return (
    <Link to={to} aria-label={`${title}: open the list`}>
      <Card hoverable size="small" style={{ height: '100%' }}>
        <Flex gap={12} align="flex-start">
          <span style={{ fontSize: 24, color: '#0f766e' }} aria-hidden>
            {icon}
          </span>
          <div style={{ flex: 1 }}>
            {isLoading ? <Skeleton active paragraph={{ rows: 1 }} /> : <Statistic title={title} value={value ?? 0} />}
            {detail}
            <div>
              <Updated at={updatedAt} />
            </div>
          </div>
        </Flex>
      </Card>
    </Link>
  );
}

const productColumns = (figureTitle: string): TableColumnsType<ProductFigures['rows'][number]> => [
  { title: 'Image', dataIndex: 'image', width: 72, render: (image: string, row) => <Thumbnail src={image} alt={row.name} size={40} /> },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Parent SKU / Model Number', dataIndex: 'parentSku' },
  { title: figureTitle, dataIndex: 'figure', align: 'right', render: (figure: number) => figure.toLocaleString('en-GB') },
];

function ProductTable({ title, figureTitle, data, isLoading }: { title: string; figureTitle: string; data: ProductFigures | undefined; isLoading: boolean }) {
  return (
    <Card title={title} extra={<Updated at={data?.updatedAt} />} style={{ height: '100%' }}>
      <Table rowKey="key" size="small" pagination={false} loading={isLoading} columns={productColumns(figureTitle)} dataSource={data?.rows ?? []} />
    </Card>
  );
}

const lastOrderColumns: TableColumnsType<LastOrders['rows'][number]> = [
  { title: 'Image', dataIndex: 'image', width: 72, render: (image: string, row) => <Thumbnail src={image} alt={row.name} size={40} /> },
  { title: 'Item', dataIndex: 'name', render: (name: string, row) => <Link to={`/order/view/order_id/${row.orderNumber}`}>{name}</Link> },
  { title: 'Customer', dataIndex: 'customerName' },
  { title: 'Total', dataIndex: 'total', align: 'right', render: (total: number, row) => formatAmount(total, row.currencySymbol) },
  { title: 'Order Date', dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
];

/**
 * The dashboard (document 1 §2 Dashboard; issue 27 items 1-3): the four count cards, the sales chart,
 * Best Sellers and Most Viewed Products, and the Last Orders, Last Search Terms and Top Search Terms
 * tabs. Each widget shows only with its permission (orders: sales; diamonds; products; customers;
 * search terms: report), as its API answers only with it.
 */
export default function DashboardPage() {
  const session = useSession();
  const shortcuts = useMenuLinks().filter((link) => link.path !== '/');
  const can = (key: PermissionKey) => canAccess(session, key);
  const orders = useWidget<DashboardCount>(DASHBOARD_API.orders, can('sales'));
  const chart = useWidget<SalesChartData>(DASHBOARD_API.salesChart, can('sales'));
  const bestSellers = useWidget<ProductFigures>(DASHBOARD_API.bestSellers, can('sales'));
  const lastOrders = useWidget<LastOrders>(DASHBOARD_API.lastOrders, can('sales'));
  const diamonds = useWidget<DashboardDiamonds>(DASHBOARD_API.diamonds, can('diamonds'));
  const products = useWidget<DashboardCount>(DASHBOARD_API.products, can('products'));
  const mostViewed = useWidget<ProductFigures>(DASHBOARD_API.mostViewed, can('products'));
  const customers = useWidget<DashboardCount>(DASHBOARD_API.customers, can('customers'));

  const cards = [
    can('sales') && <CountCard key="orders" title="Online Orders" icon={<ShoppingCartOutlined />} to="/sales/orders" value={orders.data?.total} updatedAt={orders.data?.updatedAt} isLoading={orders.isPending} />,
    can('diamonds') && (
      <CountCard
        key="diamonds"
        title="Total Diamonds"
        icon={<CrownOutlined />}
        to="/diamonds"
        value={diamonds.data?.total}
        detail={diamonds.data && <Typography.Text>{`Natural ${diamonds.data.natural.toLocaleString('en-GB')} · Lab ${diamonds.data.lab.toLocaleString('en-GB')}`}</Typography.Text>}
        updatedAt={diamonds.data?.updatedAt}
        isLoading={diamonds.isPending}
      />
    ),
    can('products') && <CountCard key="products" title="Total Products" icon={<TagsOutlined />} to="/products" value={products.data?.total} updatedAt={products.data?.updatedAt} isLoading={products.isPending} />,
    can('customers') && <CountCard key="customers" title="Customers" icon={<TeamOutlined />} to="/customers" value={customers.data?.total} updatedAt={customers.data?.updatedAt} isLoading={customers.isPending} />,
  ].filter(Boolean);

  const tabs: TabsProps['items'] = [
    ...(can('sales')
      ? [{ key: 'last-orders', label: 'Last Orders', children: <Table rowKey="lineId" size="small" pagination={false} loading={lastOrders.isPending} columns={lastOrderColumns} dataSource={lastOrders.data?.rows ?? []} scroll={{ x: 'max-content' }} /> }]
      : []),
    ...(can('report')
      ? [
          { key: 'last-search-terms', label: 'Last Search Terms', children: <SearchTermsTab label="Last Search Terms" initialSort={{ field: 'lastSearchedAt', order: 'desc' }} /> },
          { key: 'top-search-terms', label: 'Top Search Terms', children: <SearchTermsTab label="Top Search Terms" initialSort={{ field: 'uses', order: 'desc' }} /> },
        ]
      : []),
  ];
  const hasTables = can('sales') || can('products');

  return (
    <>
      <PageHeader title="Dashboard" />
      {cards.length === 0 && !hasTables && tabs.length === 0 && (
        <Card>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            Welcome, {session.user.name}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            Your role shows no shop figures here. Use the menu on the left, or these shortcuts, to open the areas it gives you access to.
          </Typography.Paragraph>
          <Row gutter={[16, 16]}>
            {shortcuts.map((link) => (
              <Col key={link.path} xs={24} sm={12} lg={8} xl={6}>
                <Link to={link.path}>
                  <Card hoverable size="small">
                    <Flex align="center" gap={12}>
                      <span style={{ fontSize: 20, color: '#0f766e' }}>{link.icon}</span>
                      <div style={{ flex: 1 }}>
                        <Typography.Text strong>{link.label}</Typography.Text>
                        <br />
                        <Typography.Text type="secondary">{link.sectionLabel}</Typography.Text>
                      </div>
                      <RightOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />
                    </Flex>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </Card>
      )}
      {cards.length > 0 && (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {cards.map((card) => (
            <Col key={(card as { key: string }).key} xs={24} sm={12} xl={6}>
              {card}
            </Col>
          ))}
        </Row>
      )}
      {can('sales') && (
        <Card title="Sales, last 30 days" extra={<Updated at={chart.data?.updatedAt} />} style={{ marginBottom: 16 }}>
          {chart.data ? <SalesChart data={chart.data} /> : <Skeleton active />}
        </Card>
      )}
      {hasTables && (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {can('sales') && (
            <Col xs={24} xl={12}>
              <ProductTable title="Best Sellers" figureTitle="Quantity" data={bestSellers.data} isLoading={bestSellers.isPending} />
            </Col>
          )}
          {can('products') && (
            <Col xs={24} xl={12}>
              <ProductTable title="Most Viewed Products" figureTitle="Clicks" data={mostViewed.data} isLoading={mostViewed.isPending} />
            </Col>
          )}
        </Row>
      )}
      {tabs.length > 0 && (
        <Card>
          <Tabs items={tabs} />
        </Card>
      )}
    </>
  );
}
