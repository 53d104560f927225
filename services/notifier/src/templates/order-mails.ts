import type { EventOf } from '@bracelet/contracts';
import { formatEuros, invoiceOf, type Seller } from '@bracelet/invoice';
import type { Mail } from '../mail/mailer.js';
import { renderMail } from './layout.js';

/** Where the withdrawal form lives (EU directive 2023/2673: reachable from the confirmation itself). */
export const withdrawalUrl = (publicUrl: string, orderNumber: string) => {
  const url = new URL('/retractation', publicUrl);
  url.searchParams.set('order', orderNumber);
  return url.toString();
};

export const invoiceFileName = (invoiceNumber: string) => `facture-${invoiceNumber}.pdf`;

/**
 * The order confirmation: what was bought at which price, the amounts with the VAT they include,
 * where it goes, the order and invoice numbers, the withdrawal link; the invoice PDF attached.
 */
export function orderConfirmationMail(
  event: EventOf<'payment.succeeded'>,
  publicUrl: string,
  seller: Seller,
  invoicePdf: Uint8Array,
): Mail {
  // The amounts and labels the attached invoice shows, computed once.
  const invoice = invoiceOf(event, seller);
  const { delivery } = invoice;
  return {
    to: event.customer.email,
    subject: `Confirmation de votre commande ${event.orderNumber}`,
    attachments: [{ filename: invoiceFileName(event.invoiceNumber), contentType: 'application/pdf', content: invoicePdf }],
    ...renderMail([
      `Bonjour ${event.customer.firstName},`,
      `Merci pour votre commande ! Votre paiement de ${formatEuros(event.totalCents)} est confirmé.`,
      `Commande n° ${event.orderNumber} — facture n° ${event.invoiceNumber}`,
      {
        list: invoice.lines.map(
          (line) => `${line.quantity} × ${line.designation} : ${formatEuros(line.unitPriceCents)} l’unité, ${formatEuros(line.totalCents)}`,
        ),
      },
      {
        list: [
          `Sous-total : ${formatEuros(event.goodsCents)}`,
          `${delivery.label} : ${delivery.priceCents === 0 ? 'offerte' : formatEuros(delivery.priceCents)}`,
          `Total TTC : ${formatEuros(invoice.totalCents)}`,
          `dont TVA ${invoice.vatRatePercent} % : ${formatEuros(invoice.vatCents)} (total HT : ${formatEuros(invoice.totalExcludingVatCents)})`,
        ],
      },
      `Livraison à : ${delivery.destinationLines.join(', ')}`,
      `Votre facture est jointe à ce message (${invoiceFileName(event.invoiceNumber)}).`,
      ...(event.invoiceUrl ? [{ link: event.invoiceUrl, label: 'Télécharger la facture' }] : []),
      'Vous disposez de 14 jours à compter de la réception de votre commande pour vous rétracter, sans avoir à vous justifier :',
      { link: withdrawalUrl(publicUrl, event.orderNumber), label: 'Se rétracter du contrat ici' },
    ]),
  };
}
