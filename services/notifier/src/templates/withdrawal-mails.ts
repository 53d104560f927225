import type { EventOf } from '@bracelet/contracts';
import type { Mail } from '../mail/mailer.js';
import { renderMail } from './layout.js';

const inParis = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

/**
 * The acknowledgment of a withdrawal (EU directive 2023/2673: on a durable medium, without delay):
 * the statement, its date and time, and what happens next. Sent to the order's own address only.
 */
export function withdrawalAcknowledgmentMail(event: EventOf<'order.withdrawal_requested'>, publicUrl: string): Mail {
  const when = inParis(event.requestedAt);
  if (!event.accepted) {
    return {
      to: event.customerEmail,
      subject: `Votre demande de rétractation — commande ${event.orderNumber}`,
      ...renderMail([
        'Bonjour,',
        `Nous avons bien reçu le ${when} une demande de rétractation pour la commande ${event.orderNumber}, au nom de ${event.customerName}.`,
        `Le délai de rétractation de cette commande a pris fin le ${inParis(event.deadline)} : elle ne peut plus être annulée par ce formulaire. La garantie légale de conformité reste due ; si un bracelet présente un défaut, répondez à ce message et nous trouverons une solution.`,
        { link: new URL('/cgv', publicUrl).toString(), label: 'Nos conditions générales de vente' },
      ]),
    };
  }
  return {
    to: event.customerEmail,
    subject: `Accusé de réception de votre rétractation — commande ${event.orderNumber}`,
    ...renderMail([
      'Bonjour,',
      `Nous accusons réception de votre rétractation du contrat de vente de la commande ${event.orderNumber}, faite par ${event.customerName} le ${when}.`,
      `Votre déclaration : « Je me rétracte du contrat portant sur la commande ${event.orderNumber}. »`,
      'Renvoyez les articles dans leur état d’origine dans les 14 jours à l’adresse indiquée dans nos conditions générales de vente (les frais de retour sont à votre charge). Nous vous remboursons au plus tard 14 jours après ce message, avec le moyen de paiement utilisé pour la commande ; le remboursement peut attendre la réception des articles.',
      { link: new URL('/cgv', publicUrl).toString(), label: 'Nos conditions générales de vente' },
    ]),
  };
}
