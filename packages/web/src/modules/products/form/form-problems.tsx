import { MESSAGES } from '@facet/contract/messages';
import { Alert } from 'antd';
import { forwardRef } from 'react';
import type { FieldIssue } from '../../../ui/schema-form.tsx';

/** Field labels as the form shows them, for the list of errors. */
const FIELD_LABELS: Record<string, string> = {
  attributeSetId: 'Attribute Set',
  name: 'Name',
  sku: 'Model Number',
  categoryIds: 'Categories',
  price: 'Price',
  weight: 'Weight',
  weightUnit: 'Weight Unit',
  qty: 'Qty',
  vendor: 'Vendor',
  description: 'Content',
  productDescription: 'Product Description',
  sizeTypeId: 'Size Type',
  gender: 'Gender',
  productDetails: 'Product Details',
  variants: 'Configurations',
  variationGroupByProperty: 'Group By',
  standaloneAttributes: 'Standalone Attribute',
  attributes: 'Attributes',
  metaTitle: 'Meta Title',
  metaKeywords: 'Meta Keywords',
  metaDescription: 'Meta Description',
  relatedProductIds: 'Related Products',
  canBeSetWith: 'Can Be Set With',
  baseImage: 'Images',
  otherImages: 'Images',
  videos: 'Videos',
};

const ROW_FIELD_LABELS: Record<string, string> = {
  label: 'Label',
  value: 'Value',
  shapeId: 'Shape',
  caratFrom: 'Carat From',
  caratTo: 'Carat To',
  sku: 'SKU',
  modelNumber: 'Model Number',
  price: 'Price',
  options: 'Options',
  attributeId: 'Attribute',
  optionId: 'Option',
  baseImage: 'Image',
  otherImages: 'Images',
  video: 'Video',
};

export interface FormProblem {
  label: string;
  message: string;
}

/**
 * Where an issue sits, as staff read it: 'Name', 'Product Details row 2 › Label', 'Variant
 * RING-1-AB12 › Price' (a variant is named by `variantName`, its SKU or options), 'Attributes ›
 * Hallmark' (a required attribute left blank is named by its code, `attributeName` gives its name).
 */
export function problemLabel(path: readonly PropertyKey[], variantName: (index: number) => string, attributeName: (code: string) => string | undefined = () => undefined): string {
  const [field, index, rowField] = path;
  const section = FIELD_LABELS[String(field)] ?? String(field);
  if (field === 'attributes' && typeof index === 'string') return `${section} › ${attributeName(index) ?? index}`;
  if (typeof index !== 'number') return section;
  const row = field === 'variants' ? `Variant ${variantName(index)}` : `${section} row ${index + 1}`;
  return rowField === undefined ? row : `${row} › ${ROW_FIELD_LABELS[String(rowField)] ?? String(rowField)}`;
}

/** One entry per place and message, in the order found. */
export function problemsOf(issues: readonly FieldIssue[], variantName: (index: number) => string, attributeName?: (code: string) => string | undefined): FormProblem[] {
  const seen = new Set<string>();
  const problems: FormProblem[] = [];
  for (const issue of issues) {
    const label = problemLabel(issue.path, variantName, attributeName);
    const key = `${label}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ label, message: issue.message });
  }
  return problems;
}

/** The red box at the top of the form (document 2 §2): 'Product have below errors:' and each field with its message. */
export const FormProblems = forwardRef<HTMLDivElement, { problems: readonly FormProblem[] }>(function FormProblems({ problems }, ref) {
  if (!problems.length) return null;
  return (
    <div ref={ref} style={{ scrollMarginTop: 80 }}>
      <Alert
        type="error"
        showIcon
        role="alert"
        data-testid="product-errors"
        title={MESSAGES.productHasErrors}
        description={
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {problems.map((problem) => (
              <li key={`${problem.label}-${problem.message}`}>
                <strong>{problem.label}</strong>: {problem.message}
              </li>
            ))}
          </ul>
        }
        style={{ marginBottom: 16 }}
      />
    </div>
  );
});
