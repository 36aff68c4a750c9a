import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../http/context.ts';
import type { Workflow } from '../../jobs/workflow.ts';
import { releaseStonesOfOrder, retakeStonesForOrder } from '../diamonds/index.ts';

export interface OrderCancelState {
  orderId: number;
  orderNumber: string;
  /** The stones the release put back, for its compensation. */
  released?: number[];
}

/** Who a workflow's writes are audited under: the system, the run named in the request id. */
const workflowContext = (runId: number): ServiceContext => ({ actor: null, ip: 'system', requestId: `workflow-${runId}` });

/**
 * What follows an order's cancellation, after its commit, on the job engine (jobs/workflow.ts): the
 * stones the order reserved go back in stock, with a note in the order's history naming them. The
 * step is idempotent (a run resumed after a crash releases only what the order still holds, and its
 * note is keyed by the run) and has its compensation: the stones still in stock are taken back for
 * the order, should a step added after it fail.
 */
export function orderCancelWorkflow(db: Db): Workflow<OrderCancelState> {
  return {
    name: 'orders.cancel',
    steps: [
      {
        name: 'return the diamonds to stock',
        run: (state, { runId }) =>
          db.transaction(async (tx) => {
            const { ids, skus } = await releaseStonesOfOrder(tx, state.orderNumber, workflowContext(runId));
            if (ids.length) {
              await tx.execute(sql`
                insert into order_status_history (order_id, status, comment, idempotency_key)
                select id, status, ${`Returned to stock: ${skus.join(', ')}`}, ${`workflow-${runId}`} from orders where id = ${state.orderId}
                on conflict do nothing`);
            }
            return { ...state, released: [...new Set([...(state.released ?? []), ...ids])] };
          }),
        compensate: async (state, { runId }) => {
          await db.transaction((tx) => retakeStonesForOrder(tx, state.released ?? [], state.orderNumber, workflowContext(runId)));
        },
      },
    ],
  };
}
