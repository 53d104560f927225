import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ContentStyles } from '../content-styles';
import { useTitle } from '../parts/page';

/** The simulated steps' durations (spec §9: landing simulated association 1.5 s and 2.5 s). */
export const ASSOCIATING_MS = 1500;
export const CHECKING_MS = 2500;

type Phase = 'associating' | 'checking' | 'done';
const STATUS: Record<Exclude<Phase, 'done'>, string> = {
  associating: 'Association du bracelet en cours…',
  checking: 'Vérification du profil de votre enfant…',
};

/**
 * /configure/success (spec §2.1): the end of a configuration, as a test screen. The association is
 * simulated (1.5 s, then 2.5 s of checking) and no call is made; the page says so.
 */
export default function ConfigureSuccessPage() {
  useTitle('Configuration de démonstration');
  const [phase, setPhase] = useState<Phase>('associating');
  useEffect(() => {
    const checking = setTimeout(() => setPhase('checking'), ASSOCIATING_MS);
    const done = setTimeout(() => setPhase('done'), ASSOCIATING_MS + CHECKING_MS);
    return () => {
      clearTimeout(checking);
      clearTimeout(done);
    };
  }, []);
  return (
    <article className="content-page">
      <ContentStyles />
      <h1>Configuration de votre bracelet</h1>
      <p className="muted">Écran de démonstration : aucun bracelet n’est associé et rien n’est envoyé.</p>
      <div role="status" className="configure-status">
        {phase === 'done' ? (
          <p className="configure-status__done">Bracelet configuré ! Il est prêt à être porté.</p>
        ) : (
          <p>
            <span className="spinner" aria-hidden="true" /> {STATUS[phase]}
          </p>
        )}
      </div>
      {phase === 'done' ? (
        <p className="content-page__actions">
          <Link className="btn btn--primary" to="/associationpage">
            Associer mon vrai bracelet
          </Link>
          <Link className="btn btn--secondary" to="/">
            Retour à l’accueil
          </Link>
        </p>
      ) : null}
    </article>
  );
}
