import type { ExportColumn } from '@facet/contract/resource';
import { PRODUCT_SHEET_COLUMNS } from '@facet/contract/modules/products/product-sheet';
import type { ProductSheetColumn } from '@facet/contract/modules/products/product-sheet';

/**
 * The example sheet offered on the import screen: the spec's columns (document 2 §3) and sample rows
 * that import as they are into the demo catalogue: a simple product, and a ring with variants over
 * option1 (metal) and option2 (ring size).
 */
export const EXAMPLE_COLUMNS: readonly ExportColumn[] = PRODUCT_SHEET_COLUMNS.map((column) => ({
  field: column,
  header: column,
  type: column === 'price' || column === 'weight' || column === 'stock' ? 'number' : 'text',
  width: column === 'description' ? 40 : 18,
}));

type ExampleRow = Partial<Record<ProductSheetColumn, string | number>>;

const RING = 'RING-EX-100';
const variant = (suffix: string, metal: string, size: string, price: number): ExampleRow => ({
  sku: `${RING}-${suffix}`,
  parent_sku: RING,
  price,
  stock: 1,
  option1_name: 'metal',
  option1_value: metal,
  option2_name: 'ringSize',
  option2_value: size,
  model_number: `${RING}-${suffix}`,
});

export const EXAMPLE_ROWS: readonly ExampleRow[] = [
  {
    sku: 'PEND-EX-001',
    product_title: 'Diamond Solitaire Pendant',
    attribute_set: 'Pendants',
    category: 'Pendants',
    description: 'A round brilliant diamond on an 18 inch chain.',
    weight: 2.5,
    weight_unit: 'g',
    stock: 3,
    price: 850,
    meta_title: 'Diamond Solitaire Pendant',
    meta_keywords: 'diamond pendant, solitaire pendant',
    meta_description: 'A classic diamond solitaire pendant.',
    attributes: 'Gemstone:Diamond|Hallmark:London Assay Office',
    is_gift_card: 'no',
    model_number: 'PEND-EX-001',
  },
  {
    sku: RING,
    product_title: 'Classic Solitaire Engagement Ring',
    attribute_set: 'Rings',
    category: 'Rings',
    sub_category: 'Engagement Rings|Solitaire Engagement Rings',
    description: 'A four claw solitaire setting, made to order in your choice of metal and size.',
    weight: 3.2,
    weight_unit: 'g',
    price: 1200,
    meta_title: 'Classic Solitaire Engagement Ring',
    side_diamonds_size: '',
    related_skus: 'PEND-EX-001',
    attributes: 'Setting Style:Claw|Gemstone:Diamond',
    can_be_set_with_shape: 'Round|Oval',
    can_be_set_with_carat: '0.5-2',
    is_gift_card: 'no',
    model_number: RING,
  },
  variant('YG-L', '18ct Yellow Gold', 'L', 1200),
  variant('YG-N', '18ct Yellow Gold', 'N', 1200),
  variant('PT-L', 'Platinum', 'L', 1450),
  variant('PT-N', 'Platinum', 'N', 1450),
];

export async function* exampleRows(): AsyncIterable<Record<string, unknown>> {
  for (const row of EXAMPLE_ROWS) yield row;
}
