import type { Batch } from '../batches.js';
import type { Refund, WithdrawalReturn } from '../refunds.js';
import type { Endpoint, HttpMethod } from './index.js';

/** The back office's bracelet batches, withdrawals and refunds (staff only). */
const call = <Response>(method: HttpMethod, path: string): Endpoint<Response> => ({ method, path });
const segment = encodeURIComponent;

/** Newest batches first, a page at a time (x-total-count). */
export const batches = (page = 1) => call<Batch[]>('GET', page > 1 ? `/batches?page=${page}` : '/batches');
/** Body: MintBatch ({ quantity, label }). Answers the new batch. */
export const mintBatch = () => call<Batch>('POST', '/batches');
/** The batch's A4 sheet of QR codes (application/pdf): a link, not a JSON call. */
export const batchSheetPath = (batchId: string) => `/batches/${segment(batchId)}/sheet.pdf`;

/** Orders the buyer withdrew from, newest first. */
export const withdrawalReturns = () => call<WithdrawalReturn[]>('GET', '/withdrawal_returns');
/** Staff received the returned parcel. */
export const markReturnReceived = (orderId: string) => call<WithdrawalReturn>('POST', `/withdrawal_returns/${segment(orderId)}/received`);
/** Body: RefundRequest ({} for the whole order). Refunds through the payment provider, once. */
export const refundOrder = (orderId: string) => call<Refund>('POST', `/orders/${segment(orderId)}/refund`);
