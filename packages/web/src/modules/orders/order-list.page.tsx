import { orderResource } from '@facet/contract/modules/orders/order.schema';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import type { FilterInputProps } from '../../ui/filter-select.tsx';
import { FilterSelect } from '../../ui/filter-select.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { customerApi, customerKeys } from '../customers/customer.api.ts';
import { orderColumns } from './order-columns.tsx';
import { orderPaths } from './order.paths.ts';

type OrderRow = ListItemOf<typeof orderResource>;

/** The Filters panel's fields (document 3 §2.4, §7 GetOrderAdminLists); `customerId` is the customer's Orders tab's. */
const PANEL_FILTERS = ['orderNumber', 'email', 'name', 'date', 'status', 'country', 'paymentMethod'] as const;

/** The country an order ships to, picked by name; the filter holds its code (GB). */
function CountrySelect(props: FilterInputProps) {
  const countries = useQuery({ queryKey: customerKeys.countries, queryFn: customerApi.countries, staleTime: Infinity });
  const options = useMemo(() => countries.data?.map((country) => ({ value: country.id, label: country.name })), [countries.data]);
  return <FilterSelect {...props} label="Country" options={options} lookup={countries} />;
}

/**
 * /sales/orders (document 3 §2.4; issue 24 §1): the Filters panel (order number, email, name, order
 * date range, order status as a multi-select, country, payment method; Apply, Reset), Export Excel
 * of what the filters select, 10 a page. Each row's View link carries the list's page and filters,
 * which the order's Back restores. Orders are placed by the storefront: no Add, no edit or delete.
 */
export default function OrderListPage() {
  const columns = orderColumns<OrderRow>({ search: useLocation().search });
  return (
    <ResourceListPage
      resource={orderResource}
      // No edit form: the resource's operations leave the Action column out, and the View column opens an order.
      paths={{ list: orderPaths.list, edit: orderPaths.view }}
      title="Orders"
      panelFilters={PANEL_FILTERS}
      filterInputs={{ country: <CountrySelect /> }}
      // The status changes on the order's view, through the workflow's form: the list shows it.
      rowActions={() => ({ status: 'hidden' })}
      rowLabel={(order) => `Order ${order.orderNumber}`}
      statusAfter={5}
      columns={[
        columns.orderNumber,
        { title: 'Email', dataIndex: 'email', key: 'email' },
        { title: 'Guest', dataIndex: 'isGuest', key: 'isGuest', render: (isGuest: boolean) => (isGuest ? 'Yes' : 'No') },
        columns.total,
        columns.items,
        columns.date,
        columns.invoice,
        columns.view,
      ]}
    />
  );
}
