import type { EventOf } from '@bracelet/contracts';
import type { Mail } from '../mail/mailer.js';
import { renderMail } from './layout.js';

/** The carrier's own tracking page for a parcel. */
export function trackingUrlOf(event: Pick<EventOf<'order.shipped'>, 'carrier' | 'trackingNumber' | 'destinationPostalCode'>): string {
  if (event.carrier === 'mondialrelay') {
    const url = new URL('https://www.mondialrelay.fr/suivi-de-colis/');
    url.searchParams.set('numeroExpedition', event.trackingNumber);
    url.searchParams.set('codePostal', event.destinationPostalCode);
    return url.toString();
  }
  const url = new URL('https://www.laposte.fr/outils/suivre-vos-envois');
  url.searchParams.set('code', event.trackingNumber);
  return url.toString();
}

const carrierNames = { laposte: 'Colissimo (La Poste)', mondialrelay: 'Mondial Relay' } as const;

/** The buyer's parcel has left: its carrier, its tracking number and the link to follow it. */
export function orderShippedMail(event: EventOf<'order.shipped'>, publicUrl: string): Mail {
  const relay = event.carrier === 'mondialrelay';
  return {
    to: event.customerEmail,
    subject: `Votre commande ${event.orderNumber} est expédiée`,
    ...renderMail([
      `Bonjour ${event.customerName},`,
      `Bonne nouvelle : votre commande ${event.orderNumber} a été remise à ${carrierNames[event.carrier]}.`,
      `Numéro de suivi : ${event.trackingNumber}`,
      { link: trackingUrlOf(event), label: 'Suivre mon colis' },
      relay
        ? 'Vous recevrez un message du transporteur dès que le colis sera disponible dans votre point relais.'
        : 'Le colis est livré à l’adresse indiquée lors de la commande.',
      ...(event.parentId
        ? [
            'Vos bracelets vous attendent déjà dans votre espace, onglet « Mes bracelets » : configurez-les dès leur arrivée.',
            { link: new URL('/account', publicUrl).toString(), label: 'Mon compte' },
          ]
        : ['À réception, scannez le QR code d’un bracelet pour le configurer en deux minutes.']),
    ]),
  };
}
