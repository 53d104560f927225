import type { AddressInfo } from 'node:net';
import { AppError, createHttpServer, postgresCheck, redisCheck, type ServiceDeps } from '@bracelet/service-kit';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config.js';
import { createPayments, type Payments } from './payments/create-payment-provider.js';
import { registerCheckoutRoutes } from './routes/checkout/index.js';
import { registerInvoiceRoutes } from './routes/invoices/index.js';
import { registerOrderRoutes } from './routes/orders/index.js';
import { registerPaymentRoutes } from './routes/payments/index.js';
import { registerRefundRoutes } from './routes/refunds/index.js';
import { registerRelayPointRoutes } from './routes/relay-points/index.js';
import { registerWithdrawalRoutes } from './routes/withdrawals/index.js';
import type { CheckoutDeps } from './use-cases/deps.js';

/**
 * Checkout's HTTP API: server-priced orders, their payment (Stripe, or simulated), the buyer's
 * orders. The payments are made from the config unless given (tests keep a handle on them).
 */
export async function buildApp(serviceDeps: ServiceDeps<Config>, givenPayments?: Payments) {
  const { db, redis, log, config } = serviceDeps;
  const app = createHttpServer({ logger: log, readiness: [postgresCheck(db), redisCheck(redis)] });
  const payments = givenPayments ?? (await createPayments(config, log));
  app.addHook('onClose', () => payments.close());
  const { fake } = payments;
  if (fake && !config.STRIPE_FAKE_WEBHOOK_URL) {
    // The fake delivers to this very process once it listens (its port may be chosen at listen time).
    app.addHook('onListen', async () => {
      const { port } = app.server.address() as AddressInfo;
      fake.setWebhookUrl(`http://127.0.0.1:${port}/stripe/webhook`);
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.QUEUE_PREFIX}:checkout-rate:`,
    skipOnError: true,
    errorResponseBuilder: () => new AppError(429, 'rate_limited', 'Trop de requêtes. Veuillez réessayer dans quelques minutes.'),
  });
  const deps: CheckoutDeps = { ...serviceDeps, payments: payments.provider, stripeFake: fake };
  registerOrderRoutes(app, deps);
  registerInvoiceRoutes(app, deps);
  registerCheckoutRoutes(app, deps);
  registerRelayPointRoutes(app, deps);
  await registerPaymentRoutes(app, deps);
  registerWithdrawalRoutes(app, deps);
  registerRefundRoutes(app, deps);
  return app;
}
