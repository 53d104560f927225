import * as endpoints from '@bracelet/contracts/endpoints';
import type { SessionResponse } from '@bracelet/contracts/http';
import { useSyncExternalStore } from 'react';
import { api } from './api';

export type SessionState = { status: 'loading' } | { status: 'anonymous' } | { status: 'signed-in'; session: SessionResponse };

type Store = { state: SessionState; listeners: Set<() => void>; loading?: Promise<void> };

/**
 * The logged-in account, restored from the server (GET /me) — never from local storage alone.
 * The shell and each remote bundle their own copy of this module, so the store lives on
 * globalThis: every copy reads and writes the same state.
 */
const key = Symbol.for('bracelet.session');
const shared = globalThis as Record<symbol, Store | undefined>;
shared[key] ??= { state: { status: 'loading' }, listeners: new Set() };
const store = shared[key];

function setState(state: SessionState) {
  store.state = state;
  for (const listener of store.listeners) listener();
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    (listener) => {
      store.listeners.add(listener);
      return () => store.listeners.delete(listener);
    },
    () => store.state,
  );
}

/** Asks the server who is logged in (once per page load unless forced). */
export function restoreSession(force = false): Promise<void> {
  if (store.loading && !force) return store.loading;
  store.loading = api(endpoints.me()).then((result) => {
    setState(result.ok && result.data ? { status: 'signed-in', session: result.data } : { status: 'anonymous' });
  });
  return store.loading;
}

export function signedIn(session: SessionResponse): void {
  setState({ status: 'signed-in', session });
}

/** Ends the session on the server, then here. */
export async function logOut(): Promise<void> {
  await api(endpoints.logout());
  setState({ status: 'anonymous' });
}
