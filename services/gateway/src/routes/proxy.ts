import { IDENTITY_HEADER } from '@bracelet/service-kit';
import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type IdentityResolver, IdentityUnavailableError } from '../identity.js';
import { type ProxiedRoute, routeTable, type UpstreamService } from '../route-table.js';

const SESSION_COOKIE = 'sid';
const unavailable = { error: { code: 'unavailable', message: 'Service momentanément indisponible. Veuillez réessayer.' } };
const foreignOrigin = { error: { code: 'forbidden_origin', message: 'Requête refusée.' } };

/** State-changing requests from a browser must come from our own pages (Origin = our host). */
function comesFromForeignPage(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const origin = request.headers.origin;
  if (!origin) return false; // not a browser cross-site request; the SameSite cookie covers the rest
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

/**
 * Forwards each route of the table, body untouched, to its owning service. A session cookie is
 * resolved once here and passed on as a signed identity header; a client-sent identity header is
 * always dropped.
 */
export async function registerProxyRoutes(
  app: FastifyInstance,
  {
    upstreams,
    identity,
    routes = routeTable,
  }: { upstreams: Record<UpstreamService, string>; identity: IdentityResolver; routes?: readonly ProxiedRoute[] },
): Promise<void> {
  // Bodies stream through as they came (JSON, multipart); the owning service parses and validates them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  // One scope per upstream, each with its own kept-alive connection pool to that service.
  const byService = new Map<UpstreamService, ProxiedRoute[]>();
  for (const route of routes) byService.set(route.service, [...(byService.get(route.service) ?? []), route]);
  for (const [service, serviceRoutes] of byService) {
    await app.register(async (scope) => {
      await scope.register(replyFrom, { base: upstreams[service], undici: { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 } });
      registerServiceRoutes(scope, serviceRoutes, identity);
    });
  }
}

function registerServiceRoutes(app: FastifyInstance, routes: readonly ProxiedRoute[], identity: IdentityResolver): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        if (comesFromForeignPage(request)) return reply.code(403).send(foreignOrigin);
        let signedIdentity: string | undefined;
        const sessionId = request.cookies[SESSION_COOKIE];
        if (sessionId) {
          try {
            const resolved = await identity.resolve(sessionId);
            if (resolved) signedIdentity = identity.sign(resolved);
          } catch (error) {
            if (!(error instanceof IdentityUnavailableError)) throw error;
            request.log.warn({ err: error }, 'session resolution unavailable');
            return reply.code(503).send(unavailable);
          }
        }
        return reply.from(request.url, {
          rewriteRequestHeaders: (_original, headers) => {
            const { [IDENTITY_HEADER]: _dropped, ...rest } = headers;
            return {
              ...rest,
              'x-forwarded-for': request.ip,
              ...(signedIdentity ? { [IDENTITY_HEADER]: signedIdentity } : {}),
            };
          },
          onError: (errorReply, { error }) => {
            request.log.warn({ err: error, service: route.service }, 'upstream unavailable');
            errorReply.code(503).send(unavailable);
          },
        });
      },
    });
  }
}
