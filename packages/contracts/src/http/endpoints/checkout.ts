import type {
  CheckoutConfigResponse,
  CreatePaymentIntentResponse,
  OrderStatusResponse,
  RelayPointsResponse,
  SimulatedConfirmResponse,
  WithdrawalResponse,
} from '../checkout.js';
import type { Endpoint, HttpMethod } from './index.js';

/** What the checkout and success pages call (checkout). */
const call = <Response>(method: HttpMethod, path: string): Endpoint<Response> => ({ method, path });
const segment = encodeURIComponent;

/** Body: the spec's payload (CreatePaymentIntentRequest); the answer says what is charged. */
export const createPaymentIntent = () => call<CreatePaymentIntentResponse>('POST', '/create-payment-intent');
/** Stripe Elements with a publishable key, or the simulated test card form. */
export const checkoutConfig = () => call<CheckoutConfigResponse>('GET', '/checkout/config');
/** Simulated mode only (404 otherwise). Body: SimulatedConfirmRequest. A declined card answers 402. */
export const confirmSimulatedPayment = () => call<SimulatedConfirmResponse>('POST', '/payments/simulated/confirm');
/** Readable by the order's parent, or with the PaymentIntent's client secret (guests). */
export const orderStatus = (orderId: string, clientSecret?: string) =>
  call<OrderStatusResponse>(
    'GET',
    `/checkout/orders/${segment(orderId)}/status${clientSecret ? `?client_secret=${segment(clientSecret)}` : ''}`,
  );

/** Relay-point search for the picker: up to 7 points nearest first; 503 when the carrier does not answer. */
export const relayPoints = (postcode: string, country = 'FR') =>
  call<RelayPointsResponse>('GET', `/relay_points?postcode=${segment(postcode)}&country=${segment(country)}`);

/** The withdrawal form (no account needed). Body: WithdrawalRequestBody. 202 with the same message whatever the order. */
export const requestWithdrawal = () => call<WithdrawalResponse>('POST', '/withdrawals');
