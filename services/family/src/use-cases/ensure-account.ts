import type { Pool } from '@bracelet/service-kit';
import { type AccountRole, createAccountRepository } from '../db/accounts.repository.js';
import { hashPassword } from '../passwords.js';

export type SeedAccount = { role: AccountRole; email: string; password: string; firstName: string; lastName: string; phone: string | null };

/** Creates the account unless its e-mail already exists; returns whether it was created. */
export async function ensureAccount(pool: Pool, account: SeedAccount): Promise<boolean> {
  const accounts = createAccountRepository(pool);
  if (await accounts.findIdByEmail(account.email)) return false;
  await accounts.insert({ ...account, passwordHash: await hashPassword(account.password) });
  return true;
}
