import { Loading, useSession } from '@bracelet/ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

/** Guarded pages: without a logged-in parent, go to /login carrying where we came from. */
export function RequireParent({ children }: { children: ReactNode }) {
  const state = useSession();
  const location = useLocation();
  if (state.status === 'loading') return <Loading />;
  if (state.status !== 'signed-in')
    return <Navigate to="/login" replace state={{ from: { pathname: location.pathname, search: location.search } }} />;
  return <>{children}</>;
}

/** Where to go after login: the page the user came from, else `fallback`. */
export function originOf(state: unknown, fallback: string): string {
  const from = (state as { from?: { pathname?: string; search?: string } } | null)?.from;
  if (!from?.pathname?.startsWith('/') || from.pathname.startsWith('//')) return fallback;
  return `${from.pathname}${from.search ?? ''}`;
}
