import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { familyAlertedHeader, SESSION_COOKIE, scanCardResponseSchema } from '@bracelet/contracts';
import { braceletCard } from '@bracelet/contracts/endpoints';
import {
  type FinderLookup,
  finderDocumentClasses,
  renderFinderDocument,
  UNAVAILABLE_REFRESH_SECONDS,
} from '@bracelet/finder-card/document';
import { keepRulesFor } from '@bracelet/finder-card/stylesheet';
import { IDENTITY_HEADER, REQUEST_ID_HEADER } from '@bracelet/service-kit';
import { buildSync, transformSync } from 'esbuild';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isFinderVisit } from '../finder-visit.js';
import { type IdentityResolver, signedIdentityOf } from '../identity.js';
import { finderPageHeaders, type ShellAnswer } from './frontends.js';

/** The page's assets, built once at boot from the sources the app uses. */
function buildAssets() {
  const productCss = transformSync(readFileSync(fileURLToPath(import.meta.resolve('@bracelet/ui/styles.css')), 'utf8'), {
    loader: 'css',
    minify: true,
  }).code;
  // Only the rules the finder's states use: the phone parses a few kilobytes, not the shop's all.
  const css = keepRulesFor(productCss, finderDocumentClasses());
  const script = buildSync({
    entryPoints: [fileURLToPath(import.meta.resolve('@bracelet/finder-card/share-script'))],
    bundle: true,
    minify: true,
    format: 'iife',
    // The phones finders carry, old ones included.
    target: 'es2017',
    charset: 'utf8',
    write: false,
  }).outputFiles[0]?.text;
  if (!script) throw new Error('the finder page script did not build');
  const hash = createHash('sha256').update(script).digest('base64url').slice(0, 12);
  return { css, script, scriptPath: `/finder/share.${hash}.js` };
}

/**
 * GET /b/{id} for a person opening it (ADR 018): the card in the first response, looked up from
 * scan exactly as the app's call would (the finder's address and session go along, so the same
 * scan is recorded and the same alert sent). Anything else — a preview, a crawler, a prefetch — gets
 * the neutral page (the shell), and nothing is recorded.
 */
export function registerFinderPage(
  app: FastifyInstance,
  {
    scanUrl,
    identity,
    timeoutMs,
    answerWithShell,
  }: { scanUrl: string; identity: IdentityResolver; timeoutMs: number; answerWithShell: ShellAnswer },
): void {
  const assets = buildAssets();

  app.get(assets.scriptPath, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(assets.script),
  );

  app.get('/b/:id', { schema: { params: z.object({ id: z.string() }) } }, async (request, reply) => {
    // Whatever the answer (card, neutral page, JSON 404), no cache keeps it: it depends on who asks
    // (these headers), and a cache serving one asker's answer to another could hand a preview the
    // card or a finder the wrong page.
    reply
      .headers(finderPageHeaders)
      .header('cache-control', 'no-store')
      .header('vary', 'Sec-Fetch-Dest, Sec-Fetch-Mode, Sec-Purpose, Purpose, X-Purpose, X-Moz, User-Agent, Accept');
    if (!isFinderVisit(request.method, request.headers)) return answerWithShell(request, reply);
    const { id } = request.params as { id: string };
    // Built from the id, never from the request target (which may be absolute-form).
    const path = `/b/${encodeURIComponent(id)}`;
    const { lookup, scanStatus } = await lookUp(request, id);
    const page = renderFinderDocument(lookup, { css: assets.css, scriptPath: assets.scriptPath, path });
    if (lookup.status === 'unavailable') reply.header('retry-after', String(UNAVAILABLE_REFRESH_SECONDS));
    // Too many lookups from this address is said as scan says it; anything else failing is a 503.
    const code = lookup.status === 'unavailable' && scanStatus === 429 ? 429 : page.status;
    return reply.code(code).type('text/html; charset=utf-8').send(page.html);
  });

  /** The card as the app's call would get it; only scan's 404 means the bracelet does not exist. */
  async function lookUp(request: FastifyRequest, id: string): Promise<{ lookup: FinderLookup; scanStatus?: number }> {
    // (The query is not read: a mangled share link still shows the card. Ids longer than
    // Fastify's maxParamLength never reach here: 414.)
    let signedIdentity: string | undefined;
    try {
      signedIdentity = await signedIdentityOf(identity, request.cookies[SESSION_COOKIE]);
    } catch (error) {
      // A finder is never turned away for a session problem (family down, or answering nonsense):
      // looked up as anyone would be.
      request.log.warn({ err: error }, 'session not resolved: finder page looked up anonymously');
    }
    let response: Response;
    try {
      response = await fetch(new URL(braceletCard(id).path, scanUrl), {
        headers: {
          accept: 'application/json',
          'x-forwarded-for': request.ip,
          [REQUEST_ID_HEADER]: request.id,
          ...(signedIdentity ? { [IDENTITY_HEADER]: signedIdentity } : {}),
        },
        signal: AbortSignal.timeout(timeoutMs),
        // scan never redirects; if it did, the signed identity must not follow elsewhere.
        redirect: 'error',
      });
    } catch (error) {
      request.log.warn({ err: error, service: 'scan' }, 'upstream unavailable');
      return { lookup: { status: 'unavailable' } };
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return { lookup: { status: 'invalid' }, scanStatus: 404 };
    }
    const body = await response.json().catch(() => undefined);
    const card = response.ok ? scanCardResponseSchema.safeParse(body) : undefined;
    if (!card?.success) {
      request.log.warn({ status: response.status, service: 'scan' }, 'finder page: scan gave no card');
      return { lookup: { status: 'unavailable' }, scanStatus: response.status };
    }
    return {
      lookup: { status: 'found', card: card.data, familyAlerted: response.headers.get(familyAlertedHeader) !== '0' },
      scanStatus: response.status,
    };
  }
}
