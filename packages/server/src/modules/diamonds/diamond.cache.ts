import type { CacheSource } from '../cache/index.ts';
import { smallCacheSource } from '../cache/index.ts';
import { countStonesForSale, diamondCombinationDocuments, stoneDocumentBatches } from './diamond-storefront.ts';

/**
 * The Diamonds key: the stones for sale, one document each by id. A million of them are streamed by
 * keyset in batches (`diamond-storefront.ts`), so the build holds one batch, and the live documents
 * answer meanwhile.
 */
export const diamondCacheSource: CacheSource = {
  key: 'diamonds',
  label: 'Diamonds',
  tables: ['diamonds', 'diamond_shapes'],
  count: countStonesForSale,
  batches: (db) => stoneDocumentBatches(db),
};

/** The ring builder's shapes × carat bands that have stones for sale: a few hundred documents at most. */
export const diamondCombinationCacheSource = smallCacheSource({
  key: 'diamond-combinations',
  label: 'Diamond Combinations',
  tables: ['diamonds', 'diamond_shapes'],
  read: diamondCombinationDocuments,
});
