import { randomBytes } from 'node:crypto';
import { type Pool, withTransaction } from '@bracelet/service-kit';
import { createAccountRepository, EmailTakenError } from '../db/accounts.repository.js';
import { createResetTokenRepository } from '../db/reset-tokens.repository.js';
import { hashPassword } from '../passwords.js';

export class StaffAccountError extends Error {}

/** How long the new staff member's set-password link works (once). */
export const STAFF_LINK_MINUTES = 72 * 60;

/**
 * Creates a staff account that no password opens yet (a random secret nobody ever sees) and a
 * one-time link, through the reset-password page, for the person to choose their own: nobody
 * else ever knows it, and the link works once (it is stored only hashed).
 */
export async function addStaffAccount(
  pool: Pool,
  { email, firstName, lastName }: { email: string; firstName: string; lastName: string },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const accounts = createAccountRepository(pool);
  const existing = await accounts.findByEmail(email);
  if (existing) {
    throw new StaffAccountError(
      existing.role === 'staff'
        ? `Un compte de l’équipe existe déjà pour ${email}.`
        : `L’adresse ${email} est celle d’un compte parent : choisissez une autre adresse pour le compte de l’équipe.`,
    );
  }
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    return await withTransaction(pool, async (tx) => {
      const id = await createAccountRepository(tx).insert({
        role: 'staff',
        email,
        passwordHash: unusable,
        firstName,
        lastName,
        phone: null,
      });
      const { token, expiresAt } = await createResetTokenRepository(tx).issue(id, STAFF_LINK_MINUTES);
      return { id, token, expiresAt };
    });
  } catch (error) {
    if (error instanceof EmailTakenError) throw new StaffAccountError(`Un compte existe déjà pour ${email}.`);
    throw error;
  }
}

/** Removes a staff account and closes its sessions at once; a parent's account is never removed here. */
export async function removeStaffAccount(pool: Pool, email: string): Promise<void> {
  await withTransaction(pool, async (tx) => {
    const { rows } = await tx.query<{ id: string; role: string }>(
      'SELECT id, role FROM accounts WHERE lower(email) = lower($1) FOR UPDATE',
      [email],
    );
    const account = rows[0];
    if (!account) throw new StaffAccountError(`Aucun compte de l’équipe pour ${email}.`);
    if (account.role !== 'staff')
      throw new StaffAccountError(`${email} est un compte parent, pas un compte de l’équipe : il n’est pas supprimé.`);
    await tx.query('DELETE FROM accounts WHERE id = $1', [account.id]);
  });
}

/** Every staff account, oldest first. */
export async function listStaffAccounts(pool: Pool): Promise<Array<{ email: string; name: string; createdAt: Date }>> {
  const { rows } = await pool.query<{ email: string; first_name: string; last_name: string; created_at: Date }>(
    "SELECT email, first_name, last_name, created_at FROM accounts WHERE role = 'staff' ORDER BY created_at, email",
  );
  return rows.map((row) => ({ email: row.email, name: `${row.first_name} ${row.last_name}`.trim(), createdAt: row.created_at }));
}
