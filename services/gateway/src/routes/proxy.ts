import replyFrom from '@fastify/reply-from';
import type { FastifyInstance } from 'fastify';
import { type ProxiedRoute, routeTable, type UpstreamService } from '../route-table.js';

/** Forwards each route of the table, body untouched, to its owning service. */
export async function registerProxyRoutes(
  app: FastifyInstance,
  { upstreams, routes = routeTable }: { upstreams: Record<UpstreamService, string>; routes?: readonly ProxiedRoute[] },
): Promise<void> {
  await app.register(replyFrom, { undici: { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 } });
  // Bodies stream through as they came (JSON, multipart); the owning service parses and validates them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  for (const route of routes) {
    const base = upstreams[route.service].replace(/\/$/, '');
    app.route({
      method: route.method,
      url: route.path,
      handler: (request, reply) =>
        reply.from(`${base}${request.url}`, {
          rewriteRequestHeaders: (_original, headers) => ({ ...headers, 'x-forwarded-for': request.ip }),
          onError: (errorReply, { error }) => {
            request.log.warn({ err: error, service: route.service }, 'upstream unavailable');
            errorReply
              .code(503)
              .send({ error: { code: 'unavailable', message: 'Service momentanément indisponible. Veuillez réessayer.' } });
          },
        }),
    });
  }
}
