import { remotePages } from '@bracelet/contracts/pages';
import { logOut, restoreSession, useSession } from '@bracelet/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, matchPath, useLocation, useNavigate } from 'react-router-dom';
import { Banner } from './Banner';

/** Loaded on its own, and not on the finder's page (it must stay light): see CartBadge. */
const CartBadge = lazy(() => import('./CartBadge'));
const cartLinkName = <span className="visually-hidden">Mon panier</span>;

const shop = remotePages.shop;
/** The shop's sections, in the header at every width (spec §2.7). */
const SECTIONS = [
  { to: shop.products, label: 'Nos bracelets' },
  { to: shop.howItWorks, label: 'Comment ça marche' },
  { to: shop.commitments, label: 'Nos engagements' },
];

/**
 * The shop header (spec §2.7): logo to /homepage, the shop's sections, greeting and account links
 * when logged in ('Se connecter' / 'Créer un compte' otherwise), the cart with its count. Under
 * 768 px a burger opens the same links plus 'Les autres sections'.
 */
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
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  async function leave() {
    await logOut();
    navigate('/homepage');
  }

  return (
    <header>
      <Banner />
      <div className="site-header">
        <div className="site-header__inner">
          <Link to={shop.homepage} className="logo">
            Bracelet QR
          </Link>
          <button
            type="button"
            className="burger"
            aria-expanded={open}
            aria-controls="site-nav"
            aria-label={open ? 'Fermer le menu' : 'Ouvrir le menu'}
            onClick={() => setOpen((shown) => !shown)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
          <nav id="site-nav" className={`site-nav${open ? ' site-nav--open' : ''}`} aria-label="Navigation principale">
            <ul className="site-nav__sections">
              {SECTIONS.map((section) => (
                <li key={section.to}>
                  <Link to={section.to} aria-current={pathname === section.to ? 'page' : undefined}>
                    {section.label}
                  </Link>
                </li>
              ))}
              <li className="nav-mobile-only">
                <Link to={shop.homepage}>Les autres sections</Link>
              </li>
            </ul>
            <div className="site-nav__account">
              {session.status === 'signed-in' ? (
                <>
                  <span className="site-nav__greeting">
                    Bonjour {session.session.prenom} {session.session.nom}
                  </span>
                  <Link to={remotePages.family.account}>Accéder à mon compte</Link>
                  <button type="button" className="linkish" onClick={leave}>
                    Se déconnecter
                  </button>
                </>
              ) : session.status === 'anonymous' ? (
                <>
                  <Link to={remotePages.family.login}>Se connecter</Link>
                  <Link to={remotePages.family.register}>Créer un compte</Link>
                </>
              ) : null}
            </div>
          </nav>
          <Link to={shop.cart} className="cart-link" aria-current={pathname === shop.cart ? 'page' : undefined}>
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
