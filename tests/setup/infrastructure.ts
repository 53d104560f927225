import { randomBytes } from 'node:crypto';
import { canConnect, redisAnswers, startPrivateRedis } from '@bracelet/devstack';
import pg from 'pg';

/**
 * Postgres and Redis for tests: TEST_DATABASE_URL / TEST_REDIS_URL, else the local servers on
 * their default ports, else containers when a Docker engine is present. Each run gets its own
 * database, so runs never collide.
 */
export type TestInfrastructure = { adminUrl: string; redisUrl: string; roleSecret: string; dispose(): Promise<void> };

async function serverUrl(): Promise<{ url: string; dispose: () => Promise<void> }> {
  const candidate = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await canConnect(candidate)) return { url: candidate, dispose: async () => {} };
  const { GenericContainer, Wait } = await import('testcontainers').catch(() => {
    throw new Error(`No Postgres at ${candidate}, and testcontainers is unavailable: set TEST_DATABASE_URL.`);
  });
  const container = await new GenericContainer('postgres:16-alpine')
    .withEnvironment({ POSTGRES_PASSWORD: 'test' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
    .start();
  return {
    url: `postgres://postgres:test@${container.getHost()}:${container.getMappedPort(5432)}/postgres`,
    dispose: async () => {
      await container.stop();
    },
  };
}

async function redisUrl(): Promise<{ url: string; dispose: () => Promise<void> }> {
  const candidate = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await redisAnswers(candidate)) return { url: candidate, dispose: async () => {} };
  try {
    const { GenericContainer } = await import('testcontainers');
    const container = await new GenericContainer('redis:7-alpine')
      .withCommand(['redis-server', '--maxmemory-policy', 'noeviction'])
      .withExposedPorts(6379)
      .start();
    return { url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`, dispose: async () => void (await container.stop()) };
  } catch {
    const redis = await startPrivateRedis(`/tmp/bracelet-test-redis-${process.pid}`);
    return { url: redis.url, dispose: redis.stop };
  }
}

export async function provideInfrastructure(label: string): Promise<TestInfrastructure> {
  const server = await serverUrl();
  const redis = await redisUrl();
  const database = `bracelet_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  const adminUrl = new URL(server.url);
  adminUrl.pathname = `/${database}`;
  return {
    adminUrl: adminUrl.toString(),
    redisUrl: redis.url,
    // Stable across runs: roles are cluster-wide and shared by every test database.
    roleSecret: process.env.TEST_ROLE_SECRET ?? 'bracelet-test-role-secret',
    async dispose() {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await client.end();
      await redis.dispose();
      await server.dispose();
    },
  };
}
