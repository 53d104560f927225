/** A call to the product's own API (same origin): JSON in, JSON out, never throws on HTTP errors. */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; message: string | undefined; fields?: Record<string, string[]> };

export async function api<T>(
  path: string,
  init: { method?: string; json?: unknown; body?: FormData; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  let response: Response;
  try {
    response = await fetch(path, { method: init.method ?? 'GET', headers, body, credentials: 'same-origin', signal: init.signal });
  } catch {
    return { ok: false, status: 0, message: undefined };
  }
  const text = await response.text();
  const parsed = text ? safeJson(text) : undefined;
  if (response.ok) return { ok: true, status: response.status, data: parsed as T };
  const error = (parsed as { error?: { message?: string; fields?: Record<string, string[]> } } | undefined)?.error;
  return { ok: false, status: response.status, message: error?.message, fields: error?.fields };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
