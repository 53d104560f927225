import { randomBytes } from 'node:crypto';
import { createEvent, type EventOf } from '@bracelet/contracts';
import { encodeIdentity, type Pool } from '@bracelet/service-kit';
import { buildServiceForTest, runHandler } from '@bracelet/service-kit/testing';
import { SIMULATED_WEBHOOK_SECRET } from '@bracelet/stripe-fake';
import Stripe from 'stripe';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { checkoutEventHandlers } from '../src/events/handlers.js';
import { createPayments, type Payments } from '../src/payments/create-payment-provider.js';

export const IDENTITY_SECRET = 'checkout-test-identity-secret-0000000';

export type Checkout = Awaited<ReturnType<typeof startCheckout>>;

/**
 * Checkout on the migrated test database, simulated payments (its own Stripe fake), its own
 * invoice series (so a file's invoice numbers are its own to count) and, if asked, listening so
 * the fake's webhooks reach it.
 */
export async function startCheckout(env: Record<string, string> = {}, { listen = false, poolSize = 6 } = {}) {
  const { serviceUrls, redisUrl } = inject('integration');
  let payments: Payments | undefined;
  const service = await buildServiceForTest({
    name: 'checkout',
    configSchema,
    buildApp: async (deps) => {
      payments = await createPayments(deps.config, deps.log);
      return buildApp(deps, payments);
    },
    poolSize,
    env: {
      DATABASE_URL: serviceUrls.checkout,
      DATABASE_SCHEMA: 'checkout',
      REDIS_URL: redisUrl,
      IDENTITY_SECRET,
      INVOICE_PREFIX: `T${randomBytes(3).toString('hex').toUpperCase()}`,
      CHECKOUT_RATE_LIMIT_PER_IP: '100000',
      ...env,
    },
  });
  if (listen) await service.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...service, payments: payments as Payments };
}

/** A product on sale at 39.99 € in three colours, announced by catalog as checkout hears it; its code is the test's own. */
export async function announceProduct(db: Pool, unitPriceCents = 3999): Promise<string> {
  const code = `T_${randomBytes(5).toString('hex').toUpperCase()}`;
  await runHandler(
    db,
    checkoutEventHandlers,
    createEvent('product.updated', {
      code,
      productName: 'Bracelet en corde',
      colours: [
        { slug: 'bleu', name: 'Bleu marine' },
        { slug: 'orange', name: 'Orange' },
        { slug: 'sable', name: 'Sable' },
      ],
      unitPriceCents,
      active: true,
    }),
  );
  return code;
}

/** The spec's payload as the shop sends it (§7), here one line of `quantity` at the shop's price. */
export function checkoutPayload(code: string, overrides: Record<string, unknown> = {}, quantity = 1) {
  return {
    order_amount: 39.99 * quantity,
    shipping_amount: 5.9,
    total_amount: 39.99 * quantity + 5.9,
    items: [{ code, name: 'Bracelet en corde', image: '', color: 'Bleu marine', quantity, price: 39.99 }],
    parent_id: null,
    delivery_option: 'standard',
    shipping_method: 'laposte',
    relay_point: null,
    customer: {
      first_name: 'Camille',
      last_name: 'Durand',
      email: 'camille.durand@example.com',
      address: '12 rue des Lilas',
      city: 'Lyon',
      postal_code: '69003',
      country: 'France',
    },
    ...overrides,
  };
}

export const asParent = (parentId: string) => ({ 'x-identity': encodeIdentity({ accountId: parentId, role: 'parent' }, IDENTITY_SECRET) });

export type PlacedAnswer = {
  client_secret: string;
  payment_intent: string;
  order_id: string;
  order_number: string;
  order_amount: number;
  shipping_amount: number;
  total_amount: number;
  amounts_cents: { goods: number; shipping: number; total: number };
};

/** POST /create-payment-intent; fails the test unless it answers 200. */
export async function placeOrder(checkout: Checkout, body: unknown, headers: Record<string, string> = {}): Promise<PlacedAnswer> {
  const response = await checkout.app.inject({ method: 'POST', url: '/create-payment-intent', payload: body as object, headers });
  if (response.statusCode !== 200) throw new Error(`create-payment-intent answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

type IntentFields = {
  id: string;
  amount: number;
  amount_received?: number;
  currency?: string;
  status?: string;
  metadata?: Record<string, string>;
};

/** A Stripe event about a PaymentIntent, as Stripe's webhook body carries it. */
export function stripeEvent(type: string, intent: IntentFields, lastPaymentError?: Record<string, unknown>) {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        object: 'payment_intent',
        client_secret: `${intent.id}_secret_x`,
        currency: 'eur',
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
        amount_received: type === 'payment_intent.succeeded' ? intent.amount : 0,
        metadata: {},
        next_action: null,
        last_payment_error: lastPaymentError ?? null,
        ...intent,
      },
    },
  };
}

/** Delivers an event to POST /stripe/webhook signed as Stripe signs it (or with another secret). */
export async function deliverWebhook(checkout: Checkout, event: unknown, secret = SIMULATED_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return checkout.app.inject({
    method: 'POST',
    url: '/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

export async function orderRow(db: Pool, orderId: string) {
  const { rows } = await db.query<{
    status: string;
    invoice_number: string | null;
    last_payment_error: string | null;
    total_cents: number;
  }>('SELECT status, invoice_number, last_payment_error, total_cents FROM orders WHERE id = $1', [orderId]);
  return rows[0];
}

/** The payment.succeeded events checkout wrote to its outbox for an order. */
export async function paymentSucceededEvents(db: Pool, orderId: string): Promise<Array<EventOf<'payment.succeeded'>>> {
  const { rows } = await db.query<{ payload: EventOf<'payment.succeeded'> }>(
    "SELECT payload FROM outbox WHERE name = 'payment.succeeded' AND payload->>'orderId' = $1",
    [orderId],
  );
  return rows.map((row) => row.payload);
}

/** The number of an invoice `<prefix><year>-<number>`. */
export const invoiceSequence = (invoiceNumber: string) => Number(invoiceNumber.split('-').at(-1));
