import type { Queryable } from '@bracelet/service-kit';

export type AccountRole = 'parent' | 'staff';
export type NewAccount = {
  role: AccountRole;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string | null;
};

export function createAccountRepository(db: Queryable) {
  return {
    async insert(account: NewAccount, tx: Queryable = db): Promise<string> {
      const id = globalThis.crypto.randomUUID();
      await tx.query(
        `INSERT INTO accounts (id, role, email, password_hash, first_name, last_name, phone)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, account.role, account.email, account.passwordHash, account.firstName, account.lastName, account.phone],
      );
      return id;
    },

    async findIdByEmail(email: string, tx: Queryable = db): Promise<string | undefined> {
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM accounts WHERE lower(email) = lower($1)', [email]);
      return rows[0]?.id;
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
