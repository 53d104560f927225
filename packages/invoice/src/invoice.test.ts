import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatEuros } from './format.js';
import { invoiceOf, type PaidOrder, splitVat } from './invoice.js';
import { renderInvoicePdf } from './render.js';
import { sellerConfigShape, sellerOf } from './seller.js';

const demoSeller = sellerOf(z.object(sellerConfigShape).parse({}));

const paidOrder = (overrides: Partial<PaidOrder> = {}): PaidOrder => ({
  orderNumber: 'BQ-001042',
  invoiceNumber: 'F2026-000007',
  customer: {
    email: 'camille@example.com',
    firstName: 'Camille',
    lastName: 'Lefèvre',
    phone: null,
    address: '12 rue des Lilas',
    postalCode: '69003',
    city: 'Lyon',
    country: 'France',
  },
  lines: [
    {
      code: 'BRACELET_CORDE',
      productName: 'Bracelet en corde',
      color: 'orange',
      colourName: 'Orange',
      quantity: 2,
      unitPriceCents: 3999,
      totalCents: 7998,
    },
  ],
  delivery: {
    method: 'express',
    carrier: 'laposte',
    address: { address: '12 rue des Lilas', postalCode: '69003', city: 'Lyon', country: 'France' },
  },
  goodsCents: 7998,
  shippingCents: 1290,
  totalCents: 9288,
  paidAt: '2026-11-22T23:30:00.000Z',
  ...overrides,
});

/** The PDF's text as a reader extracts it (poppler's pdftotext), to check what the buyer can read. */
const textOf = (pdf: Uint8Array) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

describe('invoice', () => {
  it('takes the VAT out of the total paid, HT + TVA giving the total to the cent', () => {
    expect(splitVat(9288)).toEqual({ totalExcludingVatCents: 7740, vatCents: 1548 });
    expect(splitVat(4389)).toEqual({ totalExcludingVatCents: 3658, vatCents: 731 });
    expect(splitVat(0)).toEqual({ totalExcludingVatCents: 0, vatCents: 0 });
    expect(formatEuros(123456)).toBe('1 234,56 €');
  });

  it('renders a PDF naming the invoice and order numbers, the lines, the delivery, the total and the VAT', async () => {
    const pdf = await renderInvoicePdf(invoiceOf(paidOrder(), demoSeller));
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = textOf(pdf);
    expect(text).toContain('Facture n° F2026-000007');
    expect(text).toContain('Commande n° BQ-001042');
    // Paid at 23:30 UTC on the 22nd: already the 23rd in France.
    expect(text).toContain('Date d’émission : 23/11/2026');
    expect(text).toContain('Facture acquittée : payée par carte le 23/11/2026.');
    expect(text).toMatch(/Bracelet en corde — Orange\s+2\s+39,99 €\s+79,98 €/);
    expect(text).toMatch(/Livraison à domicile La Poste \(express\)\s+1\s+12,90 €\s+12,90 €/);
    expect(text).toMatch(/Total HT\s+77,40 €/);
    expect(text).toMatch(/TVA 20 %\s+15,48 €/);
    expect(text).toMatch(/Total TTC\s+92,88 €/);
    expect(text).toContain('Camille Lefèvre');
    expect(text).toContain('14 jours');
    // Demo identity, said so on the document.
    expect(text).toContain('Bracelets QR SAS (démo)');
    expect(text).toContain('SIREN : 000 000 000 (démo)');
    expect(text).toContain('N° TVA intracommunautaire : FR00 000000000 (démo)');
  });

  it('draws the relay point and a configured seller, and always the same bytes for the same invoice', async () => {
    const seller = sellerOf(
      z.object(sellerConfigShape).parse({
        SELLER_NAME: 'Bracelets QR SAS',
        SELLER_SIREN: '123 456 789',
        SELLER_SIRET: '123 456 789 00012',
        SELLER_VAT_NUMBER: 'FR12 123456789',
        SELLER_RCS: 'RCS Lyon 123 456 789',
        SELLER_ADDRESS: '1 place Bellecour, 69002 Lyon, France',
      }),
    );
    const order = paidOrder({
      delivery: {
        method: 'relay',
        carrier: 'mondialrelay',
        relayPoint: {
          id: '020393',
          name: 'Tabac de la Gare',
          address: '3 rue Émile Zola',
          postalCode: '75001',
          city: 'Paris',
          country: 'FR',
        },
      },
      shippingCents: 0,
      totalCents: 7998,
    });
    const first = await renderInvoicePdf(invoiceOf(order, seller));
    const second = await renderInvoicePdf(invoiceOf(structuredClone(order), seller));
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const text = textOf(first);
    expect(text).toContain('Tabac de la Gare (point relais n° 020393)');
    expect(text).toContain('3 rue Émile Zola');
    expect(text).toMatch(/Livraison en point relais Mondial Relay \(offerte\)\s+1\s+0,00 €/);
    expect(text).toContain('SIREN : 123 456 789');
    expect(text).not.toContain('démo');
  });

  it('reads the seller from the environment, an empty value meaning the demo one', () => {
    const seller = sellerOf(z.object(sellerConfigShape).parse({ SELLER_NAME: '  Bracelets QR SAS ', SELLER_SIREN: '' }));
    expect(seller.name).toBe('Bracelets QR SAS');
    expect(seller.siren).toBe('000 000 000 (démo)');
    expect(z.object(sellerConfigShape).safeParse({ SELLER_RCS: 'x'.repeat(201) }).success).toBe(false);
  });

  it('replaces what the standard fonts cannot draw instead of failing', async () => {
    const order = paidOrder({
      customer: { ...paidOrder().customer, firstName: 'Zoë\u202fŁucja', lastName: 'Nguyễn 李' },
    });
    const text = textOf(await renderInvoicePdf(invoiceOf(order, demoSeller)));
    // Ł has no unaccented form: a question mark; ễ loses its accents; 李 is not in the font.
    expect(text).toContain('Zoë ?ucja Nguyen ?');
  });
});
