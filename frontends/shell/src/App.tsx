import { remotePages } from '@bracelet/contracts/pages';
import { lazy, Suspense } from 'react';
import { Link, matchPath, Route, Routes, useLocation } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouteEffects } from './RouteEffects';
import { remoteRoutes } from './remotes';

function NotFoundPage() {
  return (
    <div className="narrow center">
      <h1>Page introuvable</h1>
      <p className="muted">La page demandée n'existe pas ou a été déplacée.</p>
      <Link className="btn btn--primary" to="/">
        Retour à l'accueil
      </Link>
    </div>
  );
}

/**
 * The toast area, loaded on its own: the finder's page never toasts, and opens without the toast
 * library (it must stay light). Every other page has it.
 */
const Toasts = lazy(() => import('./Toasts'));

/**
 * Consent and measurement, loaded on their own and never on the finder's page. Elsewhere the
 * module is fetched at boot, alongside the page's code, so the consent banner does not arrive late
 * over a painted page.
 */
const measurementAtBoot = matchPath(remotePages.family.scan, window.location.pathname) ? undefined : import('./Measurement');
const Measurement = lazy(() => measurementAtBoot ?? import('./Measurement'));

/** The shell owns the router, the header and footer, the toast area, consent and measurement. */
export function App() {
  const { pathname } = useLocation();
  const finderPage = matchPath(remotePages.family.scan, pathname) !== null;
  return (
    <>
      <RouteEffects />
      <Header />
      <main id="contenu">
        <Routes>
          {remoteRoutes()}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </main>
      <Footer finderPage={finderPage} />
      {finderPage ? null : (
        <Suspense fallback={null}>
          <Measurement />
          <Toasts />
        </Suspense>
      )}
    </>
  );
}
