import { describe, expect, inject, it } from 'vitest';
import { createPool, IDLE_IN_TRANSACTION_MS } from './db.js';

describe("a service's pool when its process vanishes with its machine", () => {
  it('asks Postgres to end a transaction left idle, so a lost worker cannot hold its locks for hours', async () => {
    const pool = createPool(inject('integration').serviceUrls.scan, 'scan', 1, { acquireMs: 2000, statementMs: 5000 });
    try {
      const { rows } = await pool.query<{ idle_in_transaction_session_timeout: string }>('SHOW idle_in_transaction_session_timeout');
      expect(rows[0]?.idle_in_transaction_session_timeout).toBe(`${IDLE_IN_TRANSACTION_MS / 1000}s`);
    } finally {
      await pool.end();
    }
  });
});
