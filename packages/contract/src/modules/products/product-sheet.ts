/**
 * The product spreadsheet (document 2 §3 "Import row columns"): the import reads these columns (header
 * names lower-cased, spaces and dashes as underscores), and the product export writes exactly them,
 * a parent row then its variant rows, so an exported sheet edited and imported again gives the edits.
 */
export const PRODUCT_SHEET_COLUMNS = [
  'sku',
  'parent_sku',
  'product_title',
  'attribute_set',
  'category',
  'sub_category',
  'description',
  'weight',
  'weight_unit',
  'stock',
  'price',
  'meta_title',
  'meta_keywords',
  'meta_description',
  'side_diamonds_size',
  'side_diamonds_pieces',
  'side_diamonds_weight',
  'side_diamonds_weight_unit',
  'related_skus',
  'attributes',
  'options',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'can_be_set_with_shape',
  'can_be_set_with_carat',
  'is_gift_card',
  'model_number',
] as const;
export type ProductSheetColumn = (typeof PRODUCT_SHEET_COLUMNS)[number];

/** Between the values of a list cell (categories, related SKUs, attributes, options, shapes, carats). */
export const SHEET_LIST_SEPARATOR = '|';
/** Between a title or name and its value in the attributes and options cells (`Metal:Gold|Stone:Ruby`). */
export const SHEET_PAIR_SEPARATOR = ':';
/** Between the from and to carat of one Can Be Set With row in the carat cell (`0.5-1.5|1-2`). */
export const SHEET_RANGE_SEPARATOR = '-';
/** The spec's gift card cell: 'yes' means 1. */
export const SHEET_YES = 'yes';
export const SHEET_NO = 'no';
/** The variant option columns: option1 to option3. */
export const SHEET_OPTION_SLOTS = 3;

/** `title:value|title:value`, as the attributes and options cells hold pairs. */
export const sheetPairs = (pairs: readonly { name: string; value: string }[]) => pairs.map((pair) => `${pair.name}${SHEET_PAIR_SEPARATOR}${pair.value}`).join(SHEET_LIST_SEPARATOR);
/** `a|b|c`, as a list cell holds values. */
export const sheetList = (values: readonly (string | number)[]) => values.join(SHEET_LIST_SEPARATOR);

/** The export's file name (and sheet name). */
export const PRODUCT_EXPORT_FILE_NAME = 'Products';
