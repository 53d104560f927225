import { createEvent } from '@bracelet/contracts';
import { AppError, withTransaction, writeEvent } from '@bracelet/service-kit';
import { type Account, createAccountRepository } from '../db/accounts.repository.js';
import { createSessionRepository } from '../db/sessions.repository.js';
import { parentContactOf } from '../events/payloads.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import type { FamilyDeps } from './deps.js';

const invalidCredentials = () => new AppError(401, 'invalid_credentials', 'Identifiants incorrects.');

export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      'rate_limited',
      retryAfterSeconds < 60
        ? `Trop de tentatives. Veuillez réessayer dans ${retryAfterSeconds} seconde${retryAfterSeconds > 1 ? 's' : ''}.`
        : 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
    );
  }
}

// A hash to verify against when the address is unknown, so both cases take the same time.
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword('decoy-password-for-unknown-accounts');
  return decoyHash;
};

/**
 * Checks a password under the login throttle (login-throttle.ts) and opens a server-side session.
 * The owner is warned by e-mail once an attack on the account crosses LOGIN_WARN_OWNER_AFTER.
 */
export async function logIn(
  { db, config, loginThrottle }: FamilyDeps,
  { email, password, clientAddress }: { email: string; password: string; clientAddress: string },
): Promise<{ account: Account; sessionId: string }> {
  const attempt = await loginThrottle.attempt(email, clientAddress);
  if (!attempt.allowed) throw new TooManyAttemptsError(attempt.retryAfterSeconds);
  const account = await createAccountRepository(db).findByEmail(email);
  const valid = await verifyPassword(account?.passwordHash ?? (await decoy()), password);
  if (!account || !valid) {
    if (account && (await loginThrottle.shouldWarnOwner(email, attempt.accountFailures, config.LOGIN_WARN_OWNER_AFTER))) {
      const windowMinutes = Math.ceil(config.LOGIN_FAILURE_WINDOW_SECONDS / 60);
      await withTransaction(db, (tx) =>
        writeEvent(
          tx,
          'family',
          createEvent('parent.login_throttled', {
            parent: parentContactOf(account),
            failedAttempts: attempt.accountFailures,
            windowMinutes,
          }),
        ),
      );
    }
    throw invalidCredentials();
  }
  await loginThrottle.recordSuccess(email, clientAddress);
  const sessionId = await createSessionRepository(db).open(account.id, config.SESSION_TTL_DAYS);
  return { account, sessionId };
}
