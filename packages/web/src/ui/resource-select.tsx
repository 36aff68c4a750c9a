import { MAX_PAGE_SIZE } from '@facet/contract/api';
import type { ResourceDefinition } from '@facet/contract/resource';
import { useQuery } from '@tanstack/react-query';
import type { SelectProps } from 'antd';
import { Select } from 'antd';
import { useMemo } from 'react';
import { choicesLoadingState } from './loading-state.tsx';
import type { RecordOf } from './resource-api.ts';
import { resourceApi, resourceKeys } from './resource-api.ts';

/** Lookups are short lists (shape categories, metals): one page of the largest size holds them. */
const LOOKUP_QUERY = { page: 1, pageSize: MAX_PAGE_SIZE };

interface ResourceSelectProps<R extends ResourceDefinition> extends Omit<SelectProps<number>, 'options' | 'loading'> {
  resource: R;
  /** The text of a record's option. */
  optionLabel: (record: RecordOf<R>) => string;
}

/** A select of another resource's records by id, e.g. the shape category of a diamond markup. */
export function ResourceSelect<R extends ResourceDefinition>({ resource, optionLabel, ...selectProps }: ResourceSelectProps<R>) {
  const api = useMemo(() => resourceApi(resource), [resource]);
  const records = useQuery({ queryKey: resourceKeys.list(resource, LOOKUP_QUERY), queryFn: () => api.list(LOOKUP_QUERY) });
  const options = records.data?.items.map((record) => ({ value: record.id, label: optionLabel(record) }));
  return <Select<number> showSearch={{ optionFilterProp: 'label' }} {...choicesLoadingState(records.isPending)} options={options} {...selectProps} />;
}
