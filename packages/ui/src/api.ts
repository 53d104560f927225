import type { Endpoint } from '@bracelet/contracts/endpoints';
import type { ErrorResponse } from '@bracelet/contracts/http';

/** A call that did not succeed: `status` 0 when no answer came (network, timeout, or the page went away). */
export type ApiFailure = { ok: false; status: number; message: string | undefined; fields?: Record<string, string[]> };

/** What a call to the product's own API gives: never throws, whatever the network does. */
export type ApiResult<T> = { ok: true; status: number; data: T; headers: Headers } | ApiFailure;

/** A JSON call with no answer by then counts as failed: a stalled mobile connection must not spin forever. */
export const JSON_TIMEOUT_MS = 10_000;
/** A form carrying a photo (up to 8 MiB) gets longer, for a phone's slow upload. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export type CallOptions = {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart (a photo): the upload timeout applies. */
  form?: FormData;
  /** The page's: aborted when the page goes away. */
  signal?: AbortSignal;
  timeoutMs?: number;
};

/**
 * Calls an endpoint of `@bracelet/contracts/pages` (same origin, the session cookie goes along):
 * the answer is typed by the endpoint, and the call gives up after its timeout or when `signal`
 * aborts. Only types come from the contracts: no validation library reaches the browser.
 */
export async function api<T>(endpoint: Endpoint<T>, options: CallOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined = options.form;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  // Aborted by the page or by the timeout; AbortSignal.any is too recent for older phones.
  const attempt = new AbortController();
  const abort = () => attempt.abort();
  const { signal } = options;
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort);
  const timer = setTimeout(abort, options.timeoutMs ?? (options.form ? UPLOAD_TIMEOUT_MS : JSON_TIMEOUT_MS));
  try {
    const response = await fetch(endpoint.path, {
      method: endpoint.method,
      headers,
      body,
      credentials: 'same-origin',
      signal: attempt.signal,
    });
    const text = await response.text();
    const parsed = text ? safeJson(text) : undefined;
    if (response.ok) return { ok: true, status: response.status, data: parsed as T, headers: response.headers };
    const error = (parsed as Partial<ErrorResponse> | undefined)?.error;
    return { ok: false, status: response.status, message: error?.message, fields: error?.fields };
  } catch {
    return { ok: false, status: 0, message: undefined };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
