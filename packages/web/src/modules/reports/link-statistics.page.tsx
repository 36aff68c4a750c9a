import type { ListResponse } from '@facet/contract/api';
import type { LinkStatisticRecord, LinkType } from '@facet/contract/modules/reports/report.schema';
import { LINK_TYPE_LABELS, LINK_TYPES, linkStatisticResource } from '@facet/contract/modules/reports/report.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Card, Col, Row, Table } from 'antd';
import { useState } from 'react';
import { apiRequest } from '../../api/client.ts';
import { appConfigQuery } from '../../app-config.ts';
import { PageHeader } from '../../ui/page-header.tsx';

const PAGE_SIZE = 10;

/** A link's address on the storefront: a path joined to SITE_URL; a whole address as it is. */
function storefrontHref(url: string, siteUrl: string | undefined) {
  if (/^https?:\/\//i.test(url) || !siteUrl) return url;
  return new URL(url, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).toString();
}

function LinkTable({ type, siteUrl }: { type: LinkType; siteUrl: string | undefined }) {
  const [page, setPage] = useState(1);
  const query = { type, sort: 'clicks', order: 'desc', page, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['link-statistics', query],
    queryFn: () => apiRequest<ListResponse<LinkStatisticRecord>>(`/api/${linkStatisticResource.name}`, { query }),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<LinkStatisticRecord> = [
    {
      title: 'Headline',
      dataIndex: 'label',
      render: (label: string, row) => (
        <a href={storefrontHref(row.url, siteUrl)} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      ),
    },
    { title: 'Clicks', dataIndex: 'clicks', align: 'right', width: 100 },
  ];
  return (
    <Card title={LINK_TYPE_LABELS[type]} style={{ height: '100%' }}>
      <Table<LinkStatisticRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isPending}
        locale={{ emptyText: 'No data available' }}
        pagination={(list.data?.total ?? 0) > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: setPage } : false}
      />
    </Card>
  );
}

/** /report/link-statistics (document 3 §2.15): three tables, products, category and pages, with headline and clicks; links open the storefront in a new tab. */
export default function LinkStatisticsPage() {
  const config = useQuery(appConfigQuery);
  return (
    <>
      <PageHeader title="Link Statistics" />
      <Row gutter={[16, 16]}>
        {LINK_TYPES.map((type) => (
          <Col key={type} xs={24} xl={8}>
            <LinkTable type={type} siteUrl={config.data?.siteUrl} />
          </Col>
        ))}
      </Row>
    </>
  );
}
