import type { RingRequestRecord } from '@facet/contract/modules/reports/report.schema';
import { ringRequestResource } from '@facet/contract/modules/reports/report.schema';
import { Button, Descriptions, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../ui/format.ts';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { Thumbnail } from '../../ui/thumbnail.tsx';
import { REPORT_PATHS } from './report.paths.ts';

type RingRequestRow = ListItemOf<typeof ringRequestResource>;

function RingRequestModal({ request, onClose }: { request: RingRequestRecord | null; onClose: () => void }) {
  return (
    <Modal title="Virtual Ring Request" open={request !== null} onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>} width={640}>
      {request && (
        <Flex gap={16} align="flex-start" wrap>
          <Thumbnail src={request.image} alt={request.productName} size={120} />
          <Descriptions column={1} size="small" bordered style={{ flex: 1, minWidth: 280 }}>
            <Descriptions.Item label="Name">{request.name}</Descriptions.Item>
            <Descriptions.Item label="E-mail">
              <a href={`mailto:${request.email}`}>{request.email}</a>
            </Descriptions.Item>
            <Descriptions.Item label="Product">{request.productName}</Descriptions.Item>
            <Descriptions.Item label="SKU">{request.sku}</Descriptions.Item>
            <Descriptions.Item label="Metal">{request.metal || '-'}</Descriptions.Item>
            <Descriptions.Item label="Style">{request.style || '-'}</Descriptions.Item>
            <Descriptions.Item label="Shape">{request.shape || '-'}</Descriptions.Item>
            <Descriptions.Item label="Carat">{request.carat || '-'}</Descriptions.Item>
            <Descriptions.Item label="Date">{formatDateTime(request.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="Message">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{request.message || '-'}</Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
        </Flex>
      )}
    </Modal>
  );
}

/**
 * /virtual-ring-builder (document 3 §2.15, §3 Virtual ring request): image, product, SKU, metal,
 * style, shape, carat, name, e-mail and date; search and paging; View opens the Virtual Ring Request
 * modal with the customer's name and message.
 */
export default function RingRequestListPage() {
  const [opened, setOpened] = useState<RingRequestRecord | null>(null);
  return (
    <>
      <ResourceListPage
        resource={ringRequestResource}
        paths={{ list: REPORT_PATHS.ringRequests, edit: REPORT_PATHS.ringRequests }}
        title="Virtual Ring Builder"
        searchPlaceholder="Search product, SKU, name or e-mail"
        rowLabel={(row) => `the request of ${row.name}`}
        columns={[
          { title: 'Image', dataIndex: 'image', key: 'image', width: 72, render: (image: string, row: RingRequestRow) => <Thumbnail src={image} alt={row.productName} size={40} /> },
          { title: 'Product', dataIndex: 'productName', key: 'productName' },
          { title: 'SKU', dataIndex: 'sku', key: 'sku' },
          { title: 'Metal', dataIndex: 'metal', key: 'metal' },
          { title: 'Style', dataIndex: 'style', key: 'style' },
          { title: 'Shape', dataIndex: 'shape', key: 'shape' },
          { title: 'Carat', dataIndex: 'carat', key: 'carat', align: 'right' },
          { title: 'Name', dataIndex: 'name', key: 'name' },
          { title: 'E-mail', dataIndex: 'email', key: 'email' },
          dateColumn<RingRequestRow>('Date', 'createdAt'),
          {
            title: 'View',
            key: 'view',
            render: (_: unknown, row: RingRequestRow) => (
              <Button size="small" onClick={() => setOpened(row)} aria-label={`View the request of ${row.name}`}>
                View
              </Button>
            ),
          },
        ]}
      />
      <RingRequestModal request={opened} onClose={() => setOpened(null)} />
    </>
  );
}
