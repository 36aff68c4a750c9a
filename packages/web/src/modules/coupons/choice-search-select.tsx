import { COUPON_SEARCH_MIN_LENGTH } from '@facet/contract/modules/coupons/coupon.schema';
import type { CouponChoice } from '@facet/contract/modules/coupons/coupon.schema';
import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { choicesLoadingState } from '../../ui/loading-state.tsx';
import { useChoiceSearch } from './coupon.api.ts';

/** How long typing rests before the search is sent. */
const SEARCH_DEBOUNCE_MS = 400;

interface ChoiceSearchSelectProps {
  kind: 'products' | 'customers';
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  /** Labels of the records already chosen (the coupon's `chosen`). */
  initialLabels: readonly CouponChoice[];
  customerGroupId?: number;
  disabled?: boolean;
}

/** Several products or customers, searched from 3 characters (document 3 §5). */
export function ChoiceSearchSelect({ kind, value = [], onChange, id, initialLabels, customerGroupId, disabled }: ChoiceSearchSelectProps) {
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const search = useChoiceSearch(kind, term, customerGroupId);
  const labels = useRef(new Map(initialLabels.map((row) => [row.id, row.label])));
  for (const row of search.data ?? []) labels.current.set(row.id, row.label);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const isSearchable = term.trim().length >= COUPON_SEARCH_MIN_LENGTH;
  const found = isSearchable ? (search.data ?? []) : [];
  const options = [...new Set([...value, ...found.map((row) => row.id)])].map((choice) => ({ value: choice, label: labels.current.get(choice) ?? `#${choice}` }));
  const noun = kind === 'products' ? 'products' : 'customers';
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      value={value}
      disabled={disabled}
      onChange={(ids) => onChange?.(ids)}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onBlur={() => setTyped('')}
      options={options}
      placeholder={`Type at least ${COUPON_SEARCH_MIN_LENGTH} characters to search ${noun}`}
      {...choicesLoadingState(isSearchable && search.isFetching, typed.trim().length < COUPON_SEARCH_MIN_LENGTH ? `Type at least ${COUPON_SEARCH_MIN_LENGTH} characters` : `No ${noun} found`)}
    />
  );
}
