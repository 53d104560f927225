import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED_SECRET_KEY, SIMULATED_WEBHOOK_SECRET, type StripeFake, startStripeFake } from './index.js';

describe('refunds in the Stripe fake, through the real stripe SDK', () => {
  let fake: StripeFake;
  let stripe: Stripe;
  const deliveries: Array<{ body: string; signature: string }> = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(request.headers['stripe-signature']) });
      response.writeHead(200).end();
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    fake = await startStripeFake({
      secretKey: SIMULATED_SECRET_KEY,
      webhookSecret: SIMULATED_WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      retryDelaysMs: [20],
    });
    stripe = new Stripe(SIMULATED_SECRET_KEY, { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await fake.close();
    receiver.close();
  });

  const paidIntent = async (amount: number) => {
    const intent = await stripe.paymentIntents.create({ amount, currency: 'eur' });
    return stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
  };

  it('refunds a paid intent once per idempotency key, partly then the rest, then refuses more', async () => {
    const intent = await paidIntent(4589);
    const first = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 }, { idempotencyKey: 'refund-a' });
    const replayed = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 }, { idempotencyKey: 'refund-a' });
    expect(first).toMatchObject({ object: 'refund', amount: 1000, currency: 'eur', payment_intent: intent.id, status: 'succeeded' });
    expect(first.charge).toBe(intent.latest_charge);
    expect(replayed.id).toBe(first.id);

    const rest = await stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: 'refund-b' });
    expect(rest.amount).toBe(3589);
    expect((await stripe.refunds.retrieve(rest.id)).amount).toBe(3589);

    const again = await stripe.refunds.create({ payment_intent: intent.id }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((again as Stripe.errors.StripeInvalidRequestError).code).toBe('charge_already_refunded');
  });

  it('refuses more than was paid, an unpaid intent, and another request under a used key', async () => {
    const intent = await paidIntent(2000);
    const tooMuch = await stripe.refunds.create({ payment_intent: intent.id, amount: 2001 }).catch((error: unknown) => error);
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((tooMuch as Error).message).toContain('greater than unrefunded amount');

    const unpaid = await stripe.paymentIntents.create({ amount: 2000, currency: 'eur' });
    const notPaid = await stripe.refunds.create({ payment_intent: unpaid.id }).catch((error: unknown) => error);
    expect((notPaid as Stripe.errors.StripeInvalidRequestError).code).toBe('charge_not_refundable');

    await stripe.refunds.create({ payment_intent: intent.id, amount: 500 }, { idempotencyKey: 'refund-c' });
    const reused = await stripe.refunds
      .create({ payment_intent: intent.id, amount: 600 }, { idempotencyKey: 'refund-c' })
      .catch((error: unknown) => error);
    expect(reused).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('announces a refund with signed refund.created and charge.refunded webhooks', async () => {
    const intent = await paidIntent(3000);
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    await fake.webhooksSettled();
    const events = deliveries.map((delivery) =>
      stripe.webhooks.constructEvent(delivery.body, delivery.signature, SIMULATED_WEBHOOK_SECRET),
    );
    const created = events.find((event) => event.type === 'refund.created' && (event.data.object as Stripe.Refund).id === refund.id);
    const charge = events.find(
      (event) => event.type === 'charge.refunded' && (event.data.object as Stripe.Charge).payment_intent === intent.id,
    );
    expect(created).toBeDefined();
    expect(charge?.data.object).toMatchObject({ object: 'charge', amount_refunded: 3000, refunded: true });
  });
});
