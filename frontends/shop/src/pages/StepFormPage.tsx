import { Stepper } from '@bracelet/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ContentStyles } from '../content-styles';
import { useTitle } from '../parts/page';

const STEPS = [
  {
    label: 'Le bracelet',
    title: 'Scannez votre bracelet',
    text: 'Le QR code, au dos de la plaque, ouvre la page de votre bracelet. Neuf, il vous propose de le configurer.',
  },
  {
    label: 'Votre compte',
    title: 'Connectez-vous',
    text: 'Connectez-vous à votre compte parent, ou créez-le en une minute : nom, e-mail, téléphone et mot de passe.',
  },
  {
    label: 'Votre enfant',
    title: 'Choisissez qui le portera',
    text: 'Choisissez le profil de votre enfant ou créez-le, avec la personne à contacter. Le bracelet lui est associé aussitôt.',
  },
];

/**
 * /stepform (spec §2.1: listed, content not shown): the three configuration steps, one at a time,
 * as a demonstration. Nothing is asked or sent: the last step leads to /configure/success.
 */
export default function StepFormPage() {
  useTitle('La configuration, étape par étape');
  const navigate = useNavigate();
  const [current, setCurrent] = useState(1);
  const step = STEPS[current - 1] ?? STEPS[0];
  const last = current === STEPS.length;
  return (
    <article className="content-page">
      <ContentStyles />
      <h1>La configuration, étape par étape</h1>
      <p className="muted">Démonstration : rien n’est demandé ni enregistré sur cette page.</p>
      <Stepper steps={STEPS.map((each) => each.label)} current={current} />
      <section aria-live="polite">
        <h2>{step?.title}</h2>
        <p>{step?.text}</p>
      </section>
      <p className="content-page__actions">
        {current > 1 ? (
          <button type="button" className="btn btn--secondary" onClick={() => setCurrent(current - 1)}>
            Précédent
          </button>
        ) : (
          <Link className="btn btn--secondary" to="/associationpage">
            Retour
          </Link>
        )}
        {last ? (
          <button type="button" className="btn btn--primary" onClick={() => navigate('/configure/success')}>
            Lancer la démonstration
          </button>
        ) : (
          <button type="button" className="btn btn--primary" onClick={() => setCurrent(current + 1)}>
            Suivant
          </button>
        )}
      </p>
    </article>
  );
}
