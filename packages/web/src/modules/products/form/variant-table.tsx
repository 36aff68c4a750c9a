import { DeleteOutlined, DownOutlined, PictureOutlined, RightOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography, theme } from 'antd';
import type { CSSProperties, UIEvent } from 'react';
import { memo, useMemo, useState } from 'react';
import { NumberInput } from '../../../ui/number-input.tsx';
import type { VariantStore } from './variant-store.ts';
import { useVariantOrder, useVariantRow } from './variant-store.ts';

/** What the table needs to name attributes and options: by attribute id, its name and its options in their order. */
export interface AttributeLookup {
  get(attributeId: number): { name: string; code: string; options: Map<number, string>; order: number[] } | undefined;
}

const ROW_HEIGHT = 62;
const GROUP_HEIGHT = 40;
/** The scrolling body's height at most; a product with few variants shows them all without a scrollbar. */
const BODY_MAX_HEIGHT = 560;
/** Rows drawn beyond the visible ones, so a fast scroll does not show blanks. */
const OVERSCAN_PX = 400;
const GRID_COLUMNS = 'minmax(160px, 1.2fr) minmax(190px, 1.2fr) minmax(140px, 1fr) 130px 140px 96px';
/** Options, SKU, Model Number, Price, Images, Action: a group's one cell spans them all. */
const COLUMN_COUNT = 6;

type Item = { kind: 'group'; optionId: number; label: string; count: number } | { kind: 'row'; key: string };

