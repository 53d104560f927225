import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { registerErrorHandling } from './errors.js';
import type { Logger } from './logger.js';

export type ReadinessCheck = { name: string; check: () => Promise<unknown> };

export const postgresCheck = (pool: pg.Pool): ReadinessCheck => ({ name: 'postgres', check: () => pool.query('SELECT 1') });
export const redisCheck = (redis: Redis): ReadinessCheck => ({
  name: 'redis',
  check: async () => {
    if (redis.status !== 'ready') throw new Error(`redis is ${redis.status}`);
    await redis.ping();
  },
});

type HttpOptions = {
  logger: Logger;
  readiness: ReadinessCheck[];
  /** Behind the gateway, so the client address comes from X-Forwarded-For. */
  trustProxy?: boolean;
  bodyLimit?: number;
};

/**
 * The Fastify instance every service starts from: zod validation and serialisation, one error
 * shape, liveness and readiness. It never listens; server.ts does.
 */
export function createHttpServer({ logger, readiness, trustProxy = true, bodyLimit = 1_048_576 }: HttpOptions) {
  const app = createBase(logger, trustProxy, bodyLimit);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const results = await Promise.all(
      readiness.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), 2000);
          return [name, 'ok'] as const;
        } catch {
          return [name, 'unavailable'] as const;
        }
      }),
    );
    const checks = Object.fromEntries(results);
    const ready = results.every(([, state]) => state === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });
  return app;
}

function createBase(logger: Logger, trustProxy: boolean, bodyLimit: number) {
  return Fastify({ loggerInstance: logger as FastifyBaseLogger, trustProxy, bodyLimit }).withTypeProvider<ZodTypeProvider>();
}

/** The Fastify instance type every service's routes receive. */
export type HttpServer = ReturnType<typeof createBase>;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
