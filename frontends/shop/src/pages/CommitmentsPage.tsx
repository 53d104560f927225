import { Link } from 'react-router-dom';
import { ContentPage } from './content/ContentPage';

/** /engagements: what we promise parents. */
export default function CommitmentsPage() {
  return (
    <ContentPage title="Nos engagements">
      <h2>Fabriqué en France</h2>
      <p>
        Nos bracelets sont fabriqués et gravés en France, avec des matériaux choisis pour la peau des enfants : corde en polyester recyclé,
        argent 925 sans nickel. Les plaques sont gravées au laser pour que le QR code reste lisible après les jeux, l’eau et les lavages.
      </p>

      <h2>Le respect de la vie privée</h2>
      <p>
        Le QR code ne contient aucune donnée : il renvoie vers un profil que vous remplissez et modifiez vous-même. Vous décidez de ce que
        voit la personne qui scanne le bracelet. Les positions des scans sont effacées au bout de 30 jours.
      </p>

      <h2>Aucune revente de données</h2>
      <p>
        Vos données et celles de votre enfant ne sont jamais vendues, louées ni utilisées à des fins publicitaires. Le détail est dans notre{' '}
        <Link to="/politique-confidentialite">politique de confidentialité</Link>.
      </p>

      <h2>Un site accessible à tous</h2>
      <p>
        La personne qui trouve votre enfant peut être pressée, âgée ou malvoyante : la page qu’elle voit est simple, lisible sur tous les
        téléphones et utilisable au clavier comme avec un lecteur d’écran. Nous appliquons les mêmes principes à toute la boutique. Si
        quelque chose vous gêne, écrivez-nous : nous le corrigerons.
      </p>
    </ContentPage>
  );
}
