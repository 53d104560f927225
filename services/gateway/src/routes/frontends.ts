import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { remoteNames } from '@bracelet/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Public answers about a child: never indexed, and their address (which names the bracelet) never
 * sent to another site. same-origin rather than no-referrer: under no-referrer the Fetch standard
 * has a browser send `Origin: null` with the page's own POST (Chromium does not, others may), which
 * the gateway refuses as a foreign page (403): a finder could not share their position.
 */
export const finderPageHeaders = { 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'same-origin' } as const;

const isFinderPath = (request: FastifyRequest) => request.routeOptions.url === '/b/:id' || request.url.startsWith('/b/');

/** Answers a request the router did not match: the shell for a page, a JSON 404 for anything else. */
export type ShellAnswer = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * Serves the built shell at / and each remote under /remotes/<name>/. Hashed assets are cached
 * for a year; index.html and remoteEntry.js are revalidated so a new build is picked up at once.
 * Any other GET that wants HTML gets the shell, whose router decides what to show.
 */
export async function registerFrontendRoutes(app: FastifyInstance, { frontendsDir }: { frontendsDir: string }): Promise<ShellAnswer> {
  const shellDir = join(frontendsDir, 'shell', 'dist');
  if (!existsSync(join(shellDir, 'index.html'))) throw new Error(`no built shell in ${shellDir}: run npm run build`);

  const setHeaders = (reply: FastifyReply, path: string) => {
    // What /b/{id} answers depends on who asks (ADR 018): its neutral page is never kept either.
    if (isFinderPath(reply.request)) {
      reply.header('cache-control', 'no-store');
      return;
    }
    const fresh = path.endsWith('.html') || path.endsWith('remoteEntry.js');
    reply.header('cache-control', fresh ? 'no-cache' : 'public, max-age=31536000, immutable');
  };

  await app.register(fastifyStatic, { root: shellDir, prefix: '/', wildcard: false, index: false, setHeaders });
  for (const remote of remoteNames) {
    await app.register(fastifyStatic, {
      root: join(frontendsDir, remote, 'dist'),
      prefix: `/remotes/${remote}/`,
      decorateReply: false,
      wildcard: true,
      index: false,
      setHeaders,
    });
  }

  const answerWithShell: ShellAnswer = (request, reply) => {
    if (isFinderPath(request)) reply.headers(finderPageHeaders).header('cache-control', 'no-store');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return reply.code(404).send({ error: { code: 'not_found', message: 'Ressource introuvable.' } });
    return reply.sendFile('index.html', shellDir);
  };
  app.setNotFoundHandler(answerWithShell);
  return answerWithShell;
}
