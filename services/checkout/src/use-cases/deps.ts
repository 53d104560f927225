import type { ServiceDeps } from '@bracelet/service-kit';
import type { StripeFake } from '@bracelet/stripe-fake';
import type { Config } from '../config.js';
import type { PaymentProvider } from '../payments/provider.js';

/** What checkout's routes and use cases receive: the service's opened dependencies and its payment provider. */
export type CheckoutDeps = ServiceDeps<Config> & {
  payments: PaymentProvider;
  /** Simulated mode only: the local Stripe fake (its simulated bank page). */
  stripeFake: StripeFake | undefined;
};
