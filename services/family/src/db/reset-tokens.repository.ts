import { randomBytes } from 'node:crypto';
import type { Queryable } from '@bracelet/service-kit';
import { hashSecret } from './sessions.repository.js';

export function createResetTokenRepository(db: Queryable) {
  return {
    /** A new single-use token for the account, valid `minutes`; only its hash is stored. */
    async issue(accountId: string, minutes: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const { rows } = await db.query<{ expires_at: Date }>(
        `INSERT INTO password_reset_tokens (token_hash, account_id, expires_at)
         VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING expires_at`,
        [hashSecret(token), accountId, minutes],
      );
      return { token, expiresAt: rows[0]?.expires_at ?? new Date() };
    },

    /** Marks the token used and returns its account, if it is known, unused and unexpired. */
    async consume(token: string): Promise<string | undefined> {
      const { rows } = await db.query<{ account_id: string }>(
        `UPDATE password_reset_tokens SET used_at = now()
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING account_id`,
        [hashSecret(token)],
      );
      return rows[0]?.account_id;
    },

    /** A reset invalidates every other outstanding link of the account. */
    async revokeAllOf(accountId: string): Promise<void> {
      await db.query('UPDATE password_reset_tokens SET used_at = now() WHERE account_id = $1 AND used_at IS NULL', [accountId]);
    },
  };
}