/** One variant: options, SKU, Model Number, Price, images and Remove / Undo. Re-renders only when its own row changes. */
const VariantRow = memo(function VariantRow({
  store,
  rowKey,
  lookup,
  onOpenMedia,
  top,
}: {
  store: VariantStore;
  rowKey: string;
  lookup: AttributeLookup;
  onOpenMedia: (key: string) => void;
  /** Its place in the windowed list, in pixels. */
  top: number;
}) {
  const { token } = theme.useToken();
  const { row, errors } = useVariantRow(store, rowKey);
  if (!row) return null;
  const optionsLabel = row.options.map((option) => lookup.get(option.attributeId)?.options.get(option.optionId) ?? `#${option.optionId}`).join(' / ');
  const name = row.sku || optionsLabel;
  // Plain elements rather than antd's Typography and Tooltip: a row mounts on every scroll step.
  const message = (text: string | undefined) =>
    text ? (
      <span title={text} style={{ color: token.colorError, fontSize: 12, lineHeight: '16px', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {text}
      </span>
    ) : null;
  const imageCount = (row.baseImage ? 1 : 0) + row.otherImages.length;
  return (
    <div
      role="row"
      data-testid="variant-row"
      data-variant-key={row.key}
      data-removed={row.removed || undefined}
      style={{
        position: 'absolute',
        top,
        left: 0,
        right: 0,
        height: ROW_HEIGHT,
        display: 'grid',
        gridTemplateColumns: GRID_COLUMNS,
        gap: 12,
        alignItems: 'start',
        padding: '10px 12px 0',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        background: row.removed ? token.colorFillQuaternary : undefined,
      }}
    >
      <Flex vertical role="cell" style={{ paddingTop: 5, minWidth: 0 }}>
        <span title={optionsLabel} style={{ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', textDecoration: row.removed ? 'line-through' : undefined }}>
          {optionsLabel}
        </span>
        {message(errors.options)}
      </Flex>
      <Flex vertical role="cell">
        <Input
          aria-label={`SKU of ${optionsLabel}`}
          value={row.sku}
          disabled={row.removed}
          status={errors.sku ? 'error' : undefined}
          onChange={(event) => store.update(rowKey, { sku: event.target.value })}
        />
        {message(errors.sku)}
      </Flex>
      <Flex vertical role="cell">
        <Input
          aria-label={`Model Number of ${optionsLabel}`}
          placeholder="Model Number"
          value={row.modelNumber}
          disabled={row.removed}
          status={errors.modelNumber ? 'error' : undefined}
          onChange={(event) => store.update(rowKey, { modelNumber: event.target.value })}
        />
        {message(errors.modelNumber)}
      </Flex>
      <Flex vertical role="cell">
        <NumberInput
          decimals={2}
          prefix="£"
          aria-label={`Price of ${optionsLabel}`}
          value={row.price}
          disabled={row.removed}
          status={errors.price ? 'error' : undefined}
          onChange={(price) => store.update(rowKey, { price })}
        />
        {message(errors.price)}
      </Flex>
      <Flex gap={8} align="center" role="cell">
        {row.baseImage ? <img src={row.baseImage} width={36} height={36} style={{ objectFit: 'cover', borderRadius: 4 }} alt={`Main image of ${name}`} data-testid="variant-image" /> : null}
        <Button size="small" icon={<PictureOutlined />} disabled={row.removed} onClick={() => onOpenMedia(rowKey)} aria-label={`Images of ${optionsLabel}`}>
          {imageCount ? `${imageCount}` : 'Add'}
          {row.video ? ' + video' : ''}
        </Button>
      </Flex>
      <div role="cell">
        {row.removed ? (
          <Button size="small" icon={<UndoOutlined />} onClick={() => store.update(rowKey, { removed: false })} aria-label={`Undo remove ${optionsLabel}`}>
            Undo
          </Button>
        ) : (
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => store.update(rowKey, { removed: true })} aria-label={`Remove ${optionsLabel}`}>
            Remove
          </Button>
        )}
      </div>
    </div>
  );
});

/** Groups the rows by their option of the Group By attribute, in that attribute's option order. */
function itemsOf(store: VariantStore, order: readonly string[], groupBy: number | undefined, lookup: AttributeLookup, collapsed: ReadonlySet<number>): Item[] {
  const attribute = groupBy === undefined ? undefined : lookup.get(groupBy);
  if (groupBy === undefined || !attribute) return order.map((key) => ({ kind: 'row', key }));
  const byOption = new Map<number, string[]>();
  for (const key of order) {
    const optionId = store.getRow(key)?.options.find((option) => option.attributeId === groupBy)?.optionId ?? 0;
    const keys = byOption.get(optionId);
    if (keys) keys.push(key);
    else byOption.set(optionId, [key]);
  }
  const rank = (optionId: number) => {
    const index = attribute.order.indexOf(optionId);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  return [...byOption]
    .sort(([a], [b]) => rank(a) - rank(b))
    .flatMap(([optionId, keys]): Item[] => [
      { kind: 'group', optionId, label: `${attribute.name}: ${attribute.options.get(optionId) ?? `#${optionId}`}`, count: keys.length },
      ...(collapsed.has(optionId) ? [] : keys.map((key): Item => ({ kind: 'row', key }))),
    ]);
}

interface VariantTableProps {
  store: VariantStore;
  /** The attribute the rows are grouped by (Group By). */
  groupBy: number | undefined;
  lookup: AttributeLookup;
  onOpenMedia: (key: string) => void;
}

/**
 * The variants, grouped, in a windowed list: only the rows in view (and a margin) are mounted, so a
 * product with 1,000 variants opens and scrolls quickly. The table re-renders when variants are
 * generated, the grouping changes or it scrolls; typing re-renders only the row typed in.
 */
export function VariantTable({ store, groupBy, lookup, onOpenMedia }: VariantTableProps) {
  const { token } = theme.useToken();
  const order = useVariantOrder(store);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [scrollTop, setScrollTop] = useState(0);
  const items = useMemo(() => itemsOf(store, order, groupBy, lookup, collapsed), [store, order, groupBy, lookup, collapsed]);
  const offsets = useMemo(() => {
    const tops: number[] = [];
    let top = 0;
    for (const item of items) {
      tops.push(top);
      top += item.kind === 'group' ? GROUP_HEIGHT : ROW_HEIGHT;
    }
    return { tops, total: top };
  }, [items]);

  const bodyHeight = Math.min(offsets.total, BODY_MAX_HEIGHT);
  const from = scrollTop - OVERSCAN_PX;
  const to = scrollTop + bodyHeight + OVERSCAN_PX;
  // First item whose bottom is past `from` (binary search over the tops).
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (offsets.tops[mid]! + (items[mid]!.kind === 'group' ? GROUP_HEIGHT : ROW_HEIGHT) < from) low = mid + 1;
    else high = mid;
  }
  const visible: { item: Item; top: number }[] = [];
  for (let i = low; i < items.length && offsets.tops[i]! < to; i += 1) visible.push({ item: items[i]!, top: offsets.tops[i]! });

  const toggle = (optionId: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(optionId)) next.delete(optionId);
      else next.add(optionId);
      return next;
    });

  const headerCell: CSSProperties = { fontWeight: 600, color: token.colorTextHeading };
  return (
    <div role="table" aria-label="Variants" style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, overflow: 'hidden' }}>
      <div role="row" style={{ display: 'grid', gridTemplateColumns: GRID_COLUMNS, gap: 12, padding: '10px 12px', background: token.colorFillAlter, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <span role="columnheader" style={headerCell}>Options</span>
        <span role="columnheader" style={headerCell}>SKU</span>
        <span role="columnheader" style={headerCell}>Model Number</span>
        <span role="columnheader" style={headerCell}>Price</span>
        <span role="columnheader" style={headerCell}>Images</span>
        <span role="columnheader" style={headerCell}>Action</span>
      </div>
      <div style={{ height: bodyHeight, overflowY: 'auto', position: 'relative' }} onScroll={(event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop)} data-testid="variant-table-body">
        <div style={{ height: offsets.total, position: 'relative' }}>
          {visible.map(({ item, top }) =>
            item.kind === 'group' ? (
              <div
                key={`group-${item.optionId}`}
                role="row"
                data-testid="variant-group"
                style={{ position: 'absolute', top, left: 0, right: 0, height: GROUP_HEIGHT, display: 'flex', alignItems: 'center', gap: 8, padding: '0 12px', background: token.colorBgLayout, borderBottom: `1px solid ${token.colorBorderSecondary}`, cursor: 'pointer' }}
                onClick={() => toggle(item.optionId)}
              >
                <Flex role="cell" aria-colspan={COLUMN_COUNT} align="center" gap={8}>
                  {collapsed.has(item.optionId) ? <RightOutlined /> : <DownOutlined />}
                  <Typography.Text strong>{item.label}</Typography.Text>
                  <Typography.Text type="secondary">
                    ({item.count} variant{item.count === 1 ? '' : 's'})
                  </Typography.Text>
                </Flex>
              </div>
            ) : (
              <VariantRow key={item.key} store={store} rowKey={item.key} lookup={lookup} onOpenMedia={onOpenMedia} top={top} />
            ),
          )}
        </div>
      </div>
    </div>
  );
}
