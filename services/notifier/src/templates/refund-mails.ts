import type { EventOf } from '@bracelet/contracts';
import { formatEuros } from '@bracelet/invoice';
import type { Mail } from '../mail/mailer.js';
import { renderMail } from './layout.js';

const dayInParis = (iso: string) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long' }).format(new Date(iso));

/**
 * The refund confirmation: how much, to which means of payment, when it reaches the account, and
 * whether it is the whole order (after a withdrawal, it normally is).
 */
export function refundConfirmationMail(event: EventOf<'payment.refunded'>, publicUrl: string): Mail {
  const whole = event.amountCents >= event.paidCents;
  return {
    to: event.customerEmail,
    subject: `Remboursement de votre commande ${event.orderNumber}`,
    ...renderMail([
      `Bonjour ${event.customerFirstName},`,
      whole
        ? `Nous avons remboursé le ${dayInParis(event.refundedAt)} l’intégralité de votre commande ${event.orderNumber} : ${formatEuros(event.amountCents)}.`
        : `Nous avons remboursé le ${dayInParis(event.refundedAt)} ${formatEuros(event.amountCents)} sur les ${formatEuros(event.paidCents)} payés pour votre commande ${event.orderNumber}.`,
      'Le remboursement est fait sur la carte utilisée pour la commande. Selon votre banque, il apparaît sur votre compte sous 5 à 10 jours ouvrés.',
      `Référence du remboursement : ${event.refundId}`,
      'Une question ? Répondez simplement à ce message.',
      { link: new URL('/cgv', publicUrl).toString(), label: 'Nos conditions générales de vente' },
    ]),
  };
}
