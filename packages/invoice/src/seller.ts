import { z } from 'zod';

/** Who issues the invoices: the mentions French law requires of a seller (Code de commerce R123-237, CGI 242 nonies A). */
export type Seller = {
  name: string;
  address: string;
  siren: string;
  siret: string;
  vatNumber: string;
  rcs: string;
  email: string;
};

/** Unset or empty (compose passes `${SELLER_NAME:-}`), the demo value. */
const sellerField = (demo: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().min(1).max(200).default(demo),
  );

/**
 * The seller's identity, read from the environment by every service that draws an invoice
 * (checkout for the download, the notifier for the attachment): both must draw the same one.
 * Until the company's real identity is configured, the defaults say "(démo)" on the invoice itself.
 */
export const sellerConfigShape = {
  SELLER_NAME: sellerField('Bracelets QR SAS (démo)'),
  SELLER_ADDRESS: sellerField('10 rue de la Démonstration, 75001 Paris, France (démo)'),
  SELLER_SIREN: sellerField('000 000 000 (démo)'),
  SELLER_SIRET: sellerField('000 000 000 00000 (démo)'),
  SELLER_VAT_NUMBER: sellerField('FR00 000000000 (démo)'),
  SELLER_RCS: sellerField('RCS Paris 000 000 000 (démo)'),
  SELLER_EMAIL: sellerField('contact@bracelet-qr.fr'),
};

export type SellerConfig = { [K in keyof typeof sellerConfigShape]: z.infer<(typeof sellerConfigShape)[K]> };

export function sellerOf(config: SellerConfig): Seller {
  return {
    name: config.SELLER_NAME,
    address: config.SELLER_ADDRESS,
    siren: config.SELLER_SIREN,
    siret: config.SELLER_SIRET,
    vatNumber: config.SELLER_VAT_NUMBER,
    rcs: config.SELLER_RCS,
    email: config.SELLER_EMAIL,
  };
}

/** The demo identity (every field marked "(démo)"), for tests and callers given no configuration. */
export const demoSeller: Seller = sellerOf(z.object(sellerConfigShape).parse({}));
