import { Empty } from 'antd';

/**
 * The Orders tab of a customer (document 2 §2, §3 Order row): order number, total, qty, status and
 * date, each linking to its order at `/order/view/order_id/{order_number}`
 * and to its invoice when one exists. Orders arrive with the orders issue; until then the tab is empty.
 */
export function CustomerOrdersTab() {
  return <Empty description="No orders yet" />;
}
