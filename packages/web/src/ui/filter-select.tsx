import { MESSAGES } from '@facet/contract/messages';
import type { SelectProps } from 'antd';
import { Select } from 'antd';
import { choicesLoadingState } from './loading-state.tsx';

/** What the Filters panel hands a filter's own control (FilterPanel's `inputs`): its value, its change and its field id. */
export type FilterInputProps = { value?: unknown; onChange?: (value: unknown) => void; id?: string };

interface FilterSelectProps extends FilterInputProps, Pick<SelectProps, 'mode' | 'maxTagCount'> {
  /** The filter's label: the control's name for screen readers, and its placeholder ('Any vendor'). */
  label: string;
  /** The choices, once their lookup has answered. */
  options: SelectProps['options'];
  /** The lookup's state: a spinner in the list while it loads, 'Something went wrong.' if it failed. */
  lookup: { isPending: boolean; isError: boolean };
}

/** A filter's choices from a lookup of its own (vendors, countries), searchable by name and clearable. */
export function FilterSelect({ label, options, lookup, ...props }: FilterSelectProps) {
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={label}
      placeholder={`Any ${label.toLowerCase()}`}
      options={options}
      {...choicesLoadingState(lookup.isPending, lookup.isError ? MESSAGES.somethingWentWrong : undefined)}
    />
  );
}
