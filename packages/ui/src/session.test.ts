import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreSession, signedIn } from './session';

const session = { parent_id: 'p1', role: 'parent' } as unknown as Parameters<typeof signedIn>[0];

describe('the session store', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a login made while an earlier /me was still on its way (a slow network)', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const restoring = restoreSession(true);
    signedIn(session);
    // The /me sent before the login answers "nobody" only now.
    answer(new Response('null', { status: 200, headers: { 'content-type': 'application/json' } }));
    await restoring;
    const store = (globalThis as Record<symbol, { state: { status: string } }>)[Symbol.for('bracelet.session')];
    expect(store?.state.status).toBe('signed-in');
  });

  it('applies /me when nothing happened meanwhile', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('null', { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    await restoreSession(true);
    const store = (globalThis as Record<symbol, { state: { status: string } }>)[Symbol.for('bracelet.session')];
    expect(store?.state.status).toBe('anonymous');
  });
});
