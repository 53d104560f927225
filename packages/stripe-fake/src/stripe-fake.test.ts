import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED_SECRET_KEY, SIMULATED_WEBHOOK_SECRET, type StripeFake, startStripeFake } from './index.js';

type Received = { body: string; signature: string; status: number };

/** A webhook receiver that answers 500 to the first `failFirst` deliveries of each event. */
async function startReceiver(failFirst = 0) {
  const received: Received[] = [];
  const attempts = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = (JSON.parse(body) as { id: string }).id;
      const attempt = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, attempt);
      const status = attempt <= failFirst ? 500 : 200;
      received.push({ body, signature: String(request.headers['stripe-signature']), status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => server.close() };
}

describe('the Stripe fake, through the real stripe SDK', () => {
  let fake: StripeFake;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let stripe: Stripe;

  beforeAll(async () => {
    receiver = await startReceiver(1);
    fake = await startStripeFake({
      secretKey: SIMULATED_SECRET_KEY,
      webhookSecret: SIMULATED_WEBHOOK_SECRET,
      webhookUrl: receiver.url,
      retryDelaysMs: [20, 20, 20],
    });
    stripe = new Stripe(SIMULATED_SECRET_KEY, { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await fake.close();
    receiver.close();
  });

  const events = () => receiver.received.filter((delivery) => delivery.status === 200).map((delivery) => JSON.parse(delivery.body));

  it('creates a PaymentIntent once per idempotency key, and retrieves it', async () => {
    const params = { amount: 4589, currency: 'eur', metadata: { order_id: 'o-1' }, automatic_payment_methods: { enabled: true } };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-o-1' });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-o-1' });
    const other = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-o-2' });
    expect(first).toMatchObject({ object: 'payment_intent', amount: 4589, currency: 'eur', status: 'requires_payment_method' });
    expect(first.metadata).toEqual({ order_id: 'o-1' });
    expect(first.client_secret).toMatch(new RegExp(`^${first.id}_secret_`));
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    expect((await stripe.paymentIntents.retrieve(first.id)).amount).toBe(4589);
    // The same key with other parameters is refused, as Stripe does.
    await expect(stripe.paymentIntents.create({ ...params, amount: 100 }, { idempotencyKey: 'order-o-1' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });

  it("refuses an unknown key and an unknown intent in Stripe's error shape", async () => {
    const stranger = new Stripe('sk_test_wrong', { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(stranger.paymentIntents.retrieve('pi_x')).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    await expect(stripe.paymentIntents.retrieve('pi_unknown')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('succeeds with pm_card_visa and delivers a signed payment_intent.succeeded, retried after a failure', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 3999, currency: 'eur', metadata: { order_id: 'o-3' } });
    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(confirmed).toMatchObject({ status: 'succeeded', amount_received: 3999 });
    await fake.webhooksSettled();
    const deliveries = receiver.received.filter((delivery) => delivery.body.includes(intent.id) && delivery.body.includes('succeeded"'));
    // The receiver refused the first delivery: the fake tried again, with the same event.
    expect(deliveries.map((delivery) => delivery.status)).toEqual([500, 200]);
    const delivered = deliveries[1] as Received;
    const event = stripe.webhooks.constructEvent(delivered.body, delivered.signature, SIMULATED_WEBHOOK_SECRET);
    expect(event.type).toBe('payment_intent.succeeded');
    expect(event.data.object).toMatchObject({ id: intent.id, amount: 3999, currency: 'eur', metadata: { order_id: 'o-3' } });
    expect(() => stripe.webhooks.constructEvent(delivered.body, delivered.signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(delivered.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it("declines pm_card_chargeDeclined with Stripe's card error (402), and the intent can be paid again", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 3999, currency: 'eur' });
    const declined = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }).catch((error) => error);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({ statusCode: 402, type: 'StripeCardError', code: 'card_declined', decline_code: 'generic_decline' });
    expect(declined.raw).toMatchObject({ type: 'card_error', message: 'Your card was declined.' });
    expect(declined.payment_intent).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
    await fake.webhooksSettled();
    expect(
      events()
        .filter((event) => event.data.object.id === intent.id)
        .map((event) => event.type),
    ).toEqual(['payment_intent.created', 'payment_intent.payment_failed']);
    const retried = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(retried.status).toBe('succeeded');
    await expect(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('asks for 3-D Secure with pm_card_threeDSecure2Required, then succeeds once authenticated', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 5000, currency: 'eur' });
    const pending = await stripe.paymentIntents.confirm(intent.id, {
      payment_method: 'pm_card_threeDSecure2Required',
      return_url: 'http://localhost:3000/success',
    });
    expect(pending.status).toBe('requires_action');
    expect(pending.next_action).toMatchObject({
      type: 'redirect_to_url',
      redirect_to_url: { url: expect.stringContaining(intent.id), return_url: 'http://localhost:3000/success' },
    });
    const page = await fetch(pending.next_action?.redirect_to_url?.url as string);
    expect(await page.text()).toContain('Authentification 3-D Secure');
    const back = await fetch(pending.next_action?.redirect_to_url?.url as string, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'approve' }),
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location') as string);
    expect(location.pathname).toBe('/success');
    expect(location.searchParams.get('payment_intent')).toBe(intent.id);
    expect(location.searchParams.get('redirect_status')).toBe('succeeded');
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });
});
