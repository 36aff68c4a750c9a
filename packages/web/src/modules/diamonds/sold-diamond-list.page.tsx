import { Segmented } from 'antd';
import { useSearchParams } from 'react-router';
import { DiamondList } from './diamond-list.tsx';

const FIXED = { state: 'sold' };
/** Every sold stone, earth and lab, unless the panel narrows it. */
const DEFAULTS = { isEarthByDefault: false };

/** Sold Diamond (document 2 §2, route not shown): the stones marked sold, diamonds or gemstones; Add to Inventory reverts one. */
export default function SoldDiamondListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const isGemstone = searchParams.get('type') === 'gemstone';
  return (
    <DiamondList
      titles={{ diamond: 'Sold Diamond', gemstone: 'Sold Diamond' }}
      fixedParams={FIXED}
      defaults={DEFAULTS}
      emptyTexts={{ diamond: 'No sold diamonds match these filters.', gemstone: 'No sold gemstones match these filters.' }}
      extra={
        <Segmented
          aria-label="Stones"
          value={isGemstone ? 'gemstone' : 'diamond'}
          options={[
            { value: 'diamond', label: 'Diamonds' },
            { value: 'gemstone', label: 'Gemstones' },
          ]}
          // Another kind of stone starts a fresh list: its filters differ.
          onChange={(value) => setSearchParams(value === 'gemstone' ? { type: 'gemstone' } : {})}
        />
      }
    />
  );
}
