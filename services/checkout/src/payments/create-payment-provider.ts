import type { Logger } from '@bracelet/service-kit';
import {
  SIMULATED_PUBLISHABLE_KEY,
  SIMULATED_SECRET_KEY,
  SIMULATED_WEBHOOK_SECRET,
  type StripeFake,
  startStripeFake,
} from '@bracelet/stripe-fake';
import Stripe from 'stripe';
import type { Config } from '../config.js';
import type { PaymentProvider } from './provider.js';
import { createStripeProvider } from './stripe-provider.js';

export type Payments = {
  provider: PaymentProvider;
  /** Simulated mode only: the fake, for the simulated bank pages and to learn where to send webhooks. */
  fake: StripeFake | undefined;
  close(): Promise<void>;
};

/**
 * Real Stripe with keys; without them, a fake of Stripe's API started in this process on the
 * loopback interface and the same SDK pointed at it (ADR 012): the same code path — intent,
 * confirmation, signed webhook — works offline.
 */
export async function createPayments(config: Config, log: Logger): Promise<Payments> {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET) {
    const stripe = new Stripe(config.STRIPE_SECRET_KEY, { maxNetworkRetries: 2, timeout: 15_000 });
    return {
      provider: createStripeProvider({
        stripe,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        mode: 'stripe',
        publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      }),
      fake: undefined,
      close: async () => {},
    };
  }
  const fake = await startStripeFake({
    secretKey: SIMULATED_SECRET_KEY,
    webhookSecret: SIMULATED_WEBHOOK_SECRET,
    webhookUrl: config.STRIPE_FAKE_WEBHOOK_URL,
    // The simulated bank page is served by checkout through the gateway: the fake only listens on loopback.
    authenticationUrl: (intent) => new URL(`/payments/simulated/authenticate/${intent.id}`, config.PUBLIC_URL).toString(),
    log: (message) => log.warn({ part: 'stripe-fake' }, message),
  });
  log.info({ url: fake.url }, 'payments are simulated (no STRIPE_SECRET_KEY): local Stripe fake started');
  const stripe = new Stripe(SIMULATED_SECRET_KEY, {
    host: fake.host,
    port: fake.port,
    protocol: 'http',
    telemetry: false,
    maxNetworkRetries: 1,
  });
  return {
    provider: createStripeProvider({
      stripe,
      webhookSecret: SIMULATED_WEBHOOK_SECRET,
      mode: 'simulated',
      publishableKey: SIMULATED_PUBLISHABLE_KEY,
    }),
    fake,
    close: () => fake.close(),
  };
}
