import { AppError, withTransaction } from '@bracelet/service-kit';
import { createAccountRepository } from '../db/accounts.repository.js';
import { createResetTokenRepository } from '../db/reset-tokens.repository.js';
import { createSessionRepository } from '../db/sessions.repository.js';
import { hashPassword } from '../passwords.js';
import type { FamilyDeps } from './deps.js';

const invalidLink = () => new AppError(400, 'invalid_token', '❌ Le lien est invalide ou expiré.');

/**
 * Sets a new password with a reset link's token (single use; every other link and every session of
 * the account end with it). Whoever opened the e-mailed link owns the mailbox: their client may log
 * in even while strangers hammer the account (login-throttle.ts).
 */
export async function resetPassword(
  { db, loginThrottle }: FamilyDeps,
  { token, newPassword, clientAddress }: { token: string; newPassword: string; clientAddress: string },
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const email = await withTransaction(db, async (tx) => {
    const tokens = createResetTokenRepository(tx);
    const accounts = createAccountRepository(tx);
    const accountId = await tokens.consume(token);
    if (!accountId) throw invalidLink();
    await accounts.updatePasswordHash(accountId, passwordHash);
    await tokens.revokeAllOf(accountId);
    // Whoever knew the old password is logged out everywhere.
    await createSessionRepository(tx).closeAllOf(accountId);
    return (await accounts.findById(accountId))?.email;
  });
  if (email) await loginThrottle.recordSuccess(email, clientAddress);
}
