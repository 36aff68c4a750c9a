import type { ProductAttributeValueRecord, ProductRecord } from '@facet/contract/modules/products/product.schema';
import { DEFAULT_WEIGHT_UNIT } from '@facet/contract/modules/products/product.schema';
import type { VariantDraft } from './variants.ts';
import { defaultGroupBy } from './variants.ts';

/** An attribute value as the form edits it: an option, or the text of a text attribute. */
export interface AttributeValueDraft {
  attributeId: number;
  optionId: number | null;
  value: string;
}

const toValueDraft = (value: ProductAttributeValueRecord): AttributeValueDraft => ({
  attributeId: value.attributeId,
  optionId: value.optionId,
  value: value.optionId === null ? value.value : '',
});

/** A new product (document 2 §3, §9): active, weight in lb, the shop's own name as vendor, nothing in the lists. */
export function newProductValues(defaultVendor: string): Record<string, unknown> {
  return {
    name: '',
    sku: '',
    categoryIds: [],
    price: 0,
    weight: null,
    weightUnit: DEFAULT_WEIGHT_UNIT,
    qty: 0,
    isReadyToShip: false,
    isGiftCard: false,
    status: true,
    description: '',
    productDescription: '',
    sizeTypeId: null,
    gender: null,
    productDetails: [],
    variationGroupByProperty: '',
    standaloneAttributes: [],
    attributes: [],
    metaTitle: '',
    metaKeywords: '',
    metaDescription: '',
    relatedProductIds: [],
    canBeSetWith: [],
    vendor: defaultVendor,
    baseImage: '',
    otherImages: [],
    videos: [],
  };
}

/** The variants' attribute codes in the order of their options (the first is the Group By default). */
export function variantAttributeCodes(record: ProductRecord): string[] {
  return record.variants[0]?.options.map((option) => option.attributeCode) ?? [];
}

/** A loaded product as the form edits it; its variants go to the variant store (`toVariantDrafts`). */
export function toFormValues(record: ProductRecord): Record<string, unknown> {
  const {
    id: _id,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    attributeSetName: _attributeSetName,
    modelNumber: _modelNumber,
    isSold: _isSold,
    isConfigured: _isConfigured,
    relatedProducts: _relatedProducts,
    variants: _variants,
    ...values
  } = record;
  return {
    ...values,
    variationGroupByProperty: defaultGroupBy(record.variationGroupByProperty, variantAttributeCodes(record)),
    standaloneAttributes: record.standaloneAttributes.map(toValueDraft),
    attributes: record.attributes.map(toValueDraft),
  };
}

export function toVariantDrafts(record: ProductRecord | undefined): VariantDraft[] {
  return (record?.variants ?? []).map((variant) => ({
    key: variant.optionKey,
    id: variant.id,
    options: variant.options.map((option) => ({ attributeId: option.attributeId, optionId: option.optionId! })),
    sku: variant.sku,
    modelNumber: variant.modelNumber,
    price: variant.price,
    baseImage: variant.baseImage,
    otherImages: variant.otherImages,
    video: variant.video,
    removed: false,
  }));
}
