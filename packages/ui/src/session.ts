import * as endpoints from '@bracelet/contracts/endpoints';
import type { SessionResponse } from '@bracelet/contracts/http';
import { useSyncExternalStore } from 'react';
import { api } from './api';

export type SessionState = { status: 'loading' } | { status: 'anonymous' } | { status: 'signed-in'; session: SessionResponse };

/** `changes`: how many times a login or logout set the state, so a slower /me answer cannot undo them. */
type Store = { state: SessionState; listeners: Set<() => void>; loading?: Promise<void>; changes?: number };

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
  const changesBefore = store.changes ?? 0;
  store.loading = api(endpoints.me()).then((result) => {
    // Asked before a login or logout on this page answered: that newer state stands (a /me sent
    // anonymous on a slow network must not log out the parent who has just logged in).
    if ((store.changes ?? 0) !== changesBefore) return;
    setState(result.ok && result.data ? { status: 'signed-in', session: result.data } : { status: 'anonymous' });
  });
  return store.loading;
}

export function signedIn(session: SessionResponse): void {
  store.changes = (store.changes ?? 0) + 1;
  setState({ status: 'signed-in', session });
}

/** Ends the session on the server, then here. */
export async function logOut(): Promise<void> {
  await api(endpoints.logout());
  store.changes = (store.changes ?? 0) + 1;
  setState({ status: 'anonymous' });
}
