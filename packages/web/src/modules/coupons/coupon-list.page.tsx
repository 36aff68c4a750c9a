import { couponResource } from '@facet/contract/modules/coupons/coupon.schema';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { couponPaths } from './coupon.paths.ts';

type CouponRow = ListItemOf<typeof couponResource>;

/** Expire Date as the spec shows dates (month/day/year), with what makes a coupon unusable. */
function ExpiryCell({ row }: { row: CouponRow }) {
  const isExpired = row.expiryDate < dayjs().format('YYYY-MM-DD');
  const isUsedUp = row.usagePerCoupon > 0 && row.usedCount >= row.usagePerCoupon;
  return (
    <>
      {dayjs(row.expiryDate).format('MM/DD/YYYY')}
      {isExpired && <Tag color="default" style={{ marginLeft: 8 }}>Expired</Tag>}
      {isUsedUp && <Tag color="orange" style={{ marginLeft: 8 }}>Used up</Tag>}
    </>
  );
}

export default function CouponListPage() {
  return (
    <ResourceListPage
      resource={couponResource}
      paths={couponPaths}
      title="Coupons"
      searchPlaceholder="Search coupon code"
      columns={[
        { title: 'Name', dataIndex: 'code', key: 'code' },
        { title: 'Expire Date', key: 'expiryDate', render: (_: unknown, row: CouponRow) => <ExpiryCell row={row} /> },
        { title: 'Used', key: 'used', align: 'right', render: (_: unknown, row: CouponRow) => (row.usagePerCoupon > 0 ? `${row.usedCount} / ${row.usagePerCoupon}` : String(row.usedCount)) },
        dateColumn<CouponRow>('Created Date', 'createdAt'),
      ]}
    />
  );
}
