import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

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

/** One error handler for every service: validation → 400, known errors as they are, anything else → 500 without internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ error: { code: 'not_found', message: 'Ressource introuvable.' } });
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .send({ error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.slice(1).replaceAll('/', '.') || (error.validationContext ?? 'requête');
        fields[path] = [...(fields[path] ?? []), issue.message ?? 'Valeur invalide.'];
      }
      return reply.code(400).send({ error: { code: 'invalid_request', message: 'Requête invalide.', fields } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ error: { code: 'internal', message: 'Une erreur est survenue.' } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type…).
      return reply.code(status).send({ error: { code: error.code ?? 'bad_request', message: 'Requête invalide.' } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: { code: 'internal', message: 'Une erreur est survenue.' } });
  });
}
