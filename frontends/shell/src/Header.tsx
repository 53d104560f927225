import { remotePages } from '@bracelet/contracts/pages';
import { logOut, restoreSession, useSession } from '@bracelet/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, matchPath, useLocation, useNavigate } from 'react-router-dom';
import { Banner } from './Banner';

/** Loaded on its own, and not on the finder's page (it must stay light): see CartBadge. */
const CartBadge = lazy(() => import('./CartBadge'));
const cartLinkName = <span className="visually-hidden">Mon panier</span>;

/** The shop header (spec §2.7): greeting and account links when logged in; a burger under 768 px. */
export function Header() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const finderPage = matchPath(remotePages.family.scan, pathname) !== null;

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
          <Link to="/cart" className="cart-link" aria-current={pathname === '/cart' ? 'page' : undefined}>
            <svg className="cart-link__icon" viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
              <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" />
              <circle cx="9.5" cy="19" r="1.5" />
              <circle cx="17" cy="19" r="1.5" />
            </svg>
            {finderPage ? (
              cartLinkName
            ) : (
              <Suspense fallback={cartLinkName}>
                <CartBadge />
              </Suspense>
            )}
          </Link>
        </div>
      </div>
    </header>
  );
}
