import type { Preparation, ShippingOrder, ShippingStatus } from '../fulfilment.js';
import type { Endpoint, HttpMethod } from './index.js';

/** What the back office's pages call (fulfilment, staff only). */
const call = <Response>(method: HttpMethod, path: string): Endpoint<Response> => ({ method, path });
const segment = encodeURIComponent;

/** The 'Commandes à expédier' list: a page of orders; x-total-count, x-page and x-page-size say where it is. */
export const shippingOrders = ({ status, q, page }: { status?: ShippingStatus | undefined; q?: string | undefined; page?: number }) => {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (q) query.set('q', q);
  if (page && page > 1) query.set('page', String(page));
  const text = query.toString();
  return call<ShippingOrder[]>('GET', `/orders${text ? `?${text}` : ''}`);
};
/** One order as the preparation page shows it. */
export const preparation = (orderId: string) => call<Preparation>('GET', `/orders/${segment(orderId)}`);
/** Body: OrderStatusChange ({ status: 'prepared' } or { status: 'shipped', tracking_number }). */
export const setOrderStatus = (orderId: string) => call<ShippingOrder>('POST', `/orders/${segment(orderId)}/status`);
/** Body: { bracelet_id } (a bare id or the scan URL). Answers the preparation with the bracelet in it. */
export const addBraceletToOrder = (orderId: string) => call<Preparation>('POST', `/orders/${segment(orderId)}/add_bracelet`);
/** Takes a wrongly scanned bracelet out of an order still to prepare. */
export const removeBraceletFromOrder = (orderId: string, braceletId: string) =>
  call<Preparation>('DELETE', `/orders/${segment(orderId)}/bracelets/${segment(braceletId)}`);
