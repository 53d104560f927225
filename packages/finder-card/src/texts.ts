/**
 * The words of 'Partager votre position' (spec §4, §8), shared by the family remote's React
 * section and the small script of the server-rendered card: one source, two behaviours.
 */
export const shareTexts = {
  heading: 'Partager votre position',
  explanation: "Votre position est envoyée au contact de confiance pour qu'il vous rejoigne.",
  idle: 'Partager votre position',
  locating: 'Localisation…',
  sending: 'Chargement...',
  sent: 'Position envoyée',
  success: 'Position partagée avec le contact de confiance.',
  unsupported: "La géolocalisation n'est pas supportée par votre appareil.",
  denied: "Impossible d'obtenir la position. Veuillez autoriser la géolocalisation.",
  network: 'Erreur réseau. Veuillez réessayer.',
  refused: 'Échec de l’envoi. Veuillez réessayer.',
  noScript: 'Activez JavaScript pour partager votre position.',
} as const;

/** How the finder's position is asked for, on both paths. */
export const geolocationOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 } as const;

/** Where the finder writes when something is wrong with a bracelet. */
export const CONTACT_ADDRESS = 'contact@bracelet-qr.fr';

/** Where the welcome page leaves the scanned bracelet's id for the configuration wizard (spec §3). */
export const WIZARD_BRACELET_KEY = 'braceletId';
