import type { InquiryLine, InquiryRecord } from '@facet/contract/modules/inquiries/inquiry.schema';
import { inquiryResource } from '@facet/contract/modules/inquiries/inquiry.schema';
import { lineSkuOrCertificate } from '@facet/contract/modules/inquiries/sale-line.schema';
import type { TableColumnsType } from 'antd';
import { Table, Tag, Typography } from 'antd';
import { formatAmount, formatDateTime } from '../../ui/format.ts';
import { ResourceViewPage } from '../../ui/resource-view-page.tsx';
import { inquiryPaths } from './inquiry.paths.ts';
import { SaleAddress, SaleFacts, SaleLineProduct, SaleSection, SaleTotals } from './sale-lines.tsx';

const noWrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text || '-'}</span>;

/** Items Inquired (document 3 §2.5): each line as the shopper asked about it, at the price it had then. */
function InquiryItems({ inquiry }: { inquiry: InquiryRecord }) {
  const money = (amount: number) => noWrap(formatAmount(amount, inquiry.symbol));
  const columns: TableColumnsType<InquiryLine> = [
    { title: 'Product', key: 'product', render: (_, line) => <SaleLineProduct line={line} /> },
    { title: 'Size', dataIndex: 'size', render: noWrap },
    { title: 'Model', dataIndex: 'modelNumber', render: noWrap },
    { title: 'SKU / Certificate', key: 'sku', render: (_, line) => noWrap(lineSkuOrCertificate(line)) },
    { title: 'System SKU', dataIndex: 'sku', render: noWrap },
    { title: 'Price', dataIndex: 'price', align: 'right', render: money },
    { title: 'Qty', dataIndex: 'qty', align: 'right' },
    { title: 'Product Discount', dataIndex: 'discount', align: 'right', render: money },
    { title: 'Total', dataIndex: 'total', align: 'right', render: money },
  ];
  return <Table<InquiryLine> rowKey="id" size="small" columns={columns} dataSource={inquiry.lines} pagination={false} scroll={{ x: 'max-content' }} />;
}

/**
 * /inquiry/view/inquiry_id/{id} (document 3 §2.5): Inquiry & Account Information, Address Information,
 * Items Inquired and Inquiry Total, amounts in the inquiry's own currency. Back returns to the list's
 * page and filters.
 */
export default function InquiryViewPage() {
  return (
    <ResourceViewPage resource={inquiryResource} paths={inquiryPaths} title={(inquiry) => `Inquiry ${inquiry.inquiryNumber}`}>
      {(inquiry) => {
        const hasAddress = Boolean(inquiry.street || inquiry.country || inquiry.postcode);
        return (
          <>
            <SaleSection title="Inquiry & Account Information">
              <SaleFacts
                items={[
                  { key: 'number', label: 'Inquiry Number', children: inquiry.inquiryNumber },
                  { key: 'date', label: 'Inquiry Date', children: formatDateTime(inquiry.createdAt) },
                  {
                    key: 'name',
                    label: 'Customer Name',
                    children: (
                      <span>
                        {inquiry.firstName} {inquiry.lastName} {inquiry.customerId === null && <Tag>Guest</Tag>}
                      </span>
                    ),
                  },
                  { key: 'email', label: 'Email', children: <Typography.Link href={`mailto:${inquiry.email}`}>{inquiry.email}</Typography.Link> },
                  { key: 'phone', label: 'Phone', children: inquiry.contactNumber },
                ]}
              />
            </SaleSection>
            <SaleSection title="Address Information">
              <Typography.Text strong>Billing Address</Typography.Text>
              {hasAddress ? (
                <SaleAddress lines={[`${inquiry.firstName} ${inquiry.lastName}`, inquiry.street, inquiry.country, inquiry.postcode]} />
              ) : (
                <Typography.Paragraph type="secondary">Billing address not available</Typography.Paragraph>
              )}
            </SaleSection>
            <SaleSection title="Items Inquired">
              <InquiryItems inquiry={inquiry} />
            </SaleSection>
            <SaleSection title="Inquiry Total">
              <SaleTotals
                rows={[
                  ['Subtotal', formatAmount(inquiry.subtotal, inquiry.symbol)],
                  ['Coupon Discount', formatAmount(inquiry.discount, inquiry.symbol)],
                  ['Grand Total', formatAmount(inquiry.total, inquiry.symbol)],
                ]}
              />
            </SaleSection>
          </>
        );
      }}
    </ResourceViewPage>
  );
}
