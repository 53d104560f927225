/** @jsxRuntime automatic */
import { FormMessage } from '@bracelet/ui/feedback';
import type { ReactNode } from 'react';
import type { LinkComponent } from './links';
import { CONTACT_ADDRESS } from './texts';

const contactLink = <a href={`mailto:${CONTACT_ADDRESS}`}>{CONTACT_ADDRESS}</a>;

/** A bracelet id nobody minted (spec §2.2: 'Ce bracelet est invalide'). */
export function InvalidBracelet({ Link }: { Link: LinkComponent }) {
  return (
    <div className="narrow center">
      <h1>Bracelet introuvable</h1>
      <FormMessage kind="error">Ce bracelet est invalide</FormMessage>
      <p className="muted">Vérifiez l'adresse affichée sous le QR code. Si le problème persiste, écrivez-nous à {contactLink}.</p>
      <Link className="btn btn--primary" to="/">
        Retour à l'accueil
      </Link>
    </div>
  );
}

/** A bracelet sold but not yet linked to a child: its owner is invited to configure it. */
export function WelcomeBracelet({ Link }: { Link: LinkComponent }) {
  return (
    <div className="narrow center">
      <h1>Bienvenue !</h1>
      <p>Ce bracelet n'a pas encore été configuré</p>
      <p className="muted">La configuration ne prend que 2 à 3 minutes : créez votre compte, le profil de votre enfant, et c'est prêt.</p>
      <Link className="btn btn--primary" to="/newconfigurationstep1">
        Configurer mon bracelet
      </Link>
    </div>
  );
}

/** Activated, but no child profile reaches it (a deleted child): only we can help. */
export function ConfigurationProblem() {
  return (
    <div className="narrow center">
      <h1>Problème de configuration</h1>
      <p className="muted">Ce bracelet est activé mais aucun profil d'enfant n'y est relié. Écrivez-nous à {contactLink}.</p>
    </div>
  );
}

/**
 * The lookup could not be made (network, service down, too many tries): never "invalid", which
 * would make a finder give up on a child who does have a contact. `retry` is the page's own way
 * to try again (a button in the app, a link to the same address in the first response).
 */
export function LookupUnavailable({ retry }: { retry: ReactNode }) {
  return (
    <div className="narrow center">
      <h1>Connexion impossible</h1>
      <FormMessage kind="error">Impossible d'afficher ce bracelet pour le moment.</FormMessage>
      <p className="muted">Vérifiez votre connexion. Nous réessayons automatiquement toutes les quelques secondes.</p>
      {retry}
    </div>
  );
}
