import { PRODUCT_SEARCH_MIN_LENGTH, productLabel } from '@facet/contract/modules/products/product.schema';
import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { choicesLoadingState } from '../../../ui/loading-state.tsx';
import { useProductSearch } from '../product.api.ts';

/** How long typing rests before the search is sent. */
const SEARCH_DEBOUNCE_MS = 400;

interface RelatedProductsSelectProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  /** The labels of the products already related ('name - model number'). */
  initialLabels: readonly { id: number; label: string }[];
  /** The product being edited: it cannot be related to itself. */
  productId: number | undefined;
}

/** Related Products (document 2 §2, §5): several products, searched from 3 characters, shown 'name - model number'. */
export function RelatedProductsSelect({ value = [], onChange, id, initialLabels, productId }: RelatedProductsSelectProps) {
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const search = useProductSearch(term);
  // Labels of every product seen, so chosen ones keep their label when the results change.
  const labels = useRef(new Map(initialLabels.map((row) => [row.id, row.label])));
  for (const row of search.data ?? []) labels.current.set(row.id, productLabel(row));

  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const isSearchable = term.trim().length >= PRODUCT_SEARCH_MIN_LENGTH;
  const found = isSearchable ? (search.data ?? []).filter((row) => row.id !== productId) : [];
  const options = [...new Set([...value, ...found.map((row) => row.id)])].map((productIdOption) => ({
    value: productIdOption,
    label: labels.current.get(productIdOption) ?? `#${productIdOption}`,
  }));
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      value={value}
      onChange={(ids) => onChange?.(ids)}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onBlur={() => setTyped('')}
      options={options}
      placeholder={`Type at least ${PRODUCT_SEARCH_MIN_LENGTH} characters of a name or model number`}
      {...choicesLoadingState(isSearchable && search.isFetching, typed.trim().length < PRODUCT_SEARCH_MIN_LENGTH ? `Type at least ${PRODUCT_SEARCH_MIN_LENGTH} characters` : 'No products found')}
    />
  );
}
