import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'undici';

/** Hop-by-hop headers (RFC 9110 §7.6.1) and the length the gateway's own answer recomputes. */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'content-length',
]);
/** A finder's card is under 1 KB; anything much larger from a service is not an answer to pass on. */
const MAX_ANSWER_BYTES = 256 * 1024;

/** The request's headers for the service: without hop-by-hop ones, and those its own Connection names. */
export function forwardableHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const named =
    typeof headers.connection === 'string'
      ? headers.connection
          .toLowerCase()
          .split(',')
          .map((name) => name.trim())
      : [];
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'host' || NOT_FORWARDED.has(name) || named.includes(name)) continue;
    kept[name] = value;
  }
  return kept;
}

/**
 * Forwards a small GET to one service and answers with its whole answer, read into memory: for the
 * finder's lookup (ADR 017's hot path), the gateway's profile showed reply-from's streaming (the
 * upstream body piped into the reply) as a share of its CPU that a sub-kilobyte answer does not need.
 * Same deadlines as the streaming proxy (headers and body, each `timeoutMs`), never retried.
 */
export function createBufferedForwarder({ base, timeoutMs }: { base: string; timeoutMs: number }) {
  const pool = new Pool(base, {
    connections: 128,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  return {
    /** Sends the service's answer on `reply`; throws when the service cannot be reached or answer in time. */
    async forward(request: FastifyRequest, reply: FastifyReply, headers: Record<string, string | string[]>): Promise<FastifyReply> {
      const answer = await pool.request({ method: request.method === 'HEAD' ? 'HEAD' : 'GET', path: request.url, headers });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of answer.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_ANSWER_BYTES) {
          answer.body.destroy();
          throw new Error(`answer larger than ${MAX_ANSWER_BYTES} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !NOT_FORWARDED.has(name)) reply.header(name, value);
      }
      return reply.code(answer.statusCode).send(Buffer.concat(chunks, size));
    },
    close: () => pool.close(),
  };
}
export type BufferedForwarder = ReturnType<typeof createBufferedForwarder>;
