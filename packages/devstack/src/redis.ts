import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export type RedisHandle = { url: string; private: boolean; stop(): Promise<void> };

export class RedisUnavailableError extends Error {
  constructor() {
    super(
      [
        'Redis est introuvable.',
        '  • Définissez REDIS_URL (par exemple redis://127.0.0.1:6379), ou',
        '  • lancez un Redis local sur le port 6379, ou',
        '  • installez redis-server (Debian/Ubuntu : sudo apt-get install redis-server ; macOS : brew install redis)',
        '    et npm start le lancera lui-même.',
      ].join('\n'),
    );
    this.name = 'RedisUnavailableError';
  }
}

export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Ports this process handed out: a port is free again once probed, and must not be given twice. */
const handedOut = new Set<number>();

function probePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A port free right now, never one already handed out by this process (the stack asks for a dozen
 * before any is bound: the system may offer the same one twice).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = await probePort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('no free port found');
}

/** Starts a private redis-server (noeviction, as BullMQ requires) and waits until it answers. */
export async function startPrivateRedis(dir: string, port?: number): Promise<RedisHandle> {
  mkdirSync(dir, { recursive: true });
  const chosenPort = port ?? (await freePort());
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(chosenPort),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
    ],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${chosenPort}`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (await redisAnswers(url)) break;
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    private: true,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** REDIS_URL, else a local Redis on 6379, else a private redis-server from PATH, else a clear error. */
export async function resolveRedis({ redisUrl, dataDir }: { redisUrl?: string; dataDir: string }): Promise<RedisHandle> {
  if (redisUrl) return { url: redisUrl, private: false, stop: async () => {} };
  const local = 'redis://127.0.0.1:6379';
  if (await redisAnswers(local)) return { url: local, private: false, stop: async () => {} };
  if (spawnSync('redis-server', ['--version']).status === 0) return startPrivateRedis(join(dataDir, 'redis'));
  throw new RedisUnavailableError();
}
