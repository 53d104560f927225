import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerClientError, answerFrameworkError, registerErrorHandler, registerErrorHandling, serviceUnavailable } from './errors.js';
import type { Logger } from './logger.js';
import { httpRequestDuration } from './metrics.js';
import { createReadinessProbe, type ReadinessCheck } from './readiness.js';
import { continueAsRequest, REQUEST_ID_HEADER, requestIdOf } from './request-context.js';
import { findUncleanText, invalidText, parseCleanJson } from './text-rules.js';

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

  registerDraining(app);

  // Liveness only: the process answers. Its dependencies are readiness's business.
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  const probe = createReadinessProbe(readiness);
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const { ready, checks } = await probe();
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });
  return app;
}

/**
 * Once the server is closing (SIGTERM), requests already under way finish, and a request that
 * still arrives on a kept-alive connection is answered 503 in our shape (Fastify's own
 * `return503OnClosing` answers in its shape), as is /readyz, so balancers stop sending.
 */
function registerDraining(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    const { statusCode, code, message } = serviceUnavailable();
    return reply.code(statusCode).header('connection', 'close').send({ error: { code, message } });
  });
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

/**
 * One log line per request, when it is answered: Fastify's 'request completed' (or 'request
 * errored') carrying what its 'incoming request' line said — the request, its URL redacted by the
 * serializer. Two lines a request were a sixth of the gateway's CPU under a lookup flood (issue 14).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
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
    // registerDraining answers in our shape instead.
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();
}

/** The Fastify instance type every service's routes receive. */
export type HttpServer = ReturnType<typeof createBase>;
