import { METAL_QUALITY_ATTRIBUTE_CODE, VENDOR_ATTRIBUTE_CODE } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { AttributeInputType } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { attributeOptions, productAttributes } from './product-attribute.table.ts';
import { DEFAULT_SHOP_NAME } from '@facet/contract/modules/products/product.schema';

export interface SeedAttribute {
  attributeName: string;
  attributeCode: string;
  inputType: AttributeInputType;
  options: string[];
  isRequired?: boolean;
  useInSearch?: boolean;
  showInStorefront?: boolean;
  description?: string;
}

/** Inserts attributes with their options in the order given. */
export async function insertAttributes(tx: Db, adminId: number, attributes: SeedAttribute[]) {
  for (const { options, ...attribute } of attributes) {
    const [row] = await tx
      .insert(productAttributes)
      .values({ ...attribute, createdBy: adminId, updatedBy: adminId })
      .returning({ id: productAttributes.id });
    if (!options.length) continue;
    await tx
      .insert(attributeOptions)
      .values(options.map((value, index) => ({ attributeId: row!.id, value, sortOrder: index + 1, createdBy: adminId, updatedBy: adminId })));
  }
}

/** The shop's own name: the first vendor, and the vendor a product gets by default. */
const SHOP_VENDOR = DEFAULT_SHOP_NAME;

const INCHES = (values: number[]) => values.map((value) => `${value}"`);

/** UK ring sizes H to Z with the half sizes between: H, H½, I, ... Z. */
const UK_RING_SIZES = 'HIJKLMNOPQRSTUVWXYZ'.split('').flatMap((letter) => (letter === 'Z' ? [letter] : [letter, `${letter}½`]));

/**
 * Attributes Facet reads by code, seeded on every new database: Metal_quality and vendor, and the
 * configurable codes of document 2 §9 a jeweller sells with (metal, bridal shape, stud quality and
 * carat, chain and bracelet lengths, fine jewellery carat). The codes of the former shop's own
 * collections (coins, Benchmark, Butterfly, Island Hooked) are left for a shop that has them to add.
 * Ring size is both: the size chart lives in product sizes (male, female, unisex lists), and the
 * attribute below lets a ring be configured (a variant per size) like any other option.
 */
const REFERENCE_ATTRIBUTES: SeedAttribute[] = [
  {
    attributeName: 'Metal Quality',
    attributeCode: METAL_QUALITY_ATTRIBUTE_CODE,
    inputType: 'dropdown',
    options: ['9ct', '14ct', '18ct', '22ct', '950 Platinum', '925 Sterling Silver'],
    description: 'Names the metal qualities (System > Metal Quality).',
  },
  { attributeName: 'Vendor', attributeCode: VENDOR_ATTRIBUTE_CODE, inputType: 'dropdown', options: [SHOP_VENDOR], description: 'Who supplies a product.' },
  {
    attributeName: 'Metal',
    attributeCode: 'metal',
    inputType: 'radio',
    options: ['9ct Yellow Gold', '9ct White Gold', '18ct Yellow Gold', '18ct White Gold', '18ct Rose Gold', 'Platinum', 'Sterling Silver'],
    isRequired: true,
    useInSearch: true,
    showInStorefront: true,
  },
  {
    attributeName: 'Bridal Shape',
    attributeCode: 'bridalshape',
    inputType: 'radio',
    options: ['Round', 'Oval', 'Cushion', 'Pear', 'Emerald', 'Princess', 'Radiant', 'Asscher', 'Marquise', 'Heart'],
    useInSearch: true,
    showInStorefront: true,
  },
  { attributeName: 'Ring Size', attributeCode: 'ringSize', inputType: 'dropdown', options: UK_RING_SIZES, isRequired: true, showInStorefront: true },
  { attributeName: 'Stud Quality', attributeCode: 'QualityStud', inputType: 'dropdown', options: ['Good', 'Very Good', 'Excellent'], showInStorefront: true },
  {
    attributeName: 'Stud Carat',
    attributeCode: 'CaratStud',
    inputType: 'dropdown',
    options: ['0.25ct', '0.50ct', '0.75ct', '1.00ct', '1.50ct', '2.00ct'],
    showInStorefront: true,
  },
  { attributeName: 'Chain Length', attributeCode: 'LengthChain', inputType: 'dropdown', options: INCHES([16, 18, 20, 22, 24]), showInStorefront: true },
  { attributeName: 'Bracelet Length', attributeCode: 'LengthBracelet', inputType: 'dropdown', options: INCHES([6.5, 7, 7.5, 8]), showInStorefront: true },
  { attributeName: 'Bracelet Size', attributeCode: 'braceletSize', inputType: 'dropdown', options: ['Small', 'Medium', 'Large'], showInStorefront: true },
  {
    attributeName: 'Fine Jewellery Carat',
    attributeCode: 'FineJewelryCarat',
    inputType: 'dropdown',
    options: ['0.10ct', '0.20ct', '0.33ct', '0.50ct', '0.75ct', '1.00ct'],
    showInStorefront: true,
  },
];

export async function seedReferenceAttributes(tx: Db, { adminId }: SeedContext) {
  await insertAttributes(tx, adminId, REFERENCE_ATTRIBUTES);
}
