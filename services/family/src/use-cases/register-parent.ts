import { createEvent } from '@bracelet/contracts';
import { withTransaction, writeEvent } from '@bracelet/service-kit';
import { type Account, createAccountRepository, EmailTakenError } from '../db/accounts.repository.js';
import { parentContactOf } from '../events/payloads.js';
import { hashPassword } from '../passwords.js';
import type { FamilyDeps } from './deps.js';

export type Registration = { email: string; password: string; firstName: string; lastName: string; phone: string };

/**
 * Creates a parent's account and announces it — or, if the address already has an account,
 * changes nothing and warns its owner (at most once per SIGNUP_WARNING_INTERVAL_MINUTES). Both
 * take the same time and the caller answers both alike: signup must not tell who has an account.
 */
export async function registerParent({ db, redis, config }: FamilyDeps, registration: Registration): Promise<void> {
  // Hashed in both cases, so both take the same time.
  const passwordHash = await hashPassword(registration.password);
  try {
    await withTransaction(db, async (tx) => {
      const accounts = createAccountRepository(tx);
      const id = await accounts.insert({ role: 'parent', ...registration, passwordHash });
      const created = (await accounts.findById(id)) as Account;
      await writeEvent(tx, 'family', createEvent('parent.registered', { parent: parentContactOf(created) }));
    });
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    const owner = await createAccountRepository(db).findByEmail(registration.email);
    if (!owner) return;
    const key = `${config.QUEUE_PREFIX}:signup-warned:${owner.id}`;
    const first = await redis.set(key, '1', 'EX', config.SIGNUP_WARNING_INTERVAL_MINUTES * 60, 'NX').catch(() => 'OK');
    if (first !== 'OK') return;
    await withTransaction(db, (tx) => writeEvent(tx, 'family', createEvent('parent.signup_attempted', { parent: parentContactOf(owner) })));
  }
}
