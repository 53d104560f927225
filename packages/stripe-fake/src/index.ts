export * from './constants.js';
export { StripeApiError } from './errors.js';
export { parseStripeForm } from './form.js';
export type { FakePaymentIntent } from './intents.js';
export type { FakeCharge, FakeRefund } from './refunds.js';
export { type StripeFake, type StripeFakeOptions, startStripeFake } from './server.js';
export { signWebhookPayload, type WebhookEvent } from './webhooks.js';
