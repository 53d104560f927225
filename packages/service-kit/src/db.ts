import pg from 'pg';
import { isBrokenConnection } from './unavailable.js';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** Anything that can run a query: the pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'>;

/**
 * How long a pool lets a caller wait (ADR 016). `acquireMs` bounds waiting for a free connection
 * and opening a new one; `statementMs` is Postgres's statement_timeout (a lock wait, a slow plan:
 * the server cancels, the connection stays usable), and the driver gives up reading an answer
 * `READ_MARGIN_MS` later — a frozen or unreachable server, which cancels nothing.
 */
export type DatabaseDeadlines = { acquireMs: number; statementMs: number };

const READ_MARGIN_MS = 500;
/** Longest a service's transaction may sit idle between statements (a handler's send included). */
export const IDLE_IN_TRANSACTION_MS = 45_000;

/** The deadlines a data service's settings give (baseConfigSchema). */
export const databaseDeadlinesOf = (config: { DB_ACQUIRE_TIMEOUT_MS: number; DB_STATEMENT_TIMEOUT_MS: number }): DatabaseDeadlines => ({
  acquireMs: config.DB_ACQUIRE_TIMEOUT_MS,
  statementMs: config.DB_STATEMENT_TIMEOUT_MS,
});

/**
 * A pool whose connections see only the service's own schema first. Without deadlines (commands,
 * migrations: an operator watches them) nothing is bounded.
 */
export function createPool(databaseUrl: string, schema: string, max = 10, deadlines?: DatabaseDeadlines): pg.Pool {
  return new pg.Pool({
    connectionString: databaseUrl,
    max,
    options: `-c search_path=${schema}`,
    ...(deadlines
      ? {
          connectionTimeoutMillis: deadlines.acquireMs,
          statement_timeout: deadlines.statementMs,
          query_timeout: deadlines.statementMs + READ_MARGIN_MS,
          // A process lost with its machine (no FIN, no RST) must not hold its transaction's locks
          // for hours: Postgres ends a transaction left idle this long (above the notifier's 20 s
          // send inside a job's transaction), and keepalives reveal the dead peer (ADR 015).
          idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
          keepAlive: true,
          keepAliveInitialDelayMillis: 10_000,
        }
      : {}),
  });
}

/** Runs fn in one transaction: committed if it resolves, rolled back if it throws. */
export async function withTransaction<T>(pool: pg.Pool, fn: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A connection lost mid-transaction (database restart, terminated backend) makes the pending
  // query reject; without a listener its 'error' event would also crash the process.
  const ignoreLostConnection = () => {};
  client.on('error', ignoreLostConnection);
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection that stopped answering would make ROLLBACK wait behind the stuck statement:
    // it is dropped instead, and Postgres rolls the transaction back when it sees it gone.
    if (isBrokenConnection(error)) broken = error as Error;
    else await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', ignoreLostConnection);
    client.release(broken);
  }
}
