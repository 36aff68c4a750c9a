import type { SaleLineSnapshot } from '@facet/contract/modules/inquiries/sale-line.schema';
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';

/**
 * What the sales screens (an inquiry, an abandoned cart) share: their sections, a line's product as the
 * shopper chose it, an address block.
 */

/** A titled section of a sale's view. */
export function SaleSection({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card size="small" title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{title}</Typography.Title>} extra={extra} style={{ marginBottom: 16 }}>
      {children}
    </Card>
  );
}

/** Label and value rows of a section, two a line on a wide screen. */
export function SaleFacts({ items }: { items: NonNullable<DescriptionsProps['items']> }) {
  return <Descriptions size="small" column={{ xs: 1, md: 2 }} styles={{ label: { width: 150 } }} items={items} />;
}

/** A sale's totals, one under the other, on the right as on an invoice; the last one (the total) in bold. */
export function SaleTotals({ rows }: { rows: readonly [label: string, amount: string][] }) {
  return (
    <Flex justify="end">
      <Descriptions
        size="small"
        column={1}
        style={{ minWidth: 280 }}
        styles={{ label: { width: 150 }, content: { justifyContent: 'flex-end', fontVariantNumeric: 'tabular-nums' } }}
        items={rows.map(([label, amount], index) => ({ key: label, label, children: index === rows.length - 1 ? <strong>{amount}</strong> : amount }))}
      />
    </Flex>
  );
}

/** A line's product: its name, then its vendor and the options the storefront shows (metal, ring size). */
export function SaleLineProduct({ line }: { line: SaleLineSnapshot }) {
  const shown = line.productOptions.filter((option) => option.showInStorefront);
  return (
    <Flex vertical gap={2}>
      <span>
        {line.name} {line.isDiamond && <Tag>Diamond</Tag>}
      </span>
      {line.vendor && <Typography.Text type="secondary">Vendor: {line.vendor}</Typography.Text>}
      {shown.map((option) => (
        <Typography.Text key={option.title} type="secondary">
          {option.title}: {option.value}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** An address as a shop writes it on an envelope, one part a line; the parts left blank are left out. */
export function SaleAddress({ lines }: { lines: readonly string[] }) {
  return (
    <address style={{ fontStyle: 'normal' }}>
      {lines
        .filter((line) => line.trim() !== '')
        .map((line, index) => (
          <div key={index}>{line}</div>
        ))}
    </address>
  );
}
