import { Link } from 'react-router-dom';
import { ContentPage } from './content/ContentPage';

/** /how-it-works: the bracelet, seen by the parent and by the person who finds the child. */
export default function HowItWorksPage() {
  return (
    <ContentPage title="Comment ça marche ?">
      <p>
        Chaque bracelet porte un QR code unique. Il ne contient aucune information personnelle : seulement un lien vers le profil que vous
        avez préparé pour votre enfant.
      </p>

      <h2>Pour les parents</h2>
      <ol>
        <li>Choisissez un bracelet en corde ou en argent et passez commande.</li>
        <li>À la réception, scannez le QR code du bracelet avec votre téléphone et créez votre compte.</li>
        <li>
          Renseignez le profil de votre enfant : son prénom, une photo si vous le souhaitez, et les personnes à appeler avec leur numéro.
        </li>
        <li>Modifiez le profil quand vous voulez, par exemple pour indiquer le numéro des grands-parents pendant les vacances.</li>
      </ol>

      <h2>Pour la personne qui trouve l’enfant</h2>
      <ol>
        <li>Elle scanne le QR code avec l’appareil photo de son téléphone, sans application à installer.</li>
        <li>Elle voit le prénom de l’enfant et les personnes à contacter, et peut les appeler d’un geste.</li>
        <li>Si elle l’accepte, elle partage sa position pour vous aider à les rejoindre.</li>
      </ol>

      <h2>Ce que vous recevez</h2>
      <p>
        À chaque scan, vous recevez un e-mail avec l’heure et, si elle a été partagée, la position du scan. Les positions sont effacées au
        bout de 30 jours.
      </p>

      <p>
        <Link to="/products">Découvrir nos bracelets</Link>
      </p>
    </ContentPage>
  );
}
