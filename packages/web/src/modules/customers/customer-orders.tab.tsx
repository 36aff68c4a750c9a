import { ORDER_PAGE_SIZE, orderResource } from '@facet/contract/modules/orders/order.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Table } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { canAccess, useSession } from '../../session/session-context.ts';
import { tableLoadingState } from '../../ui/loading-state.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { resourceApi, resourceKeys } from '../../ui/resource-api.ts';
import { listPagination } from '../../ui/use-list-query.ts';
import { orderColumns } from '../orders/order-columns.tsx';

type OrderRow = ListItemOf<typeof orderResource>;
const orders = resourceApi(orderResource);

/** The orders of one customer, newest first, 10 a page: the orders list filtered by customer (document 2 §7). */
function CustomerOrders({ customerId }: { customerId: number }) {
  const location = useLocation();
  const [page, setPage] = useState(1);
  const query = { page, pageSize: ORDER_PAGE_SIZE, customerId };
  const list = useQuery({ queryKey: resourceKeys.list(orderResource, query), queryFn: () => orders.list(query), placeholderData: keepPreviousData });
  // The order's Back returns here, to this tab, with what this screen was opened with.
  const columns = orderColumns<OrderRow>({ state: { returnTo: `${location.pathname}${location.search}`, returnState: location.state } });
  return (
    <Table<OrderRow>
      rowKey="id"
      size="middle"
      columns={[columns.orderNumber, columns.total, columns.items, columns.status, columns.date, columns.invoice, columns.view]}
      dataSource={list.data?.items ?? []}
      {...tableLoadingState(list.isFetching, 'No orders yet')}
      onChange={(pagination) => setPage(pagination.current ?? 1)}
      scroll={{ x: 'max-content' }}
      pagination={{ ...listPagination({ page, pageSize: ORDER_PAGE_SIZE }, list.data), showSizeChanger: false }}
    />
  );
}

/**
 * The Orders tab of a customer (document 2 §2, §3 Order row): order number, total, items, status and
 * date, each linking to its order at /order/view/order_id/{order_number}, and to its invoice when one
 * exists. Orders are the Sales area's: staff without that permission are told so.
 */
export function CustomerOrdersTab({ customerId }: { customerId: number }) {
  const session = useSession();
  if (!canAccess(session, orderResource.permission)) {
    return <Alert type="info" showIcon title="Orders are shown to staff with the Sales permission." />;
  }
  return <CustomerOrders customerId={customerId} />;
}
