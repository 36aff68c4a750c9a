import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../api/client.ts';
import { choicesLoadingState } from './loading-state.tsx';

/**
 * Pickers of records another area owns, as a marketing form chooses them (a coupon's or a price rule's
 * products, categories and customers): ids and labels from the form's own choice routes
 * (`/api/<resource>/choices/<kind>`), which its permission opens.
 */
export interface Choice {
  id: number;
  label: string;
}

/** Search suggestions need 3 characters (document 3 §5, §9). */
export const CHOICE_SEARCH_MIN_LENGTH = 3;
/** How long typing rests before the search is sent. */
const SEARCH_DEBOUNCE_MS = 400;

/** Every choice a route answers (the categories, the customer groups). */
export const useChoices = (url: string) => useQuery({ queryKey: ['choices', url], queryFn: () => apiRequest<Choice[]>(url) });

/** The choices matching the term: sent only from 3 characters. */
function useChoiceSearch(url: string, term: string, query: Record<string, number | undefined>) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: ['choices', url, trimmed.toLowerCase(), query],
    queryFn: () => apiRequest<Choice[]>(url, { query: { term: trimmed, ...query } }),
    enabled: trimmed.length >= CHOICE_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}

interface PickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  disabled?: boolean;
}

interface ChoiceSearchSelectProps extends PickerProps {
  /** The search route (`/api/coupons/choices/products`). */
  url: string;
  /** What is searched, plural ('products'), for the placeholder and the empty text. */
  noun: string;
  /** Labels of the records already chosen (the record's `chosen`). */
  initialLabels: readonly Choice[];
  /** More of the search's query (a customer group). */
  query?: Record<string, number | undefined>;
}

/** Several records, searched from 3 characters (document 3 §5). */
export function ChoiceSearchSelect({ url, noun, value = [], onChange, id, initialLabels, query = {}, disabled }: ChoiceSearchSelectProps) {
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const search = useChoiceSearch(url, term, query);
  const labels = useRef(new Map(initialLabels.map((row) => [row.id, row.label])));
  for (const row of search.data ?? []) labels.current.set(row.id, row.label);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const isSearchable = term.trim().length >= CHOICE_SEARCH_MIN_LENGTH;
  const found = isSearchable ? (search.data ?? []) : [];
  const options = [...new Set([...value, ...found.map((row) => row.id)])].map((choice) => ({ value: choice, label: labels.current.get(choice) ?? `#${choice}` }));
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
      placeholder={`Type at least ${CHOICE_SEARCH_MIN_LENGTH} characters to search ${noun}`}
      {...choicesLoadingState(isSearchable && search.isFetching, typed.trim().length < CHOICE_SEARCH_MIN_LENGTH ? `Type at least ${CHOICE_SEARCH_MIN_LENGTH} characters` : `No ${noun} found`)}
    />
  );
}

/** Several of every choice a route answers (categories), filtered as typed. */
export function ChoiceSelect({ url, placeholder, ...props }: PickerProps & { url: string; placeholder: string }) {
  const choices = useChoices(url);
  return (
    <Select<number[]>
      mode="multiple"
      loading={choices.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      options={(choices.data ?? []).map((row) => ({ value: row.id, label: row.label }))}
      placeholder={placeholder}
      {...props}
    />
  );
}

/**
 * The form item's onChange, which also empties `clears` when this field gets a choice: a marketing
 * form's products and categories exclude each other (document 3 §5).
 */
export function useClearingOnChoice(onChange: ((ids: number[]) => void) | undefined, clears: string | undefined) {
  const form = Form.useFormInstance();
  return (ids: number[]) => {
    onChange?.(ids);
    if (clears && ids.length) form.setFieldValue(clears, []);
  };
}
