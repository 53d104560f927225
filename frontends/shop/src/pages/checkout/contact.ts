/** The contact step's fields (spec §2.12, §3 Checkout form). */
export type ContactValues = {
  email: string;
  prenom: string;
  nom: string;
  telephone: string;
  adresse: string;
  codePostal: string;
  ville: string;
  country: string;
};

export const EMPTY_CONTACT: ContactValues = {
  email: '',
  prenom: '',
  nom: '',
  telephone: '',
  adresse: '',
  codePostal: '',
  ville: '',
  country: 'France',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5: every field required and non-blank, the e-mail an e-mail, for 'Continuer' to be enabled. */
export function isContactComplete(contact: ContactValues): boolean {
  return Object.values(contact).every((value) => value.trim() !== '') && EMAIL.test(contact.email.trim());
}

/** The `customer` of POST /create-payment-intent. */
export function customerOf(contact: ContactValues) {
  return {
    first_name: contact.prenom.trim(),
    last_name: contact.nom.trim(),
    email: contact.email.trim(),
    phone: contact.telephone.trim() || null,
    address: contact.adresse.trim(),
    city: contact.ville.trim(),
    postal_code: contact.codePostal.trim(),
    country: contact.country.trim() || 'France',
  };
}
