import { createEvent, errorResponseSchema } from '@bracelet/contracts';
import { AppError, type HttpServer, withTransaction, writeEvent } from '@bracelet/service-kit';
import { z } from 'zod';
import { type Account, createAccountRepository } from '../../db/accounts.repository.js';
import { createResetTokenRepository } from '../../db/reset-tokens.repository.js';
import { createSessionRepository } from '../../db/sessions.repository.js';
import { parentContactOf } from '../../events/payloads.js';
import { hashPassword } from '../../passwords.js';
import type { FamilyDeps } from '../context.js';
import { normaliseEmail, password, typedEmail } from '../fields.js';

const messageSchema = z.object({ message: z.string() });
export const RESET_REQUESTED_MESSAGE = '✅ Un e-mail de réinitialisation vient de vous être envoyé.';
const invalidLink = () => new AppError(400, 'invalid_token', '❌ Le lien est invalide ou expiré.');

export function registerPasswordResetRoutes(app: HttpServer, deps: FamilyDeps): void {
  const { db, config } = deps;
  const accounts = createAccountRepository(db);
  const authLimit = { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_IP, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000 } };

  // Answers the same whether or not the address has an account (see docs/deviations.md).
  app.post(
    '/request_password_reset',
    {
      config: authLimit,
      schema: { body: z.object({ email: typedEmail }), response: { 200: messageSchema, 400: errorResponseSchema } },
    },
    async (request, reply) => {
      // The answer leaves before any work that depends on the address, so its timing tells
      // nothing; the link is issued right after.
      await reply.send({ message: RESET_REQUESTED_MESSAGE });
      try {
        const account = await accounts.findByEmail(request.body.email);
        if (account && (await mayMailResetLink(account.id))) await issueResetLink(account);
      } catch (error) {
        request.log.error({ err: error }, 'password reset link not issued');
      }
      return reply;
    },
  );

  /**
   * At most one link every RESET_MAIL_INTERVAL_SECONDS and RESET_MAILS_PER_DAY a day per account:
   * the request is anonymous, and must not become a way to flood a parent's mailbox.
   */
  async function mayMailResetLink(accountId: string): Promise<boolean> {
    const recent = `${config.QUEUE_PREFIX}:reset-mail:recent:${accountId}`;
    const daily = `${config.QUEUE_PREFIX}:reset-mail:daily:${accountId}`;
    const [[, fresh], [, count]] = ((await deps.redis
      .multi()
      .set(recent, '1', 'EX', config.RESET_MAIL_INTERVAL_SECONDS, 'NX')
      .incr(daily)
      .expire(daily, 24 * 3600, 'NX')
      .exec()
      .catch(() => null)) ?? [
      [null, 'OK'],
      [null, 1],
    ]) as [[unknown, string | null], [unknown, number]];
    return fresh === 'OK' && count <= config.RESET_MAILS_PER_DAY;
  }

  async function issueResetLink(account: Account): Promise<void> {
    await withTransaction(db, async (tx) => {
      const { token, expiresAt } = await createResetTokenRepository(tx).issue(account.id, config.RESET_TOKEN_MINUTES, tx);
      const resetUrl = new URL('/reset-password', config.PUBLIC_URL);
      resetUrl.searchParams.set('token', token);
      await writeEvent(
        tx,
        'family',
        createEvent('password.reset_requested', {
          parent: parentContactOf(account),
          resetUrl: resetUrl.toString(),
          expiresAt: expiresAt.toISOString(),
        }),
      );
    });
  }

  app.post(
    '/reset_password/',
    {
      config: authLimit,
      schema: {
        body: z.object({ token: z.string().min(1).max(200), new_password: password }),
        response: { 200: messageSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const passwordHash = await hashPassword(request.body.new_password);
      const email = await withTransaction(db, async (tx) => {
        const tokens = createResetTokenRepository(tx);
        const accountId = await tokens.consume(request.body.token, tx);
        if (!accountId) throw invalidLink();
        await createAccountRepository(tx).updatePasswordHash(accountId, passwordHash, tx);
        await tokens.revokeAllOf(accountId, tx);
        // Whoever knew the old password is logged out everywhere.
        await createSessionRepository(tx).closeAllOf(accountId, tx);
        return (await createAccountRepository(tx).findById(accountId, tx))?.email;
      });
      // Whoever opened the e-mailed link owns the mailbox: this client may log in even while
      // strangers hammer the account (login-throttle.ts).
      if (email) await deps.loginThrottle.recordSuccess(normaliseEmail(email), request.ip);
      return { message: '✅ Votre mot de passe a été réinitialisé avec succès !' };
    },
  );
}
