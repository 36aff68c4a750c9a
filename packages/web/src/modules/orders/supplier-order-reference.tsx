import type { OrderLine, OrderRecord } from '@facet/contract/modules/orders/order.schema';
import { SUPPLIER_ORDER_REFERENCE_MAX } from '@facet/contract/modules/orders/order.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/client.ts';
import { failureMessage } from '../../ui/feedback.ts';
import { orderApi, orderKeys } from './order.api.ts';

/**
 * A diamond line's supplier order reference (issue 24): shown under its SKU, with Edit for staff to
 * record the order placed with the stone's supplier (empty removes it). Saving answers the order as it
 * now is, with the change in its history; the toast is the contract's text. Not printed.
 */
export function SupplierOrderReference({ order, line }: { order: OrderRecord; line: OrderLine }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (reference: string) => orderApi.setSupplierOrderReference(order.orderNumber, line.id, reference),
    onSuccess: (answer) => {
      void message.success(answer.message);
      queryClient.setQueryData(orderKeys.detail(order.orderNumber), answer.order);
      setDraft(null);
      setProblem(null);
    },
    onError: (error) => {
      const issue = isApiError(error) ? error.issues.find((item) => item.path[0] === 'supplierOrderReference')?.message : undefined;
      setProblem(issue ?? failureMessage(error));
      if (isApiError(error, 409) || isApiError(error, 404)) void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.orderNumber) });
    },
  });
  const label = `Supplier order reference of ${line.sku}`;
  if (draft === null) {
    return (
      <div className="order-view__muted">
        Supplier order: {line.supplierOrderReference || '-'}{' '}
        <Button type="link" size="small" className="no-print" onClick={() => setDraft(line.supplierOrderReference)} aria-label={`Edit supplier order reference of ${line.sku}`}>
          Edit
        </Button>
      </div>
    );
  }
  return (
    <Flex vertical gap={4} className="no-print" style={{ maxWidth: 260 }}>
      <Flex gap={4}>
        <Input
          size="small"
          aria-label={label}
          value={draft}
          maxLength={SUPPLIER_ORDER_REFERENCE_MAX}
          status={problem ? 'error' : undefined}
          autoFocus
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={() => save.mutate(draft)}
        />
        <Button size="small" type="primary" loading={save.isPending} onClick={() => save.mutate(draft)}>
          Save
        </Button>
        <Button size="small" onClick={() => (setDraft(null), setProblem(null))}>
          Cancel
        </Button>
      </Flex>
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
    </Flex>
  );
}
