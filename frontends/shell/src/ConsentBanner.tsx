import { type ConsentChoices, saveConsent } from '@bracelet/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

/**
 * The consent banner (CNIL guidelines on trackers): refusing is as easy as accepting ('Tout
 * refuser' and 'Tout accepter' look the same and sit side by side), choices can be made purpose by
 * purpose, nothing is pre-ticked, and the page stays usable while it is shown. What needs no
 * consent (the cart, staying logged in) is said, not asked.
 */
export default function ConsentBanner({ current }: { current: ConsentChoices | null }) {
  const [detailed, setDetailed] = useState(current !== null);
  const [measure, setMeasure] = useState(current?.measure ?? false);
  const titleId = useId();
  const measureId = useId();
  const panel = useRef<HTMLElement>(null);
  // Reopened from the footer: the visitor asked for it, so it takes the focus.
  useEffect(() => {
    if (current !== null) panel.current?.focus();
  }, [current]);

  return (
    <section ref={panel} className="consent" role="dialog" aria-modal="false" aria-labelledby={titleId} tabIndex={-1}>
      <div className="consent__inner">
        <h2 id={titleId} className="consent__title">
          Vos choix sur les cookies
        </h2>
        <p className="consent__text">
          Avec votre accord, nous mesurons l’audience du site et d’où viennent les visites (campagnes, sites qui nous citent), pour
          l’améliorer. Le panier et la connexion à votre compte fonctionnent sans traceur soumis à consentement. Vous pouvez changer d’avis
          à tout moment avec « Gérer mes cookies », en bas de chaque page. <Link to="/politique-confidentialite">En savoir plus</Link>
        </p>
        {detailed ? (
          <fieldset className="consent__purposes">
            <legend className="visually-hidden">Vos choix, finalité par finalité</legend>
            <div className="consent__purpose">
              <input id={measureId} type="checkbox" checked={measure} onChange={(event) => setMeasure(event.target.checked)} />
              <label htmlFor={measureId}>
                <strong>Mesure d’audience et origine des visites</strong> — pages vues, visite (source, support et campagne), ajouts au
                panier. Conservé 13 mois.
              </label>
            </div>
            <p className="consent__purpose consent__purpose--required">
              <strong>Nécessaires au fonctionnement</strong> — panier, connexion, vos choix sur les cookies. Toujours actifs, sans
              consentement.
            </p>
          </fieldset>
        ) : null}
        <div className="consent__actions">
          <button type="button" className="btn btn--consent" onClick={() => saveConsent({ measure: false })}>
            Tout refuser
          </button>
          {detailed ? (
            <button type="button" className="btn btn--consent" onClick={() => saveConsent({ measure })}>
              Enregistrer mes choix
            </button>
          ) : (
            <button type="button" className="btn btn--consent" onClick={() => setDetailed(true)}>
              Personnaliser
            </button>
          )}
          <button type="button" className="btn btn--consent" onClick={() => saveConsent({ measure: true })}>
            Tout accepter
          </button>
        </div>
      </div>
    </section>
  );
}
