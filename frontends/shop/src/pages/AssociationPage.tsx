import { Link } from 'react-router-dom';
import { ContentPage } from './content/ContentPage';

/**
 * /associationpage (spec §2.1: listed, content not shown): how a parent links a bracelet they
 * received to their child. The link itself happens in the configuration wizard, which opens when
 * the new bracelet is scanned.
 */
export default function AssociationPage() {
  return (
    <ContentPage title="Associer un bracelet à votre enfant">
      <p>
        Votre bracelet est arrivé ? En trois minutes, il devient celui de votre enfant : la personne qui le scannera verra son profil et
        saura qui appeler.
      </p>
      <h2>1. Scannez le QR code du bracelet</h2>
      <p>
        Ouvrez l’appareil photo de votre téléphone et visez le QR code, au dos de la plaque. Un bracelet neuf ouvre la page de
        configuration.
      </p>
      <h2>2. Connectez-vous ou créez votre compte</h2>
      <p>Votre compte parent regroupe les profils de vos enfants et leurs bracelets. Un seul compte suffit pour toute la famille.</p>
      <h2>3. Choisissez l’enfant qui le portera</h2>
      <p>
        Choisissez un profil existant ou créez-en un : prénom, photo si vous le souhaitez, personne à contacter et son numéro. Le bracelet
        est associé aussitôt ; vous pourrez le dissocier depuis votre espace, par exemple pour le donner à un autre enfant.
      </p>
      <p className="content-page__actions">
        <Link className="btn btn--primary" to="/stepform">
          Voir les étapes en démonstration
        </Link>
        <Link className="btn btn--secondary" to="/account">
          Mes bracelets
        </Link>
      </p>
    </ContentPage>
  );
}
