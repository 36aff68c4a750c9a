import { FilterOutlined } from '@ant-design/icons';
import type { FilterDefinition, FilterDefinitions } from '@facet/contract/list-query';
import { filterValuesOf, isRangeFilter, paramNamesOf, rangeParamNamesOf } from '@facet/contract/list-query';
import type { ResourceDefinition } from '@facet/contract/resource';
import { Badge, Button, Card, Col, DatePicker, Flex, Form, Input, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import dayjs from 'dayjs';
import type { z } from 'zod';
import { NumberInput } from './number-input.tsx';
import { ResourceSelect } from './resource-select.tsx';

/** The shape of the panel's form: one field per filter, ranges as `{ from, to }`. */
type PanelValues = Record<string, unknown>;
type Range<T> = { from?: T | null; to?: T | null };
const DAY = 'YYYY-MM-DD';

/** The panel's fields filled from the list's current query (what the URL says). */
function panelValuesOf(filters: FilterDefinitions, query: Record<string, unknown>): PanelValues {
  const values: PanelValues = {};
  for (const [name, value] of Object.entries(filterValuesOf(filters, query) as Record<string, unknown>)) {
    const filter = filters[name]!;
    if (filter.kind === 'boolean') values[name] = value ? filter.trueValue : filter.falseValue;
    else if (filter.kind === 'dateRange') {
      const { from, to } = value as Range<string>;
      values[name] = { from: from ? dayjs(from) : undefined, to: to ? dayjs(to) : undefined };
    } else values[name] = value;
  }
  return values;
}

/** The URL parameters of the panel's fields; every parameter of every filter, blank ones undefined (cleared). */
export function filterParamsOfPanel(filters: FilterDefinitions, values: PanelValues): Record<string, string | undefined> {
  const params: Record<string, string | undefined> = {};
  const text = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : String(value));
  for (const [name, filter] of Object.entries(filters)) {
    const value = values[name];
    if (filter.kind === 'range') {
      const range = (value ?? {}) as Range<number>;
      const names = rangeParamNamesOf(name, filter);
      Object.assign(params, { [names.from]: text(range.from), [names.to]: text(range.to) });
    } else if (filter.kind === 'dateRange') {
      const range = (value ?? {}) as Range<Dayjs>;
      Object.assign(params, { [`${name}From`]: range.from?.format(DAY), [`${name}To`]: range.to?.format(DAY) });
    } else if (filter.kind === 'boolean' || filter.kind === 'text') {
      params[name] = typeof value === 'string' ? text(value.trim()) : text(value);
    } else {
      const list = (value ?? []) as (string | number)[];
      params[name] = list.length ? list.join(',') : undefined;
    }
  }
  return params;
}

/** The form field a query parameter belongs to: `caratTo` is the `to` box of the `carat` filter. */
function fieldOfParam(filters: FilterDefinitions, param: string): (string | number)[] | undefined {
  for (const [name, filter] of Object.entries(filters)) {
    const names = paramNamesOf(name, filter);
    if (!names.includes(param)) continue;
    return names.length === 1 ? [name] : [name, param === names[0] ? 'from' : 'to'];
  }
  return undefined;
}

