import { shopDay } from '@facet/contract/format';
import type { OrderRecord, OrderStatusChange } from '@facet/contract/modules/orders/order.schema';
import {
  ORDER_COMMENT_MAX,
  orderResource,
  orderStatusChangeSchema,
  orderStatusLabel,
  refundProblem,
  REFUND_TYPES,
  TRACKING_NUMBER_MAX,
} from '@facet/contract/modules/orders/order.schema';
import { orderStatusChoices } from '@facet/contract/modules/orders/order-status';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SelectProps } from 'antd';
import { App, Button, Checkbox, DatePicker, Form, Input, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { UIEvent } from 'react';
import { useMemo, useRef } from 'react';
import { isApiError } from '../../api/client.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { formatMoney } from '../../ui/format.ts';
import { choicesLoadingState } from '../../ui/loading-state.tsx';
import { NumberInput } from '../../ui/number-input.tsx';
import { resourceKeys } from '../../ui/resource-api.ts';
import { FormField, SchemaForm, showIssuesOnFields } from '../../ui/schema-form.tsx';
import { newIdempotencyKey, orderApi, orderKeys } from './order.api.ts';

const DAY = 'YYYY-MM-DD';

/** How near the end of the open list (in pixels) the next page of shipping rates is asked for. */
const LOAD_MORE_MARGIN = 48;

/**
 * Shipping Type: the active shipping rates by name, 50 at a time (document 3 §7 GetShippingRate),
 * the next page loaded as the list is scrolled to its end. The order's own rate stays named even
 * when it is not among the pages loaded (or no longer active).
 */
function ShippingTypeSelect({ current, ...props }: Omit<SelectProps<number>, 'options'> & { current: { id: number; name: string } | null }) {
  const rates = useInfiniteQuery({
    queryKey: orderKeys.shippingTypes,
    queryFn: ({ pageParam }) => orderApi.shippingTypes(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const options = useMemo(() => {
    const loaded = (rates.data?.pages ?? []).flatMap((page) => page.items).map((rate) => ({ value: rate.id, label: rate.name }));
    const isCurrentLoaded = current === null || loaded.some((option) => option.value === current.id);
    return isCurrentLoaded ? loaded : [{ value: current.id, label: current.name }, ...loaded];
  }, [rates.data, current]);
  const loadMore = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    const isNearEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_MORE_MARGIN;
    if (isNearEnd && rates.hasNextPage && !rates.isFetchingNextPage) void rates.fetchNextPage();
  };
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="Select shipping type"
      options={options}
      onPopupScroll={loadMore}
      {...choicesLoadingState(rates.isPending || rates.isFetchingNextPage)}
      {...props}
    />
  );
}

/** What the form holds before the schema reads it: the delivery date as the picker's day text. */
type FormValues = Partial<OrderStatusChange> & { deliveryDate?: string };

/**
 * The status update form of an order's view (document 3 §4, §5; issue 24 §3): the statuses the
 * contract's workflow allows from the current one (which stays selectable) and nothing else. SHIPPING
 * asks for the shipping type, tracking number and delivery date (not before today); REFUNDED, while
 * something is left to refund, the refund type (Full or Partial) and, for a partial refund, the amount
 * in whole pounds, at most the remaining amount. A comment and "notify customer" go with any change.
 *
 * Each submission carries an Idempotency-Key, new once the values change or a change went through, so
 * a double click refunds once. The success toast is the contract's text; a 409 (someone moved the order
 * meanwhile) shows the server's message and reloads the order. Mount it with `key={order.version}`: a
 * changed order starts a fresh form.
 */
export function OrderStatusForm({ order }: { order: OrderRecord }) {
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const idempotencyKey = useRef(newIdempotencyKey());
  const status = Form.useWatch('status', form) ?? order.status;
  const refundType = Form.useWatch('refundType', form);
  const remaining = order.remainingRefundAmount;
  const isRefunding = status === 'REFUNDED' && remaining > 0;
  const today = shopDay();

  const change = useMutation({
    mutationFn: (input: OrderStatusChange) => orderApi.changeStatus(order.orderNumber, input, idempotencyKey.current),
    onSuccess: (answer) => {
      void message.success(answer.message);
      queryClient.setQueryData(orderKeys.detail(order.orderNumber), answer.order);
      // The list and the customer's Orders tab show the new status when next opened.
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(orderResource), refetchType: 'none' });
    },
    onError: (error) => {
      if (!isWorthReporting(error)) return;
      if (isApiError(error, 409)) {
        // The order moved under the form (another member of staff, a refund in between): show it as it now is.
        void message.warning(error.message);
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.orderNumber) });
        return;
      }
      const unplaced = isApiError(error) ? showIssuesOnFields(form, error.issues) : [];
      const isFullyPlaced = isApiError(error) && error.issues.length > 0 && unplaced.length === 0;
      if (!isFullyPlaced) void message.warning(unplaced[0]?.message ?? failureMessage(error));
    },
  });

  const submit = (input: OrderStatusChange) => {
    // The rule that needs the order: a refund type while something is left, a partial amount within it.
    const problem = input.status === 'REFUNDED' ? refundProblem(input, remaining) : null;
    if (problem) {
      form.setFields([{ name: problem.field, errors: [problem.message] }]);
      return;
    }
    change.mutate(input);
  };

  const deliveryDateOnFile = order.deliveryDate !== null && order.deliveryDate >= today ? order.deliveryDate : '';
  return (
    <SchemaForm
      name="order-status"
      schema={orderStatusChangeSchema}
      form={form}
      onSubmit={submit}
      // Fields a status does not ask for leave the form with their values, so the schema never sees them.
      preserve={false}
      initialValues={{ status: order.status, comment: '', notifyCustomer: false }}
      onValuesChange={() => {
        idempotencyKey.current = newIdempotencyKey();
      }}
      layout="vertical"
      aria-label="Update order status"
    >
      <FormField name="status" label="Order Status" required>
        <Select options={orderStatusChoices(order.status).map((choice) => ({ value: choice, label: orderStatusLabel(choice) }))} />
      </FormField>
      {status === 'SHIPPING' && (
        <>
          <FormField name="shippingRateId" label="Shipping Type" required initialValue={order.shippingRateId ?? undefined}>
            <ShippingTypeSelect current={order.shippingRateId === null ? null : { id: order.shippingRateId, name: order.shippingMethodName }} />
          </FormField>
          <FormField name="trackingNumber" label="Tracking Number" required initialValue={order.trackingNumber}>
            <Input maxLength={TRACKING_NUMBER_MAX} autoComplete="off" />
          </FormField>
          <FormField
            name="deliveryDate"
            label="Delivery Date"
            required
            initialValue={deliveryDateOnFile}
            getValueProps={(value: string | undefined) => ({ value: value ? dayjs(value) : null })}
            normalize={(value: Dayjs | null) => (value ? value.format(DAY) : '')}
          >
            <DatePicker format="MM/DD/YYYY" disabledDate={(day) => day.format(DAY) < today} style={{ width: '100%' }} />
          </FormField>
        </>
      )}
      {isRefunding && (
        <>
          <FormField name="refundType" label="Refund Type" required>
            <Radio.Group options={Object.entries(REFUND_TYPES).map(([value, label]) => ({ value, label }))} />
          </FormField>
          {refundType === 'partial' && (
            <FormField name="refundAmount" label="Refund Amount" required extra={`Whole pounds, at most the remaining ${formatMoney(remaining, order.currencySymbol)}.`}>
              <NumberInput decimals={0} min={1} prefix={order.currencySymbol} />
            </FormField>
          )}
        </>
      )}
      <FormField name="comment" label="Comment">
        <Input.TextArea rows={3} maxLength={ORDER_COMMENT_MAX} />
      </FormField>
      <FormField name="notifyCustomer" valuePropName="checked">
        <Checkbox>Notify Customer by Email</Checkbox>
      </FormField>
      <Button type="primary" htmlType="submit" loading={change.isPending} disabled={change.isPending}>
        Submit
      </Button>
    </SchemaForm>
  );
}
