import type { HttpServer } from '@bracelet/service-kit';
import type { CheckoutDeps } from '../../use-cases/deps.js';
import { registerOrderStatusRoute } from './order-status.js';
import { registerSimulatedPaymentRoutes } from './simulated.js';
import { registerWebhookRoute } from './webhook.js';

/** Payments: Stripe's webhook, the order's payment state, and the simulated provider's browser side. */
export async function registerPaymentRoutes(app: HttpServer, deps: CheckoutDeps): Promise<void> {
  await registerWebhookRoute(app, deps);
  registerOrderStatusRoute(app, deps);
  await registerSimulatedPaymentRoutes(app, deps);
}
