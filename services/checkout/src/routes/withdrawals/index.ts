import { errorResponseSchema, withdrawalRequestSchema, withdrawalResponseSchema } from '@bracelet/contracts';
import type { HttpServer } from '@bracelet/service-kit';
import type { CheckoutDeps } from '../../use-cases/deps.js';
import { requestWithdrawal } from '../../use-cases/request-withdrawal.js';

/** What the form answers, whatever it named: it never tells whether an order exists. */
export const WITHDRAWAL_RECEIVED =
  'Votre demande de rétractation est enregistrée. Si elle correspond à une commande passée avec cette adresse, un accusé de réception vous est envoyé par e-mail dans quelques minutes. Sinon, vérifiez le numéro de commande indiqué dans votre e-mail de confirmation.';

/** POST /withdrawals: the withdrawal button's form (EU directive 2023/2673), without an account. */
export function registerWithdrawalRoutes(app: HttpServer, deps: CheckoutDeps): void {
  app.post(
    '/withdrawals',
    {
      // A public form that sends mail: a few tries an hour per address.
      config: { rateLimit: { max: 10, timeWindow: 3600_000 } },
      schema: {
        body: withdrawalRequestSchema,
        response: { 202: withdrawalResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { name, order_number, email } = request.body;
      await requestWithdrawal(deps, { name, orderNumber: order_number.toUpperCase(), email });
      return reply.code(202).send({ message: WITHDRAWAL_RECEIVED });
    },
  );
}
