/** The product page's delivery promise (spec §2.9, §9). */
export const DELIVERY_LINE = 'Livraison en France métropolitaine en 3 à 4 jours';

/** 'Livraison et retour' (spec §2.9, §9: delivery in mainland France, 14 days to withdraw, return at the buyer's cost). */
export function DeliveryAndReturns() {
  return (
    <section className="product-section" aria-labelledby="livraison-retour">
      <h2 id="livraison-retour">Livraison et retour</h2>
      <p>
        Nous livrons en France métropolitaine, à domicile ou en point relais, en 3 à 4 jours. La livraison standard et en point relais est
        offerte dès 70 € d’achat.
      </p>
      <p>
        Vous disposez de 14 jours à compter de la réception pour changer d’avis : renvoyez-nous le bracelet dans son état d’origine, les
        frais de retour restant à votre charge, et nous vous remboursons.
      </p>
    </section>
  );
}
