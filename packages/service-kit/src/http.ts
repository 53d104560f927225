import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { answerClientError, answerFrameworkError, registerErrorHandler, registerErrorHandling } from './errors.js';
import type { Logger } from './logger.js';
import { httpRequestDuration } from './metrics.js';
import { continueAsRequest, REQUEST_ID_HEADER, requestIdOf } from './request-context.js';
import { findUncleanText, invalidText, parseCleanJson } from './text-rules.js';
import { withTimeout } from './timeout.js';

/** A dependency /readyz reports; only the critical ones (the default) make the process not ready. */
export type ReadinessCheck = { name: string; check: () => Promise<unknown>; critical?: boolean };

export const postgresCheck = (pool: pg.Pool): ReadinessCheck => ({ name: 'postgres', check: () => pool.query('SELECT 1') });
async function reach(name: string, baseUrl: string): Promise<void> {
  const response = await fetch(new URL('/healthz', baseUrl), { signal: AbortSignal.timeout(1500) });
  if (!response.ok) throw new Error(`${name} answered ${response.status}`);
}

/** A service the gateway routes to answers at all (its /healthz): reported, not critical. */
export const reachableCheck = (name: string, baseUrl: string): ReadinessCheck => ({
  name,
  critical: false,
  check: () => reach(name, baseUrl),
});

/**
 * The gateway can reach at least one of the services it routes to. A gateway that reaches none has
 * a problem of its own (its network), and another replica may do better; one service being down is
 * every replica's problem, and taking them all out would drop the whole site — the finder's page
 * and its retries included (ADR 011).
 */
export const anyReachableCheck = (upstreams: Record<string, string>): ReadinessCheck => ({
  name: 'upstreams',
  check: () => Promise.any(Object.entries(upstreams).map(([name, url]) => reach(name, url))),
});

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
  /** Behind the gateway, so the client address comes from X-Forwarded-For (the gateway sets its own). */
  trustProxy?: boolean | string[] | ((address: string, hop: number) => boolean);
  bodyLimit?: number;
  /** The kit's JSON 404; the gateway answers unknown paths itself (the shell, for pages). */
  notFound?: boolean;
  /**
   * Take the caller's x-request-id (a service behind the gateway) or always make one (the gateway:
   * what a client sends is not trusted).
   */
  trustRequestId?: boolean;
};

/**
 * The Fastify instance every service starts from: zod validation and serialisation, one error
 * shape, liveness and readiness. It never listens; server.ts does.
 */
export function createHttpServer({
  logger,
  readiness,
  trustProxy = true,
  bodyLimit = 1_048_576,
  notFound = true,
  trustRequestId = true,
}: HttpOptions) {
  const app = createBase(logger, trustProxy, bodyLimit, trustRequestId);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (notFound) registerErrorHandling(app);
  else registerErrorHandler(app);
  registerTextRules(app);
  registerRequestTracing(app);
  // Answers are personal or live by default; a route that may be cached says so itself.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const results = await Promise.all(
      readiness.map(async ({ name, check, critical = true }) => {
        try {
          await withTimeout(check(), 2000, `readiness check ${name}`);
          return { name, state: 'ok' as const, critical };
        } catch {
          return { name, state: 'unavailable' as const, critical };
        }
      }),
    );
    const checks = Object.fromEntries(results.map(({ name, state }) => [name, state]));
    const ready = results.every(({ state, critical }) => state === 'ok' || !critical);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });
  return app;
}

/**
 * Every text that reaches a route is clean (text-rules.ts): JSON is decoded as strict UTF-8, and
 * params, query and body are checked before validation, so no route (and no query) ever sees NUL
 * or control characters. Multipart fields are checked where they are read.
 */
function registerTextRules(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, parseCleanJson(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook('preValidation', async (request) => {
    const field = findUncleanText(request.params, 'params') ?? findUncleanText(request.query, 'query') ?? findUncleanText(request.body, '');
    if (field) throw invalidText(field);
  });
}

/**
 * Each request carries its id into its logs and into the events it causes (request-context.ts),
 * and its duration into the route's histogram (metrics.ts).
 */
function registerRequestTracing(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    continueAsRequest(request.id, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

function createBase(logger: Logger, trustProxy: NonNullable<HttpOptions['trustProxy']>, bodyLimit: number, trustRequestId = true) {
  return Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: (request) => requestIdOf(request.headers[REQUEST_ID_HEADER], trustRequestId),
    // Request logs name the id `requestId`, like the consumers' logs for the events it causes.
    childLoggerFactory: (logger, { reqId, ...bindings }, options) => logger.child({ ...bindings, requestId: reqId }, options),
    trustProxy,
    bodyLimit,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
}

/** The Fastify instance type every service's routes receive. */
export type HttpServer = ReturnType<typeof createBase>;
