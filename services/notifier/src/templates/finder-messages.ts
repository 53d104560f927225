import { type EventOf, openStreetMapLink } from '@bracelet/contracts';
import type { Mail } from '../mail/mailer.js';
import { durationInFrench } from './durations.js';
import { renderMail } from './layout.js';

const parisTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
const parisDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', weekday: 'long', day: 'numeric', month: 'long' });
const when = (iso: string) => {
  const date = new Date(iso);
  return `le ${parisDate.format(date)} à ${parisTime.format(date)}`;
};

export function scanAlertMail(event: EventOf<'bracelet.scanned'>, publicUrl: string): Mail {
  return {
    to: event.parent.email,
    subject: `Le bracelet de ${event.childFirstName} vient d'être scanné`,
    ...renderMail([
      `Bonjour ${event.parent.firstName},`,
      `Le bracelet de ${event.childFirstName} a été scanné ${when(event.occurredAt)}. La personne qui l'a scanné voit le contact de confiance et peut l'appeler ; le contact a été prévenu par SMS.`,
      `Si la personne partage sa position, vous la recevrez aussitôt. D'autres scans ${event.alertWindowSeconds ? `dans les ${durationInFrench(event.alertWindowSeconds)}` : 'dans les minutes qui suivent'} ne donnent pas de nouvel e-mail : un seul message vous dira combien il y en a eu.`,
      { link: new URL('/account?tab=bracelets', publicUrl).toString(), label: "Voir l'historique dans mon compte" },
    ]),
  };
}

export function scanSummaryMail(event: EventOf<'bracelet.scans_grouped'>, publicUrl: string): Mail {
  return {
    to: event.parent.email,
    subject: `Le bracelet de ${event.childFirstName} a été scanné ${event.scanCount} fois`,
    ...renderMail([
      `Bonjour ${event.parent.firstName},`,
      `Le bracelet de ${event.childFirstName} a été scanné ${event.scanCount} fois en quelques minutes, à partir de ${parisTime.format(new Date(event.firstScanAt))}. Vous avez reçu une alerte pour le premier scan ; les suivants sont regroupés ici.`,
      { link: new URL('/account?tab=bracelets', publicUrl).toString(), label: "Voir l'historique dans mon compte" },
    ]),
  };
}

export function scanAlertSms(event: EventOf<'bracelet.scanned'>): string {
  return `Le bracelet de ${event.childFirstName} vient d'être scanné (${parisTime.format(new Date(event.occurredAt))}). La personne qui l'a trouvé(e) peut vous appeler à ce numéro.`;
}

export function locationMail(event: EventOf<'location.shared'>): Mail {
  const link = openStreetMapLink(event.lat, event.lon);
  return {
    to: event.parent.email,
    subject: `Position partagée pour ${event.childFirstName}`,
    ...renderMail([
      `Bonjour ${event.parent.firstName},`,
      `La personne qui a scanné le bracelet de ${event.childFirstName} a partagé sa position ${when(event.occurredAt)} :`,
      { link, label: 'Voir la position sur la carte' },
    ]),
  };
}

export function locationSms(event: EventOf<'location.shared'>): string {
  return `Position partagée par la personne qui a trouvé ${event.childFirstName} : ${openStreetMapLink(event.lat, event.lon)}`;
}

/** The positions a share window held beyond the one already alerted, in one e-mail (no SMS). */
export function locationFollowUpMail(event: EventOf<'location.shares_grouped'>, publicUrl: string): Mail {
  const listed = event.positions.map((position) => ({
    link: openStreetMapLink(position.lat, position.lon),
    label: `Position partagée à ${parisTime.format(new Date(position.sharedAt))}`,
  }));
  const more = event.positionCount - event.positions.length;
  return {
    to: event.parent.email,
    subject: `${event.positionCount > 1 ? 'Nouvelles positions partagées' : 'Nouvelle position partagée'} pour ${event.childFirstName}`,
    ...renderMail([
      `Bonjour ${event.parent.firstName},`,
      `Des personnes ayant scanné le bracelet de ${event.childFirstName} ont partagé ${event.positionCount > 1 ? `${event.positionCount} positions` : 'une position'} depuis votre dernière alerte :`,
      ...listed,
      ...(more > 0 ? [`Et ${more} autre${more > 1 ? 's' : ''}, visibles dans votre compte.`] : []),
      { link: new URL('/account?tab=bracelets', publicUrl).toString(), label: 'Voir toutes les positions dans mon compte' },
    ]),
  };
}
