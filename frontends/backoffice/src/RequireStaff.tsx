import { Loading, useSession } from '@bracelet/ui';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';

/**
 * Back-office pages are for staff; the server enforces it too. Someone not signed in goes to
 * /login (and comes back here after); a signed-in parent is told the page is the team's.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const state = useSession();
  const location = useLocation();
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'signed-in' && state.session.role === 'staff') return <>{children}</>;
  const from = { pathname: location.pathname, search: location.search };
  if (state.status !== 'signed-in') return <Navigate to="/login" replace state={{ from }} />;
  return (
    <div className="narrow center">
      <h1>Espace réservé à l'équipe</h1>
      <p className="muted">Connectez-vous avec un compte de l'équipe pour accéder au back office.</p>
      <Link className="btn btn--primary" to="/login" state={{ from }}>
        Se connecter
      </Link>
    </div>
  );
}
