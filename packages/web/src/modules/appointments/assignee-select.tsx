import { useQuery } from '@tanstack/react-query';
import type { SelectProps } from 'antd';
import { Select } from 'antd';
import { useMemo } from 'react';
import type { FilterInputProps } from '../../ui/filter-select.tsx';
import { FilterSelect } from '../../ui/filter-select.tsx';
import { choicesLoadingState } from '../../ui/loading-state.tsx';
import { appointmentApi, appointmentKeys } from './appointment.api.ts';

function useAssigneeOptions() {
  const assignees = useQuery({ queryKey: appointmentKeys.assignees, queryFn: appointmentApi.assignees });
  const options = useMemo(() => assignees.data?.map((staff) => ({ value: staff.id, label: staff.name })), [assignees.data]);
  return { assignees, options };
}

/** The staff who take appointments (holders of Sales), for the edit form. */
export function AssigneeSelect(props: Omit<SelectProps<number>, 'options'>) {
  const { assignees, options } = useAssigneeOptions();
  return <Select<number> allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="Select assignee" {...choicesLoadingState(assignees.isPending)} options={options} {...props} />;
}

/** The same staff as a list filter (the users list itself needs User Management). */
export function AssigneeFilter(props: FilterInputProps & Pick<SelectProps, 'mode'>) {
  const { assignees, options } = useAssigneeOptions();
  return <FilterSelect {...props} label="Assignee" options={options} lookup={assignees} />;
}
