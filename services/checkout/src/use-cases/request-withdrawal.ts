import { createEvent } from '@bracelet/contracts';
import { withTransaction, writeEvent } from '@bracelet/service-kit';
import { createWithdrawalRepository } from '../db/withdrawals.repository.js';
import { withdrawalDeadlineOf } from '../withdrawal-period.js';
import type { CheckoutDeps } from './deps.js';

export type WithdrawalRequest = { name: string; orderNumber: string; email: string };

/**
 * The withdrawal button (issue 11, item 8). The form names an order and its buyer's e-mail; when
 * they match a paid order, the request is recorded with its date and time and
 * order.withdrawal_requested is written in the same transaction (the notifier acknowledges it to
 * the order's address, fulfilment expects the return). Within the period it stands; after it, it
 * is refused as late and the buyer is told why. A repeated request keeps the first one's date.
 * Whether anything matched is never said to the requester: the answer is the same either way, so
 * the form cannot tell who bought what.
 */
export async function requestWithdrawal(deps: CheckoutDeps, request: WithdrawalRequest, now = new Date()): Promise<void> {
  await withTransaction(deps.db, async (tx) => {
    const withdrawals = createWithdrawalRepository(tx);
    const order = await withdrawals.lockPaidOrder(request.orderNumber, request.email);
    if (!order) return;
    // One acknowledgment an hour per order at most: the form is public.
    if ((await withdrawals.countRecent(order.id, new Date(now.getTime() - 3600_000))) > 0) return;
    const deadline = withdrawalDeadlineOf(order.paidAt);
    const accepted = order.withdrawalRequestedAt !== null || now <= deadline;
    const requestedAt = order.withdrawalRequestedAt ?? now;
    await withdrawals.record({ orderId: order.id, name: request.name, requestedAt: now, accepted });
    await writeEvent(
      tx,
      'checkout',
      createEvent('order.withdrawal_requested', {
        orderId: order.id,
        orderNumber: order.orderNumber,
        customerEmail: order.customerEmail,
        customerName: request.name,
        requestedAt: requestedAt.toISOString(),
        accepted,
        deadline: deadline.toISOString(),
      }),
    );
  });
}
