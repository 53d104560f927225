/** @jsxRuntime automatic */

import { scanPhotoUrl } from '@bracelet/contracts/endpoints';
import type { ScanCardResponse } from '@bracelet/contracts/http';
import { remotePages } from '@bracelet/contracts/pages';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CardPhotoImage, FinderCard } from './FinderCard';
import { PlainLink } from './links';
import { ShareSection } from './ShareSection';
import type { ShareStatus } from './share-state';
import { ConfigurationProblem, InvalidBracelet, LookupUnavailable, WelcomeBracelet } from './states';
import { classesUsedIn } from './stylesheet';
import { CONTACT_ADDRESS, shareTexts } from './texts';

/** What the gateway learnt from scan for this visit. */
export type FinderLookup =
  | { status: 'invalid' }
  | { status: 'unavailable' }
  | { status: 'found'; card: ScanCardResponse; familyAlerted: boolean };

export type FinderDocumentAssets = {
  /** The product's stylesheet, inlined: nothing else is fetched before the card is drawn. */
  css: string;
  /** The small script for 'Partager votre position' and the welcome page (share-script.ts). */
  scriptPath: string;
  /** This page's own path: "Réessayer" reloads it. */
  path: string;
};

/** How often "Connexion impossible" asks again by itself, as the app does (its RETRY_MS). */
export const UNAVAILABLE_REFRESH_SECONDS = 5;

/** The same neutral title as the app's: a shared or synced tab never names the child. */
const TITLE = 'Bracelets de sécurité pour enfants';

/**
 * The finder's page as the first response of a direct visit (ADR 018): the spec's state for the
 * bracelet, drawn from the components the family remote uses, readable and callable with no
 * script. The app (shell and remotes) loads only if the finder follows a link elsewhere.
 */
export function renderFinderDocument(lookup: FinderLookup, assets: FinderDocumentAssets): { status: number; html: string } {
  const { body, status, script, refresh } = pageOf(lookup, assets.path);
  const page = (
    <html lang="fr">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a5f" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="same-origin" />
        {refresh ? <meta httpEquiv="refresh" content={String(UNAVAILABLE_REFRESH_SECONDS)} /> : null}
        <title>{TITLE}</title>
        <link rel="icon" href="data:," />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the product's own stylesheet, read from disk at boot. */}
        <style dangerouslySetInnerHTML={{ __html: assets.css }} />
        {script ? <script src={assets.scriptPath} defer /> : null}
      </head>
      <body>
        <header>
          <div className="site-header">
            <div className="site-header__inner">
              <a href={remotePages.shop.homepage} className="logo">
                Bracelet QR
              </a>
            </div>
          </div>
        </header>
        <main id="contenu">{body}</main>
        <footer className="site-footer">
          <div className="site-footer__inner">
            <div className="site-footer__about">
              <p className="site-footer__brand">Bracelet QR</p>
              <p>
                Une question ? <a href={`mailto:${CONTACT_ADDRESS}`}>{CONTACT_ADDRESS}</a>
              </p>
            </div>
            <nav aria-label="Informations légales">
              <ul>
                <li>
                  <a href={remotePages.shop.legalNotice}>Mentions légales</a>
                </li>
                <li>
                  <a href={remotePages.shop.privacy}>Politique de confidentialité</a>
                </li>
              </ul>
            </nav>
          </div>
        </footer>
      </body>
    </html>
  );
  return { status, html: `<!doctype html>${renderToStaticMarkup(page)}` };
}

function pageOf(lookup: FinderLookup, path: string): { body: ReactNode; status: number; script: boolean; refresh: boolean } {
  if (lookup.status === 'invalid') return { body: <InvalidBracelet Link={PlainLink} />, status: 404, script: false, refresh: false };
  if (lookup.status === 'unavailable') {
    // Reloading the same address is the retry: it asks scan again, as the app's button does.
    const retry = (
      <a className="btn btn--primary" href={path}>
        Réessayer
      </a>
    );
    return { body: <LookupUnavailable retry={retry} />, status: 503, script: false, refresh: true };
  }
  const { card, familyAlerted } = lookup;
  if (card.bracelet.configured === '0') {
    return {
      body: (
        <div data-welcome-bracelet={card.bracelet.id}>
          <WelcomeBracelet Link={PlainLink} />
        </div>
      ),
      status: 200,
      script: true,
      refresh: false,
    };
  }
  const { child, emergency_contact: contact } = card;
  if (!child || !contact) return { body: <ConfigurationProblem />, status: 200, script: false, refresh: false };
  const share = (
    <ShareSection
      state={{ status: 'idle' }}
      target={{ braceletId: card.bracelet.id, childFirstName: child.first_name, contactPhone: contact.phone }}
      noScript={
        <noscript>
          <p className="muted">{shareTexts.noScript}</p>
        </noscript>
      }
    />
  );
  const photo = child.photo ? <CardPhotoImage src={scanPhotoUrl(child.photo)} name={child.first_name} /> : null;
  return {
    body: <FinderCard child={child} contact={contact} familyAlerted={familyAlerted} photo={photo} share={share} />,
    status: 200,
    script: true,
    refresh: false,
  };
}

/**
 * Every class the finder's documents can carry: each state drawn once, and the share section in
 * each of its states (its script sets those classes in the browser). The gateway inlines the rules
 * for these only (stylesheet.ts).
 */
export function finderDocumentClasses(): Set<string> {
  const card: ScanCardResponse = {
    bracelet: { id: 'x', configured: '1' },
    child: { first_name: 'A', surname: 'B', birth_date: '2019-01-01', photo: 'p' },
    emergency_contact: { first_name: 'C', surname: 'D', phone: '+33600000000', relationship: 'E', photo: null },
  };
  const lookups: FinderLookup[] = [
    { status: 'invalid' },
    { status: 'unavailable' },
    { status: 'found', familyAlerted: true, card: { bracelet: { id: 'x', configured: '0' }, child: null, emergency_contact: null } },
    { status: 'found', familyAlerted: true, card: { ...card, child: null } },
    { status: 'found', familyAlerted: true, card },
    { status: 'found', familyAlerted: false, card },
  ];
  const shareStates: ShareStatus[] = [
    { status: 'idle' },
    { status: 'locating' },
    { status: 'sending' },
    { status: 'sent' },
    { status: 'kept', message: '…' },
    { status: 'error', message: '…' },
  ];
  const markup = [
    ...lookups.map((lookup) => renderFinderDocument(lookup, { css: '', scriptPath: '/s.js', path: '/b/x' }).html),
    ...shareStates.map((state) => renderToStaticMarkup(<ShareSection state={state} />)),
  ];
  return classesUsedIn(markup.join(''));
}
