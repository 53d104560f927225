import * as endpoints from '@bracelet/contracts/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, JSON_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from './api';

/** A fetch that never answers until its signal aborts, as a stalled mobile connection. */
function stalledFetch() {
  return vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the API client', () => {
  it("calls the endpoint's method and path, and gives the answer with its headers", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify([{ id: 'a' }]), { status: 200, headers: { 'x-family-alerted': '0' } }));
    vi.stubGlobal('fetch', fetch);
    const result = await api(endpoints.braceletCard('abc def'));
    expect(fetch).toHaveBeenLastCalledWith(
      '/get_child_by_bracelet/abc%20def',
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    );
    expect(result.ok && [result.data, result.headers.get('x-family-alerted')]).toEqual([[{ id: 'a' }], '0']);
    await api(endpoints.shareLocation(), { json: { lat: 1 } });
    expect(fetch).toHaveBeenLastCalledWith(
      '/share_location',
      expect.objectContaining({
        method: 'POST',
        body: '{"lat":1}',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
      }),
    );
  });

  it("gives a failure the server's message and field errors, and status 0 when no answer came", async () => {
    const body = { error: { code: 'validation', message: 'Requête invalide.', fields: { telephone: ['Numéro de téléphone invalide.'] } } };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 400 }));
    expect(await api(endpoints.registerParent(), { json: {} })).toEqual({
      ok: false,
      status: 400,
      message: 'Requête invalide.',
      fields: body.error.fields,
    });
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await api(endpoints.me())).toEqual({ ok: false, status: 502, message: undefined, fields: undefined });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await api(endpoints.me())).toEqual({ ok: false, status: 0, message: undefined });
  });

  it('gives up on a JSON call after its timeout, and gives a photo upload longer', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', stalledFetch());
    const json = api(endpoints.me());
    const upload = api(endpoints.addChild(), { form: new FormData() });
    let uploadDone = false;
    void upload.then(() => {
      uploadDone = true;
    });
    await vi.advanceTimersByTimeAsync(JSON_TIMEOUT_MS);
    expect(await json).toMatchObject({ ok: false, status: 0 });
    expect(uploadDone).toBe(false);
    await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - JSON_TIMEOUT_MS);
    expect(await upload).toMatchObject({ ok: false, status: 0 });
  });

  it('stops when the page aborts (it went away)', async () => {
    const fetch = stalledFetch();
    vi.stubGlobal('fetch', fetch);
    const page = new AbortController();
    const call = api(endpoints.childrenOf('p1'), { signal: page.signal });
    page.abort();
    expect(await call).toMatchObject({ ok: false, status: 0 });
    const init = fetch.mock.calls[0]?.[1] as RequestInit | undefined;
    expect(init?.signal?.aborted).toBe(true);
  });
});
