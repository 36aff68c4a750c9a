import { REPORT_PERIODS, REPORT_PERIOD_LABELS } from '@facet/contract/modules/appointments/appointment.schema';
import type { AppointmentReportRow, ReportPeriod } from '@facet/contract/modules/appointments/appointment.schema';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Flex, Segmented, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PageHeader } from '../../ui/page-header.tsx';
import { tableLoadingState } from '../../ui/loading-state.tsx';
import type { ReportQuery } from './appointment.api.ts';
import { appointmentApi, appointmentKeys } from './appointment.api.ts';
import { AssigneeSelect } from './assignee-select.tsx';

const SERIES = [
  { key: 'inProgress', label: 'In progress', colour: '#1677ff' },
  { key: 'successful', label: 'Successful', colour: '#389e0d' },
  { key: 'unsuccessful', label: 'Unsuccessful', colour: '#cf1322' },
] as const;

/** A grouped bar chart of the page's rows: per assignee, one bar per outcome, with its count on top. */
function ReportChart({ rows }: { rows: AppointmentReportRow[] }) {
  if (!rows.length) return <Empty description="No appointments in this period" />;
  const max = Math.max(1, ...rows.flatMap((row) => SERIES.map((series) => row[series.key])));
  const groupWidth = 120;
  const barWidth = 28;
  const height = 220;
  const top = 20;
  const width = rows.length * groupWidth + 40;
  const summary = rows.map((row) => `${row.name}: ${SERIES.map((series) => `${row[series.key]} ${series.label.toLowerCase()}`).join(', ')}`).join('; ');
  return (
    <div style={{ overflowX: 'auto' }}>
      <svg role="img" aria-label={`Appointments by assignee. ${summary}`} width={width} height={height + 60} style={{ display: 'block' }}>
        <line x1={30} y1={top + height} x2={width} y2={top + height} stroke="#d9d9d9" />
        {rows.map((row, index) => {
          const x0 = 40 + index * groupWidth;
          return (
            <g key={row.assigneeId ?? 'unassigned'}>
              {SERIES.map((series, s) => {
                const value = row[series.key];
                const barHeight = (value / max) * height;
                const x = x0 + s * (barWidth + 4);
                return (
                  <g key={series.key}>
                    <rect x={x} y={top + height - barHeight} width={barWidth} height={barHeight} fill={series.colour} rx={2} />
                    <text x={x + barWidth / 2} y={top + height - barHeight - 4} textAnchor="middle" fontSize={11} fill="#262626">
                      {value}
                    </text>
                  </g>
                );
              })}
              <text x={x0 + (3 * barWidth + 8) / 2} y={top + height + 18} textAnchor="middle" fontSize={12} fill="#262626">
                {row.name.length > 16 ? `${row.name.slice(0, 15)}…` : row.name}
              </text>
            </g>
          );
        })}
      </svg>
      <Flex gap={16} wrap style={{ marginTop: 4 }}>
        {SERIES.map((series) => (
          <Flex key={series.key} gap={6} align="center">
            <span aria-hidden style={{ width: 12, height: 12, background: series.colour, borderRadius: 2, display: 'inline-block' }} />
            <Typography.Text>{series.label}</Typography.Text>
          </Flex>
        ))}
      </Flex>
    </div>
  );
}

/**
 * /Appointments/report (document 3 §2.13, §3 Appointment report row): per assignee, the appointments
 * booked in the period that are in progress, successful and unsuccessful; the period this week, month,
 * year or a custom range; one assignee or all; a bar chart of the page and the table, ten a page.
 */
export default function AppointmentReportPage() {
  const [period, setPeriod] = useState<ReportPeriod>('month');
  const [range, setRange] = useState<[string, string] | null>(null);
  const [assigneeId, setAssigneeId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const query: ReportQuery = {
    period,
    ...(period === 'custom' && range ? { from: range[0], to: range[1] } : {}),
    ...(assigneeId ? { assigneeId } : {}),
    page,
    pageSize: 10,
  };
  const waitingForRange = period === 'custom' && !range;
  const report = useQuery({ queryKey: appointmentKeys.report(query), queryFn: () => appointmentApi.report(query), enabled: !waitingForRange });
  const rows = report.data?.items ?? [];

  return (
    <>
      <PageHeader title="Appointment Report" />
      <Card>
        <Flex gap={16} wrap align="center" style={{ marginBottom: 16 }}>
          <Segmented<ReportPeriod>
            aria-label="Period"
            value={period}
            options={REPORT_PERIODS.map((value) => ({ value, label: REPORT_PERIOD_LABELS[value] }))}
            onChange={(value) => {
              setPeriod(value);
              setPage(1);
            }}
          />
          {period === 'custom' && (
            <DatePicker.RangePicker
              aria-label="From and to"
              format="MM/DD/YYYY"
              value={range ? [dayjs(range[0]), dayjs(range[1])] : null}
              onChange={(dates) => {
                setRange(dates?.[0] && dates[1] ? [dates[0].format('YYYY-MM-DD'), dates[1].format('YYYY-MM-DD')] : null);
                setPage(1);
              }}
            />
          )}
          <AssigneeSelect
            aria-label="Assignee"
            placeholder="All assignees"
            style={{ minWidth: 200 }}
            value={assigneeId}
            onChange={(value) => {
              setAssigneeId(value ?? undefined);
              setPage(1);
            }}
          />
          {report.data && (
            <Typography.Text type="secondary">
              {dayjs(report.data.from).format('MM/DD/YYYY')} to {dayjs(report.data.to).format('MM/DD/YYYY')}
            </Typography.Text>
          )}
        </Flex>
        {waitingForRange ? <Empty description="Choose the From and To dates" /> : <ReportChart rows={rows} />}
        <Table<AppointmentReportRow>
          style={{ marginTop: 24 }}
          rowKey={(row) => row.assigneeId ?? 0}
          size="middle"
          dataSource={rows}
          {...tableLoadingState(report.isFetching)}
          columns={[
            { title: 'Assignee', dataIndex: 'name' },
            { title: 'In progress', dataIndex: 'inProgress', align: 'right' },
            { title: 'Successful', dataIndex: 'successful', align: 'right' },
            { title: 'Unsuccessful', dataIndex: 'unsuccessful', align: 'right' },
          ]}
          pagination={{ current: page, pageSize: 10, total: report.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        />
      </Card>
    </>
  );
}
