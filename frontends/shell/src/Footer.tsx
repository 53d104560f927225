import { remotePages } from '@bracelet/contracts/pages';
import { reopenConsent } from '@bracelet/ui';
import { Link } from 'react-router-dom';

const shop = remotePages.shop;

/** The brand's accounts (spec §2.7: the footer's social links); they open in a new tab. */
const SOCIAL = [
  { href: 'https://www.instagram.com/braceletqr/', label: 'Instagram' },
  { href: 'https://www.facebook.com/braceletqr', label: 'Facebook' },
];

/**
 * The footer (spec §2.7): the shop's pages, the legal pages, 'Gérer mes cookies' to change the
 * consent choices (not on the finder's page, which measures nothing and shows no consent banner),
 * the social links.
 */
export function Footer({ finderPage }: { finderPage: boolean }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__brand">Bracelet QR</p>
          <p>Bracelets de sécurité à QR code pour enfants — conçus et fabriqués en France.</p>
          <p>
            Une question ? <a href="mailto:contact@bracelet-qr.fr">contact@bracelet-qr.fr</a>
          </p>
        </div>
        <nav aria-label="La boutique">
          <p className="site-footer__heading">La boutique</p>
          <ul>
            <li>
              <Link to={shop.products}>Nos bracelets</Link>
            </li>
            <li>
              <Link to={shop.howItWorks}>Comment ça marche</Link>
            </li>
            <li>
              <Link to={shop.commitments}>Nos engagements</Link>
            </li>
            <li>
              <Link to={`${shop.homepage}#about`}>Notre histoire</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Informations légales">
          <p className="site-footer__heading">Informations légales</p>
          <ul>
            <li>
              <Link to={shop.cgv}>Conditions générales de vente</Link>
            </li>
            <li>
              <Link to={shop.privacy}>Politique de confidentialité</Link>
            </li>
            <li>
              <Link to={shop.legalNotice}>Mentions légales</Link>
            </li>
            <li>
              <Link to={shop.withdrawal}>Se rétracter du contrat ici</Link>
            </li>
            {finderPage ? null : (
              <li>
                <button type="button" className="linkish" onClick={reopenConsent}>
                  Gérer mes cookies
                </button>
              </li>
            )}
          </ul>
        </nav>
        <nav aria-label="Réseaux sociaux">
          <p className="site-footer__heading">Suivez-nous</p>
          <ul>
            {SOCIAL.map((account) => (
              <li key={account.href}>
                <a href={account.href} target="_blank" rel="noopener noreferrer">
                  {account.label}
                  <span className="visually-hidden"> (nouvel onglet)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
