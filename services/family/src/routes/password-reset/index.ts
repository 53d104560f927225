import { errorResponseSchema, messageResponseSchema } from '@bracelet/contracts';
import type { HttpServer } from '@bracelet/service-kit';
import { z } from 'zod';
import { requestPasswordReset } from '../../use-cases/request-password-reset.js';
import { resetPassword } from '../../use-cases/reset-password.js';
import type { FamilyDeps } from '../context.js';
import { password, typedEmail } from '../fields.js';

const RESET_REQUESTED_MESSAGE = '✅ Un e-mail de réinitialisation vient de vous être envoyé.';

export function registerPasswordResetRoutes(app: HttpServer, deps: FamilyDeps): void {
  const { config } = deps;
  const authLimit = { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_IP, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000 } };

  // Answers the same whether or not the address has an account (see docs/deviations.md).
  app.post(
    '/request_password_reset',
    {
      config: authLimit,
      schema: { body: z.object({ email: typedEmail }), response: { 200: messageResponseSchema, 400: errorResponseSchema } },
    },
    async (request, reply) => {
      // The answer leaves before any work that depends on the address, so its timing tells nothing.
      await reply.send({ message: RESET_REQUESTED_MESSAGE });
      await requestPasswordReset(deps, request.body.email).catch((error) =>
        request.log.error({ err: error }, 'password reset link not issued'),
      );
      return reply;
    },
  );

  app.post(
    '/reset_password/',
    {
      config: authLimit,
      schema: {
        body: z.object({ token: z.string().min(1).max(200), new_password: password }),
        response: { 200: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      await resetPassword(deps, { token: request.body.token, newPassword: request.body.new_password, clientAddress: request.ip });
      return { message: '✅ Votre mot de passe a été réinitialisé avec succès !' };
    },
  );
}
