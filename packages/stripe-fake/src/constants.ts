/**
 * The keys of simulated mode. They are not secrets: the fake only listens on the loopback
 * interface of the process that started it, and these values are only ever used against it.
 */
export const SIMULATED_SECRET_KEY = 'sk_test_simulated_local_only';
export const SIMULATED_PUBLISHABLE_KEY = 'pk_test_simulated_local_only';
/** The webhook signing secret the fake signs with and checkout verifies with in simulated mode. */
export const SIMULATED_WEBHOOK_SECRET = 'whsec_simulated_local_only_0123456789abcdef';

/** The test PaymentMethods the fake knows, as Stripe's test mode names them. */
export const TEST_PAYMENT_METHODS = {
  succeeds: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  threeDSecure: 'pm_card_threeDSecure2Required',
} as const;

/** The API version the fake claims to speak when the client sends none. */
export const FAKE_API_VERSION = '2026-10-28.endive';
