/** What a payment form reports to the checkout page. */
export type PaymentOutcome =
  | { kind: 'succeeded' }
  /** The bank needs the buyer (3-D Secure): the page goes there, and comes back to /success. */
  | { kind: 'redirect'; url: string }
  | { kind: 'failed'; message: string };

export const PAYMENT_FAILED = 'Le paiement n’a pas abouti. Vérifiez votre carte ou essayez-en une autre.';
export const PAYMENT_UNAVAILABLE = 'Le paiement est momentanément indisponible. Veuillez réessayer plus tard.';

/** Where the bank sends the buyer back: our own /success, naming the order. */
export const returnUrlOf = (orderId: string) =>
  new URL(`/success?order_id=${encodeURIComponent(orderId)}`, window.location.origin).toString();
