import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDependencyUnavailable } from './unavailable.js';

/** An error whose message a person may read; thrown by routes for expected failures. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Ressource introuvable.') => new AppError(404, 'not_found', message);

/** A dependency (Postgres, Redis, a service) cannot serve now: the pages retry (ADR 016). The gateway says the same. */
export const serviceUnavailable = () => new AppError(503, 'unavailable', 'Service momentanément indisponible. Veuillez réessayer.');

/** The kit's 404 and error handler, for every service. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ error: { code: 'not_found', message: 'Ressource introuvable.' } });
  });
  registerErrorHandler(app);
}

/** Fastify's own client errors, in our shape and in French. */
const clientErrors: Record<number, { code: string; message: string }> = {
  413: { code: 'payload_too_large', message: 'Requête trop volumineuse.' },
  415: { code: 'unsupported_media_type', message: 'Type de contenu non pris en charge.' },
};

/**
 * Errors Fastify meets before any route runs (a URL it cannot decode, a malformed header), which
 * it would otherwise answer in its own shape. Pass as the `frameworkErrors` option.
 */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send({ error: clientErrors[status] ?? { code: 'bad_request', message: 'Requête invalide.' } });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (raw bytes in the path, an unknown
 * method, a bad Content-Length, headers too large), answered in our shape rather than Fastify's.
 * Pass as the `clientErrorHandler` option.
 */
export function answerClientError(error: Error & { code?: string }, socket: import('node:stream').Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', { code: 'headers_too_large', message: 'En-têtes de requête trop volumineux.' }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', { code: 'timeout', message: 'Requête trop lente.' }]
        : [400, 'Bad Request', { code: 'bad_request', message: 'Requête invalide.' }];
  const json = JSON.stringify({ error: body });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

/**
 * One error handler: validation → 400, known errors as they are, a dependency past its deadline or
 * unreachable → 503, anything else → 500 without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .send({ error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(
        error.validation.map((issue) => ({ path: issue.instancePath.slice(1).replaceAll('/', '.'), message: issue.message })),
        error.validationContext ?? 'requête',
      );
      return reply.code(400).send({ error: { code: 'invalid_request', message: 'Requête invalide.', fields } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ error: { code: 'internal', message: 'Une erreur est survenue.' } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type…).
      return reply.code(status).send({ error: clientErrors[status] ?? { code: 'bad_request', message: 'Requête invalide.' } });
    }
    if (error.code === 'UND_ERR_ABORTED' || error.code === 'ECONNRESET') {
      // The client went away mid-request: nobody reads this answer, and nothing is wrong here.
      request.log.info({ err: error }, 'client went away');
      return reply.code(400).send({ error: { code: 'aborted', message: 'Requête interrompue.' } });
    }
    if (isDependencyUnavailable(error)) {
      // Postgres or Redis stuck or gone: not a bug, and the page retries; readiness tells ops.
      request.log.warn({ err: error }, 'dependency unavailable');
      const { statusCode, code, message } = serviceUnavailable();
      return reply.code(statusCode).send({ error: { code, message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: { code: 'internal', message: 'Une erreur est survenue.' } });
  });
}

/** Problems grouped by the field they concern: the `fields` of an error answer, or of a config error. */
export function fieldsOf(issues: ReadonlyArray<{ path: string; message?: string }>, fallback = 'requête'): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const { path, message } of issues) {
    const key = path || fallback;
    fields[key] = [...(fields[key] ?? []), message ?? 'Valeur invalide.'];
  }
  return fields;
}

/** A zod error's issues, with their paths written `a.b.0`. */
export const zodIssues = (issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) =>
  issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
