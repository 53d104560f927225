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
export type Account = {
  id: string;
  role: AccountRole;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
};

type AccountRow = {
  id: string;
  role: AccountRole;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
};

const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  role: row.role,
  email: row.email,
  passwordHash: row.password_hash,
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
  address: row.address,
  city: row.city,
  postalCode: row.postal_code,
  country: row.country,
});

export class EmailTakenError extends Error {}

export function createAccountRepository(db: Queryable) {
  return {
    /** Inserts the account; throws EmailTakenError if the address exists in any case. */
    async insert(account: NewAccount): Promise<string> {
      const id = globalThis.crypto.randomUUID();
      try {
        await db.query(
          `INSERT INTO accounts (id, role, email, password_hash, first_name, last_name, phone)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [id, account.role, account.email, account.passwordHash, account.firstName, account.lastName, account.phone],
        );
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw new EmailTakenError(account.email);
        throw error;
      }
      return id;
    },

    async findIdByEmail(email: string): Promise<string | undefined> {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM accounts WHERE lower(email) = lower($1)', [email]);
      return rows[0]?.id;
    },

    async findByEmail(email: string): Promise<Account | undefined> {
      const { rows } = await db.query<AccountRow>('SELECT * FROM accounts WHERE lower(email) = lower($1)', [email]);
      return rows[0] ? toAccount(rows[0]) : undefined;
    },

    async findById(id: string): Promise<Account | undefined> {
      const { rows } = await db.query<AccountRow>('SELECT * FROM accounts WHERE id = $1', [id]);
      return rows[0] ? toAccount(rows[0]) : undefined;
    },

    async updateInfos(id: string, infos: { firstName: string; lastName: string; phone: string }): Promise<void> {
      await db.query('UPDATE accounts SET first_name = $2, last_name = $3, phone = $4, updated_at = now() WHERE id = $1', [
        id,
        infos.firstName,
        infos.lastName,
        infos.phone,
      ]);
    },

    async updateDelivery(id: string, delivery: { address: string; city: string; postalCode: string; country: string }): Promise<void> {
      await db.query('UPDATE accounts SET address = $2, city = $3, postal_code = $4, country = $5, updated_at = now() WHERE id = $1', [
        id,
        delivery.address,
        delivery.city,
        delivery.postalCode,
        delivery.country,
      ]);
    },

    async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.query('UPDATE accounts SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
