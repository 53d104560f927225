import pg from 'pg';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** Anything that can run a query: the pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'>;

/** A pool whose connections see only the service's own schema first. */
export function createPool(databaseUrl: string, schema: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString: databaseUrl, max, options: `-c search_path=${schema}` });
}

/** Runs fn in one transaction: committed if it resolves, rolled back if it throws. */
export async function withTransaction<T>(pool: pg.Pool, fn: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A connection lost mid-transaction (database restart, terminated backend) makes the pending
  // query reject; without a listener its 'error' event would also crash the process.
  const ignoreLostConnection = () => {};
  client.on('error', ignoreLostConnection);
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', ignoreLostConnection);
    client.release();
  }
}