function FilterField({ name, filter, input }: { name: string; filter: FilterDefinition; input?: ReactNode }) {
  // A list may draw a filter with its own control (a category tree, a lookup of its own); the value
  // it holds is the filter's usual one (ids for an id list, the text for a text filter).
  if (input !== undefined && !isRangeFilter(filter)) {
    return (
      <Form.Item name={name} label={filter.label}>
        {input}
      </Form.Item>
    );
  }
  switch (filter.kind) {
    case 'choice':
      return (
        <Form.Item name={name} label={filter.label}>
          <Select mode="multiple" allowClear aria-label={filter.label} options={filter.values.map((value) => ({ value, label: filter.optionLabels[value] }))} />
        </Form.Item>
      );
    case 'boolean':
      return (
        <Form.Item name={name} label={filter.label}>
          <Select
            allowClear
            aria-label={filter.label}
            options={[
              { value: filter.trueValue, label: filter.trueLabel },
              { value: filter.falseValue, label: filter.falseLabel },
            ]}
          />
        </Form.Item>
      );
    case 'text':
      // Enter in the box submits the panel's form, which applies the filters (spec).
      return (
        <Form.Item name={name} label={filter.label}>
          <Input allowClear aria-label={filter.label} maxLength={filter.maxLength} />
        </Form.Item>
      );
    case 'ids': {
      // The contract's schemas hand over the resource's own definition (list-query.ts types it by name only).
      const resource = filter.options.resource as ResourceDefinition;
      const { labelField } = filter.options;
      return (
        <Form.Item name={name} label={filter.label}>
          <ResourceSelect resource={resource} mode="multiple" allowClear aria-label={filter.label} optionLabel={(record) => String((record as Record<string, unknown>)[labelField])} />
        </Form.Item>
      );
    }
    case 'range':
    case 'dateRange':
      // Two boxes under one label; each named for screen readers and the tests ('Carat from', 'Carat to').
      return (
        <Form.Item label={filter.label} style={{ marginBottom: 0 }}>
          <Flex gap={8}>
            {(['from', 'to'] as const).map((end) => (
              <Form.Item key={end} name={[name, end]} style={{ flex: 1 }}>
                {filter.kind === 'range' ? (
                  <NumberInput aria-label={`${filter.label} ${end}`} placeholder={end === 'from' ? 'From' : 'To'} min={filter.min} max={filter.max} decimals={filter.decimals} />
                ) : (
                  <DatePicker aria-label={`${filter.label} ${end}`} placeholder={end === 'from' ? 'From' : 'To'} format="MM/DD/YYYY" style={{ width: '100%' }} />
                )}
              </Form.Item>
            ))}
          </Flex>
        </Form.Item>
      );
  }
}

interface FilterPanelProps {
  filters: FilterDefinitions;
  /** The list's query schema: the panel checks what it sends with the route's own rules. */
  schema: z.ZodType;
  /** The list's current (parsed) query, which fills the fields. */
  query: Record<string, unknown>;
  /** Receives every filter parameter (blank ones undefined); the list puts them in its URL. */
  onApply: (params: Record<string, string | undefined>) => void;
  /** Controls of the list's own for some filters (not ranges), by filter name; the others get the kind's control. */
  inputs?: Partial<Record<string, ReactNode>>;
}

/**
 * The Filters panel of a list (spec: products, customers, orders): one field per declared filter,
 * Apply and Reset; Enter in a field applies. Refused values (a range whose from is past its to) show
 * the server's message under the field and are not sent.
 */
export function FilterPanel({ filters, schema, query, onApply, inputs = {} }: FilterPanelProps) {
  const [form] = Form.useForm<PanelValues>();
  const urlValues = panelValuesOf(filters, query);
  // The fields follow the URL when it changes under them (the browser's Back or Forward between two
  // filtered views): antd reads initial values only once, and the panel would show filters not in force.
  const urlKey = JSON.stringify(filterParamsOfPanel(filters, urlValues));
  useEffect(() => form.resetFields(), [form, urlKey]);
  const apply = (values: PanelValues) => {
    const params = filterParamsOfPanel(filters, values);
    const checked = schema.safeParse(Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)));
    if (!checked.success) {
      const fields = checked.error.issues.flatMap((issue) => {
        const field = fieldOfParam(filters, String(issue.path[0]));
        return field ? [{ name: field, errors: [issue.message] }] : [];
      });
      if (fields.length) return form.setFields(fields);
    }
    onApply(params);
  };
  const reset = () => {
    form.setFieldsValue(Object.fromEntries(Object.keys(filters).map((name) => [name, undefined])));
    onApply(filterParamsOfPanel(filters, {}));
  };
  return (
    <Card size="small" title="Filters" style={{ marginBottom: 16 }}>
      <Form form={form} layout="vertical" initialValues={urlValues} onFinish={apply} aria-label="Filters">
        <Row gutter={16}>
          {Object.entries(filters).map(([name, filter]) => (
            <Col key={name} xs={24} sm={12} lg={6}>
              <FilterField name={name} filter={filter} input={inputs[name]} />
            </Col>
          ))}
        </Row>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            Apply
          </Button>
          <Button onClick={reset}>Reset</Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** The toolbar button that opens and closes the panel, with the number of filters in force. */
export function FiltersToggle({ isOpen, activeCount, onToggle }: { isOpen: boolean; activeCount: number; onToggle: () => void }) {
  return (
    <Badge count={activeCount} size="small">
      <Button icon={<FilterOutlined />} aria-expanded={isOpen} onClick={onToggle}>
        Filters
      </Button>
    </Badge>
  );
}
