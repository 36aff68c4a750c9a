import type { SalesChart as SalesChartData } from '@facet/contract/modules/dashboard/dashboard.schema';
import { Flex, Typography } from 'antd';
import { formatAmount } from '../../ui/format.ts';

const HEIGHT = 160;
const BAR_GAP = 4;

/** Takings per day over the last 30 days as bars (beyond the spec); each bar tells its day, orders and takings. */
export function SalesChart({ data }: { data: SalesChartData }) {
  const max = Math.max(1, ...data.days.map((day) => day.revenue));
  const totalOrders = data.days.reduce((sum, day) => sum + day.orders, 0);
  const totalRevenue = data.days.reduce((sum, day) => sum + day.revenue, 0);
  const width = 100 / data.days.length;
  const dayLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (
    <>
      <Flex gap={24} wrap style={{ marginBottom: 12 }}>
        <Typography.Text>
          <Typography.Text strong>{totalOrders.toLocaleString('en-GB')}</Typography.Text> orders
        </Typography.Text>
        <Typography.Text>
          <Typography.Text strong>{formatAmount(totalRevenue, data.currencySymbol)}</Typography.Text> taken
        </Typography.Text>
      </Flex>
      <svg
        role="img"
        aria-label={`Takings per day over the last ${data.days.length} days: ${totalOrders} orders, ${formatAmount(totalRevenue, data.currencySymbol)}`}
        viewBox={`0 0 100 ${HEIGHT}`}
        preserveAspectRatio="none"
        style={{ width: '100%', height: HEIGHT, display: 'block' }}
      >
        {data.days.map((day, index) => {
          const height = day.revenue > 0 ? Math.max(2, (day.revenue / max) * (HEIGHT - 4)) : 0;
          return (
            <rect key={day.day} x={index * width + BAR_GAP / 20} y={HEIGHT - height} width={width - BAR_GAP / 10} height={height} fill="#0f766e" rx={0.3}>
              <title>{`${dayLabel(day.day)}: ${day.orders} orders, ${formatAmount(day.revenue, data.currencySymbol)}`}</title>
            </rect>
          );
        })}
      </svg>
      <Flex justify="space-between" style={{ marginTop: 4 }}>
        <Typography.Text type="secondary">{dayLabel(data.days[0]!.day)}</Typography.Text>
        <Typography.Text type="secondary">{dayLabel(data.days.at(-1)!.day)}</Typography.Text>
      </Flex>
    </>
  );
}
