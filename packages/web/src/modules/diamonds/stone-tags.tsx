import { UNPRICED_REASONS } from '@facet/contract/modules/diamonds/diamond.schema';
import type { DiamondListRow } from '@facet/contract/modules/diamonds/diamond.schema';
import { Tag, Tooltip } from 'antd';
import { formatPounds } from './diamond-format.ts';

/** The stone's state beside its name: Sold Out (the spec's badge) or no longer offered by the feed. */
export function StoneStateTag({ stone }: { stone: Pick<DiamondListRow, 'isSold' | 'isUnavailable'> }) {
  if (stone.isSold) return <Tag color="red">Sold Out</Tag>;
  if (stone.isUnavailable) return <Tag>No longer offered</Tag>;
  return null;
}

/** A price in whole pounds, or why the stone is not for sale. */
export function StonePrice({ stone }: { stone: Pick<DiamondListRow, 'price' | 'unpricedReason'> }) {
  if (stone.price !== null) return <>{formatPounds(stone.price)}</>;
  return (
    <Tooltip title={UNPRICED_REASONS[stone.unpricedReason ?? 'no_band']}>
      <Tag color="warning">Not for sale</Tag>
    </Tooltip>
  );
}
