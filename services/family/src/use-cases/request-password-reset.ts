import { createEvent } from '@bracelet/contracts';
import { withTransaction, writeEvent } from '@bracelet/service-kit';
import { type Account, createAccountRepository } from '../db/accounts.repository.js';
import { createResetTokenRepository } from '../db/reset-tokens.repository.js';
import { parentContactOf } from '../events/payloads.js';
import type { FamilyDeps } from './deps.js';

/**
 * Issues a reset link for the address, if it has an account, and announces it for the notifier —
 * at most one every RESET_MAIL_INTERVAL_SECONDS and RESET_MAILS_PER_DAY a day per account: the
 * request is anonymous, and must not become a way to flood a parent's mailbox. The caller has
 * already answered (the same for every address).
 */
export async function requestPasswordReset(deps: FamilyDeps, email: string): Promise<void> {
  const account = await createAccountRepository(deps.db).findByEmail(email);
  if (account && (await mayMailResetLink(deps, account.id))) await issueResetLink(deps, account);
}

async function mayMailResetLink({ redis, config }: FamilyDeps, accountId: string): Promise<boolean> {
  const recent = `${config.QUEUE_PREFIX}:reset-mail:recent:${accountId}`;
  const daily = `${config.QUEUE_PREFIX}:reset-mail:daily:${accountId}`;
  const results = await redis
    .multi()
    .set(recent, '1', 'EX', config.RESET_MAIL_INTERVAL_SECONDS, 'NX')
    .incr(daily)
    .expire(daily, 24 * 3600, 'NX')
    .exec()
    .catch(() => null);
  // Redis unreachable: the link is still sent (a parent locked out of their account matters more).
  if (!results) return true;
  return results[0]?.[1] === 'OK' && Number(results[1]?.[1]) <= config.RESET_MAILS_PER_DAY;
}

function issueResetLink({ db, config }: FamilyDeps, account: Account): Promise<void> {
  return withTransaction(db, async (tx) => {
    const { token, expiresAt } = await createResetTokenRepository(tx).issue(account.id, config.RESET_TOKEN_MINUTES);
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
