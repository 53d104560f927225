import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '@bracelet/service-kit';
import type { AccountRole } from './accounts.repository.js';

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export function createSessionRepository(db: Queryable) {
  return {
    /** Opens a session and returns its id (the cookie value); only its hash is stored. */
    async open(accountId: string, ttlDays: number): Promise<string> {
      const sessionId = randomBytes(32).toString('base64url');
      await db.query(`INSERT INTO sessions (id_hash, account_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`, [
        hashSecret(sessionId),
        accountId,
        ttlDays,
      ]);
      return sessionId;
    },

    /** The live session's account, refreshing its last use; undefined if unknown or expired. */
    async resolve(sessionId: string): Promise<{ accountId: string; role: AccountRole } | undefined> {
      const { rows } = await db.query<{ account_id: string; role: AccountRole }>(
        `UPDATE sessions s SET last_seen_at = now() FROM accounts a
         WHERE s.id_hash = $1 AND s.expires_at > now() AND a.id = s.account_id
         RETURNING s.account_id, a.role`,
        [hashSecret(sessionId)],
      );
      const row = rows[0];
      return row ? { accountId: row.account_id, role: row.role } : undefined;
    },

    async close(sessionId: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE id_hash = $1', [hashSecret(sessionId)]);
    },

    async closeAllOf(accountId: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE account_id = $1', [accountId]);
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
