import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/*
 * One request id follows a finder's scan everywhere (issue 13): the gateway makes it, each service
 * logs with it, the outbox writes it into the events the request causes, and consumers log and
 * emit with it — up to the notifier's line for the mail it sends.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
const storage = new AsyncLocalStorage<{ requestId: string }>();

/** Ids we make are UUIDs; ids we accept are short and plain (they go into logs and events). */
export const isRequestId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(value);

/** The id a request arrives with (from the gateway), or a new one. */
export function requestIdOf(header: string | string[] | undefined, trusted: boolean): string {
  return trusted && isRequestId(header) ? header : randomUUID();
}

/** The id of the request or event being handled here, if any. */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/**
 * Continues a request's lifecycle (`next`, Fastify's hook callback) as part of `requestId`: all
 * the request's later work, and only it, sees the id (nothing leaks to the caller or the next request).
 */
export function continueAsRequest(requestId: string, next: () => void): void {
  storage.run({ requestId }, next);
}

/** Runs `work` as part of `requestId` (a consumed event's). */
export function runWithRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId ? storage.run({ requestId }, work) : work();
}
