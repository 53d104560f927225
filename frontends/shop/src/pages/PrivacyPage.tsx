import { ContactLink, ContentPage } from './content/ContentPage';

/** /politique-confidentialite (spec §2.18): what we collect, why, for how long, and your rights. */
export default function PrivacyPage() {
  return (
    <ContentPage title="Politique de confidentialité" updated="novembre 2026">
      <p>
        Nous protégeons les enfants : nous protégeons aussi leurs données. Cette page explique quelles informations nous recueillons,
        pourquoi, combien de temps nous les gardons et comment exercer vos droits, conformément au Règlement général sur la protection des
        données (RGPD) et à la loi Informatique et Libertés.
      </p>

      <h2>Données collectées</h2>
      <ul>
        <li>Vos nom, prénom, adresse e-mail, numéro de téléphone et adresse postale (compte et commandes) ;</li>
        <li>
          les informations sur votre enfant que vous choisissez de renseigner (prénom, nom, date de naissance, photo) et les personnes à
          contacter ;
        </li>
        <li>
          la position d’un scan du bracelet, seulement si la personne qui le scanne accepte de la partager : elle est conservée 30 jours ;
        </li>
        <li>les visites du site (pages vues, provenance), conservées 13 mois, seulement avec votre accord.</li>
      </ul>

      <h2>Finalités et bases légales</h2>
      <ul>
        <li>Traiter et livrer vos commandes, et en assurer le suivi : exécution du contrat ;</li>
        <li>
          faire fonctionner le service du bracelet (afficher le profil à la personne qui scanne, vous prévenir d’un scan) et le sécuriser :
          exécution du contrat et intérêt légitime à prévenir les abus ;
        </li>
        <li>
          vous écrire au sujet de votre compte, de vos commandes ou des précommandes si vous vous y êtes inscrit(e) : votre consentement ou
          l’exécution du contrat ;
        </li>
        <li>mesurer la fréquentation du site : votre consentement ;</li>
        <li>conserver les factures : obligation légale.</li>
      </ul>

      <h2>Durées de conservation</h2>
      <ul>
        <li>
          Compte et profils des enfants : tant que votre compte est actif, puis supprimés dans les 3 ans suivant votre dernière connexion ;
        </li>
        <li>positions des scans : 30 jours ;</li>
        <li>mesures de visite : 13 mois ;</li>
        <li>inscription aux précommandes : jusqu’à votre désinscription, et au plus 3 ans ;</li>
        <li>factures : 10 ans, comme l’exige la loi.</li>
      </ul>

      <h2>Destinataires</h2>
      <p>
        Vos données ne sont jamais vendues ni louées. Seuls y accèdent notre équipe et nos prestataires techniques (hébergement, paiement,
        livraison, envoi des e-mails), pour ce qui est nécessaire à leur mission et sous engagement de confidentialité. Elles sont stockées
        de façon sécurisée.
      </p>

      <h2>Vos droits</h2>
      <p>
        Vous disposez d’un droit d’accès, de rectification, d’effacement, de portabilité de vos données et d’opposition à leur traitement,
        ainsi que du droit de retirer votre consentement à tout moment. Pour les exercer, écrivez-nous à <ContactLink /> : nous vous
        répondons dans un délai d’un mois. Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la
        CNIL (www.cnil.fr).
      </p>

      <h2>Cookies et traceurs</h2>
      <p>
        Nous utilisons le stockage de votre navigateur pour votre session (rester connecté(e)), votre panier et vos choix sur les cookies :
        ils sont nécessaires au fonctionnement du site et ne demandent pas votre consentement.
      </p>
      <p>
        Avec votre accord seulement, nous mesurons l’audience : les pages vues, votre visite (d’où vous venez : source, support et campagne
        d’un lien, site qui vous a amené) sous un identifiant aléatoire de visiteur, et les ajouts au panier. Ces mesures sont conservées 13
        mois au plus. Votre choix, accord ou refus, est conservé 6 mois, puis nous vous le redemandons. Vous le modifiez à tout moment avec
        « Gérer mes cookies », en bas de chaque page ; un refus efface les identifiants de mesure de votre navigateur.
      </p>
      <p>
        La page publique d’un bracelet, celle que voit la personne qui trouve un enfant, ne fait aucune mesure d’audience. Aucun cookie
        publicitaire n’est utilisé.
      </p>

      <h2>Contact</h2>
      <p>
        Pour toute question sur vos données : <ContactLink />.
      </p>
    </ContentPage>
  );
}
