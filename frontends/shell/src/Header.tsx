import { logOut, restoreSession, useSession } from '@bracelet/ui';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Banner } from './Banner';

/** The shop header (spec §2.7): greeting and account links when logged in; a burger under 768 px. */
export function Header() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    void restoreSession();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes at each path change.
  useEffect(() => setOpen(false), [pathname]);

  async function leave() {
    await logOut();
    navigate('/homepage');
  }

  return (
    <header>
      <Banner />
      <div className="site-header">
        <div className="site-header__inner">
          <Link to="/" className="logo" aria-label="Accueil">
            Bracelet QR
          </Link>
          <button type="button" className="burger" aria-expanded={open} aria-controls="site-nav" onClick={() => setOpen((shown) => !shown)}>
            Menu
          </button>
          <nav id="site-nav" className={`site-nav${open ? ' site-nav--open' : ''}`} aria-label="Navigation principale">
            {session.status === 'signed-in' ? (
              <>
                <span className="site-nav__greeting">
                  Bonjour {session.session.prenom} {session.session.nom}
                </span>
                <Link to="/account">Accéder à mon compte</Link>
                <button type="button" className="linkish" onClick={leave}>
                  Se déconnecter
                </button>
              </>
            ) : session.status === 'anonymous' ? (
              <>
                <Link to="/login">Se connecter</Link>
                <Link to="/register">Créer un compte</Link>
              </>
            ) : null}
            <Link to="/homepage" className="nav-mobile-only">
              Les autres sections
            </Link>
          </nav>
        </div>
      </div>
    </header>
  );
}
