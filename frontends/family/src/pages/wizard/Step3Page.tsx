import { Link } from 'react-router-dom';
import { WizardLayout } from './WizardLayout';

/** /newconfigurationstep3: done. */
export default function Step3Page() {
  return (
    <WizardLayout step={3} title="Votre bracelet a bien été configuré">
      <p>
        Testez-le dès maintenant : scannez son QR code avec votre téléphone pour voir ce que verra la personne qui trouvera votre enfant.
      </p>
      <p className="muted">Vous pouvez modifier le profil de votre enfant à tout moment depuis votre espace parent.</p>
      <Link className="btn btn--primary btn--block" to="/account">
        Mon compte
      </Link>
      <p className="center muted">
        Besoin d'aide ? <a href="mailto:contact@bracelet-qr.fr">contact@bracelet-qr.fr</a>
      </p>
    </WizardLayout>
  );
}
