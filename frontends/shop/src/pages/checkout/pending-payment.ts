/**
 * The payment under way, kept for the tab's session: a 3-D Secure page sends the buyer away and
 * back to /success, which needs the order and the client secret to ask the server how it went.
 * Nothing about the buyer is kept, only what identifies the payment.
 */
const PENDING_KEY = 'braceletqr-pending-payment';

export type PendingPayment = { order_id: string; order_number: string; client_secret: string; total_amount: number };

export function keepPendingPayment(payment: PendingPayment): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(payment));
  } catch {
    // Storage refused: /success still shows the thanks, without following the payment.
  }
}

export function readPendingPayment(orderId: string | null): PendingPayment | undefined {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return undefined;
    const payment = kept as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 300 ? value : undefined);
    const order_id = text(payment.order_id);
    const order_number = text(payment.order_number);
    const client_secret = text(payment.client_secret);
    if (!order_id || !order_number || !client_secret) return undefined;
    if (orderId && orderId !== order_id) return undefined;
    const total = typeof payment.total_amount === 'number' ? payment.total_amount : 0;
    return { order_id, order_number, client_secret, total_amount: total };
  } catch {
    return undefined;
  }
}

export function forgetPendingPayment(): void {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // nothing kept
  }
}
