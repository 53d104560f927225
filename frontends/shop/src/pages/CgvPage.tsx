import { Link } from 'react-router-dom';
import { ContactLink, ContentPage } from './content/ContentPage';

/** /cgv (spec §2.18): the terms of sale. */
export default function CgvPage() {
  return (
    <ContentPage title="Conditions générales de vente" updated="novembre 2026">
      <p>
        Les présentes conditions générales de vente (CGV) s’appliquent à toute commande passée sur le site Bracelet QR par un consommateur,
        pour une livraison en France métropolitaine.
      </p>

      <h2>1. Produits</h2>
      <p>
        Nous vendons des bracelets pour enfants munis d’un QR code (modèles en corde et en argent) ainsi que l’accès au service en ligne
        associé, qui permet à une personne qui trouve l’enfant de contacter ses parents. Les caractéristiques essentielles de chaque
        bracelet (matière, tailles, coloris, âge conseillé) figurent sur sa page produit. Les photos sont aussi fidèles que possible ; de
        légères différences de teinte peuvent exister selon votre écran.
      </p>

      <h2>2. Prix</h2>
      <p>
        Les prix sont indiqués en euros, toutes taxes comprises (TTC). Les frais de livraison sont précisés avant la validation de la
        commande et s’ajoutent au prix des produits. Le prix applicable est celui affiché au moment de la commande.
      </p>

      <h2>3. Commande</h2>
      <p>
        Passer commande vaut acceptation des présentes CGV. Après la validation du paiement, vous recevez par e-mail une confirmation
        reprenant le détail de votre commande, son montant et l’adresse de livraison. Conservez ce message : il vous sera demandé pour toute
        question sur votre commande.
      </p>

      <h2>4. Paiement</h2>
      <p>
        Le paiement s’effectue en ligne par carte bancaire, au moment de la commande, par l’intermédiaire d’un prestataire de paiement
        sécurisé. Vos données bancaires sont transmises chiffrées à ce prestataire et ne sont jamais conservées par nous. La commande n’est
        confirmée qu’une fois le paiement accepté.
      </p>

      <h2>5. Livraison</h2>
      <p>
        Nous livrons en France métropolitaine, à domicile ou en point relais selon l’option choisie. Le délai de livraison est de 5 à 7
        jours ouvrés à compter de la confirmation de la commande. En cas de retard, de colis abîmé ou de produit manquant, écrivez-nous dès
        que possible à <ContactLink />.
      </p>

      <h2>6. Droit de rétractation</h2>
      <p>
        Vous disposez d’un délai de 14 jours à compter de la réception de votre commande pour exercer votre droit de rétractation, sans
        avoir à vous justifier. Informez-nous de votre décision par e-mail à <ContactLink />, puis renvoyez le produit dans les 14 jours
        suivants, dans son état d’origine, complet et dans son emballage. Les frais de retour sont à votre charge. Nous vous remboursons le
        prix payé, frais de livraison initiaux compris (sur la base de la livraison standard), au plus tard 14 jours après réception de
        votre demande, par le moyen de paiement utilisé lors de la commande ; nous pouvons attendre d’avoir reçu le produit pour effectuer
        ce remboursement.
      </p>

      <h2>7. Garanties légales</h2>
      <p>
        Nos produits bénéficient de la garantie légale de conformité (articles L217-3 et suivants du Code de la consommation) : pendant deux
        ans à compter de la livraison, vous pouvez demander la réparation ou le remplacement d’un produit non conforme, sans frais, et en
        cas d’impossibilité obtenir une réduction du prix ou son remboursement. Ils bénéficient aussi de la garantie contre les vices cachés
        (articles 1641 et suivants du Code civil), que vous pouvez mettre en œuvre dans les deux ans suivant la découverte du défaut. Pour
        faire jouer une garantie, écrivez à <ContactLink /> en décrivant le problème, si possible avec une photo.
      </p>

      <h2>8. Données personnelles</h2>
      <p>
        Les informations que vous nous donnez lors d’une commande servent à la traiter, à vous livrer et à vous tenir informé(e) de son
        suivi. La façon dont nous les utilisons et vos droits sont décrits dans notre{' '}
        <Link to="/politique-confidentialite">politique de confidentialité</Link>.
      </p>

      <h2>9. Propriété intellectuelle</h2>
      <p>
        Les textes, photos, logos, illustrations et le design des bracelets présentés sur le site sont protégés par le droit de la propriété
        intellectuelle. Toute reproduction ou utilisation sans notre autorisation écrite est interdite.
      </p>

      <h2>10. Droit applicable et litiges</h2>
      <p>
        Les présentes CGV sont soumises au droit français. En cas de désaccord, nous vous invitons à nous écrire d’abord pour trouver une
        solution amiable. À défaut, vous pouvez recourir gratuitement à un médiateur de la consommation, dont les coordonnées vous seront
        communiquées sur simple demande, ou saisir le tribunal compétent.
      </p>

      <h2>11. Service client</h2>
      <p>
        Pour toute question sur un produit, une commande, une livraison ou un retour, notre service client vous répond par e-mail à{' '}
        <ContactLink />, du lundi au vendredi.
      </p>
    </ContentPage>
  );
}
