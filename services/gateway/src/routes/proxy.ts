import { SESSION_COOKIE } from '@bracelet/contracts';
import { checkRequestTarget, IDENTITY_HEADER, invalidText, parseCleanJson, REQUEST_ID_HEADER } from '@bracelet/service-kit';
import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type IdentityResolver, IdentityUnavailableError, signedIdentityOf } from '../identity.js';
import { JSON_BODY_LIMIT, type ProxiedRoute, routeTable, type UpstreamService } from '../route-table.js';
import { type BufferedForwarder, createBufferedForwarder, forwardableHeaders } from './buffered-forward.js';

const unavailable = { error: { code: 'unavailable', message: 'Service momentanément indisponible. Veuillez réessayer.' } };
const foreignOrigin = { error: { code: 'forbidden_origin', message: 'Requête refusée.' } };

/**
 * State-changing requests from a browser must come from our own pages: the Origin's scheme, host
 * and port are the public URL's, or the public scheme with the host the request was sent to (a
 * phone on the LAN reaching the product by its address).
 */
export function comesFromForeignPage(request: FastifyRequest, publicUrl: URL): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const origin = request.headers.origin;
  if (!origin) return false; // not a browser cross-site request; the SameSite cookie covers the rest
  let sender: URL;
  try {
    sender = new URL(origin);
  } catch {
    return true;
  }
  if (sender.origin === publicUrl.origin) return false;
  return !(sender.protocol === publicUrl.protocol && sender.host === request.host);
}

const isJson = (request: FastifyRequest) => /^application\/([\w.+-]+\+)?json\b/i.test(request.headers['content-type'] ?? '');

/**
 * Forwards each route of the table to its owning service, after the edge's rules: a clean request
 * target (text-rules), a body within the route's limit (413 before anything reaches the service),
 * and a JSON body that is strict UTF-8 without control characters. A session cookie is resolved
 * once here and passed on as a signed identity header; a client-sent identity header is dropped.
 */
export async function registerProxyRoutes(
  app: FastifyInstance,
  {
    upstreams,
    identity,
    publicUrl,
    routes = routeTable,
    timeoutMs,
  }: {
    upstreams: Record<UpstreamService, string>;
    identity: IdentityResolver;
    publicUrl: URL;
    routes?: readonly ProxiedRoute[];
    /** A service silent this long (no headers yet, or a pause in its body) is answered 503: ADR 016. */
    timeoutMs: number;
  },
): Promise<void> {
  // Bodies are read whole (within the route's limit) and forwarded byte for byte: the owning
  // service parses and validates them. Streaming them let an oversized body reach the service,
  // which closed the socket mid-upload (a 503 instead of a 413).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT }, (_request, body, done) => done(null, body));

  // One scope per upstream, each with its own kept-alive connection pool to that service.
  const byService = new Map<UpstreamService, ProxiedRoute[]>();
  for (const route of routes) byService.set(route.service, [...(byService.get(route.service) ?? []), route]);
  for (const [service, serviceRoutes] of byService) {
    await app.register(async (scope) => {
      await scope.register(replyFrom, {
        base: upstreams[service],
        // undici would otherwise wait 300 s for a stuck service: the finder's page gives up at 10 s.
        undici: { connections: 128, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
      });
      const buffered = serviceRoutes.some((route) => route.buffered)
        ? createBufferedForwarder({ base: upstreams[service], timeoutMs })
        : undefined;
      if (buffered) scope.addHook('onClose', async () => buffered.close());
      registerServiceRoutes(scope, serviceRoutes, identity, publicUrl, buffered);
    });
  }
}

/** Headers a client must not be able to set for the services behind: the gateway sets what they need. */
const CLIENT_ONLY_HEADERS = ['expect', 'transfer-encoding', 'forwarded', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip'];

const needsSession = { error: { code: 'unauthenticated', message: 'Veuillez vous connecter.' } };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed identity of the request's session, resolved before its body is read. */
    signedIdentity?: string;
  }
}

/** What the service receives: the client's headers less the ones only the gateway may set, and those it sets. */
function headersForService(request: FastifyRequest, headers: Record<string, string | string[] | undefined>) {
  const { [IDENTITY_HEADER]: _dropped, ...rest } = headers;
  for (const name of CLIENT_ONLY_HEADERS) delete rest[name];
  return {
    ...rest,
    'x-forwarded-for': request.ip,
    // The service logs with it and writes it into the events it causes.
    [REQUEST_ID_HEADER]: request.id,
    ...(request.signedIdentity ? { [IDENTITY_HEADER]: request.signedIdentity } : {}),
  } as Record<string, string | string[]>;
}

function registerServiceRoutes(
  app: FastifyInstance,
  routes: readonly ProxiedRoute[],
  identity: IdentityResolver,
  publicUrl: URL,
  buffered?: BufferedForwarder,
): void {
  for (const route of routes) {
    const bodyLimit = route.bodyLimit ?? JSON_BODY_LIMIT;
    app.route({
      method: route.method,
      url: route.path,
      bodyLimit,
      // Before the body is read: a bad target, a foreign page or (for a large body) an anonymous
      // visitor costs nothing more. Only a parent uploads a photo: a stranger cannot make the
      // gateway hold megabytes.
      onRequest: async (request, reply) => {
        const target = checkRequestTarget(request.url);
        if (!target.ok) throw invalidText(target.field);
        if (comesFromForeignPage(request, publicUrl)) return reply.code(403).send(foreignOrigin);
        try {
          request.signedIdentity = await signedIdentityOf(identity, request.cookies[SESSION_COOKIE]);
        } catch (error) {
          if (!(error instanceof IdentityUnavailableError)) throw error;
          request.log.warn({ err: error }, 'session resolution unavailable');
          return reply.code(503).send(unavailable);
        }
        if (bodyLimit > JSON_BODY_LIMIT && !request.signedIdentity) return reply.code(401).send(needsSession);
      },
      preValidation: async (request) => {
        if (Buffer.isBuffer(request.body) && isJson(request)) parseCleanJson(request.body);
      },
      handler: async (request, reply) => {
        if (route.buffered && buffered) {
          try {
            return await buffered.forward(request, reply, headersForService(request, forwardableHeaders(request.headers)));
          } catch (error) {
            request.log.warn({ err: error, service: route.service }, 'upstream unavailable');
            return reply.code(503).send(unavailable);
          }
        }
        const queryStart = request.url.indexOf('?');
        const body = Buffer.isBuffer(request.body) ? request.body : undefined;
        // The path only: reply-from appends the query itself, and logs what it is given.
        return reply.from(queryStart === -1 ? request.url : request.url.slice(0, queryStart), {
          ...(body ? { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
          // Slow-by-nature routes (a PDF, a photo) wait longer than the scope's UPSTREAM_TIMEOUT_MS.
          ...(route.timeoutMs ? { timeout: route.timeoutMs } : {}),
          // Never asked again: reply-from would retry a GET answered 503 up to 10 times, each with
          // a fresh deadline, holding a finder through a frozen database instead of passing the
          // service's 503 on (the page retries by itself; chaos run, ADR 016).
          retryDelay: () => null,
          rewriteRequestHeaders: (_original, headers) => headersForService(request, headers),
          onError: (errorReply, { error }) => {
            request.log.warn({ err: error, service: route.service }, 'upstream unavailable');
            errorReply.code(503).send(unavailable);
          },
        });
      },
    });
  }
}
