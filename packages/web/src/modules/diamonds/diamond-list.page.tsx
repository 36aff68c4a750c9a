import { DiamondList } from './diamond-list.tsx';

const DEFAULTS = { isEarthByDefault: true };

/** /diamonds and /diamond: the diamonds, or the gemstones with ?type=gemstone (document 2 §2); Type starts at Earth (§9). */
export default function DiamondListPage() {
  return (
    <DiamondList
      defaults={DEFAULTS}
      titles={{ diamond: 'Diamonds', gemstone: 'Gemstones' }}
      emptyTexts={{ diamond: 'No diamonds match these filters.', gemstone: 'No gemstones match these filters.' }}
    />
  );
}
