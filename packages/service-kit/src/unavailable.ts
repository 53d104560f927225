import { TimeoutError } from './timeout.js';

/**
 * Errors that say a dependency (Postgres, Redis) cannot serve now, not that the request or the
 * code is wrong: they are answered 503 in French, which the pages retry (ADR 016).
 */

/** Postgres SQLSTATEs of a server that cannot serve now: cancelled by statement_timeout, lock_timeout, shutting down, full, or a lost connection (class 08). */
const UNAVAILABLE_SQLSTATES = new Set(['57014', '55P03', '57P01', '57P02', '57P03', '53300', '53400']);

/** The driver's own words for a connection that stopped answering or was never opened in time. */
const BROKEN_CONNECTION_MESSAGES = [
  'Query read timeout',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/** ioredis's words for a command that timed out or could not be sent. */
const REDIS_UNAVAILABLE_MESSAGES = [
  'Command timed out',
  'Reached the max retries per request limit',
  "Stream isn't writeable",
  'Connection is closed',
];

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

type MaybeCoded = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** Walks an error, its cause and an AggregateError's errors (a connect to several addresses). */
function some(error: unknown, test: (error: MaybeCoded) => boolean, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const candidate = error as MaybeCoded;
  if (test(candidate)) return true;
  if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => some(inner, test, depth + 1))) return true;
  return some(candidate.cause, test, depth + 1);
}

const messageOf = (error: MaybeCoded) => (typeof error.message === 'string' ? error.message : '');

/** The connection itself is unusable (no answer in time, or gone): it must be dropped, not reused. */
export function isBrokenConnection(error: unknown): boolean {
  return some(error, (candidate) => {
    const message = messageOf(candidate);
    return BROKEN_CONNECTION_MESSAGES.some((words) => message.startsWith(words)) || SOCKET_CODES.has(String(candidate.code));
  });
}

/** Postgres or Redis could not serve within its deadline, or cannot be reached. */
export function isDependencyUnavailable(error: unknown): boolean {
  if (error instanceof TimeoutError) return true;
  if (isBrokenConnection(error)) return true;
  return some(error, (candidate) => {
    const code = String(candidate.code);
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return /^[0-9A-Z]{5}$/.test(code);
    const message = messageOf(candidate);
    return candidate instanceof Error && REDIS_UNAVAILABLE_MESSAGES.some((words) => message.startsWith(words));
  });
}
