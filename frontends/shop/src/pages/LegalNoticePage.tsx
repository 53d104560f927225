import { Link } from 'react-router-dom';
import { ContactLink, ContentPage } from './content/ContentPage';

/** /mentions-legales (spec §2.18): who publishes and hosts the site. */
export default function LegalNoticePage() {
  return (
    <ContentPage title="Mentions légales" updated="novembre 2026">
      <h2>Éditeur du site</h2>
      <address>
        Le site Bracelet QR est édité par « [raison sociale] », « [forme juridique] » au capital de « [montant] » euros,
        <br />
        immatriculée au RCS de « [ville] » sous le numéro « [numéro RCS] »,
        <br />
        numéro de TVA intracommunautaire : « [numéro de TVA] »,
        <br />
        siège social : « [adresse du siège] ».
        <br />
        Directeur ou directrice de la publication : « [nom du représentant légal] ».
        <br />
        Contact : <ContactLink />
      </address>

      <h2>Hébergement</h2>
      <p>
        Le site est hébergé par « [nom de l’hébergeur] », « [adresse de l’hébergeur] », « [téléphone de l’hébergeur] », sur des serveurs
        situés dans l’Union européenne.
      </p>

      <h2>Propriété intellectuelle</h2>
      <p>
        L’ensemble du site (textes, photos, logos, illustrations, design des bracelets) est protégé par le droit d’auteur et le droit des
        marques. Toute reproduction, représentation ou adaptation, totale ou partielle, sans autorisation écrite préalable est interdite.
      </p>

      <h2>Responsabilité</h2>
      <p>
        Nous nous efforçons de fournir des informations exactes et de maintenir le site accessible, sans pouvoir le garantir en permanence.
        Le bracelet aide à retrouver un enfant mais ne remplace pas la surveillance d’un adulte. Nous ne sommes pas responsables du contenu
        des sites vers lesquels renvoient des liens externes.
      </p>

      <h2>Données personnelles</h2>
      <p>
        Le traitement de vos données est décrit dans notre <Link to="/politique-confidentialite">politique de confidentialité</Link>.
      </p>

      <h2>Cookies</h2>
      <p>
        Le site conserve dans votre navigateur votre session et votre panier, nécessaires à son fonctionnement. Les mesures d’audience ne
        sont faites qu’avec votre consentement. Le détail figure dans la{' '}
        <Link to="/politique-confidentialite">politique de confidentialité</Link>.
      </p>
    </ContentPage>
  );
}
