import { FREE_SHIPPING_FROM_CENTS, SHIPPING_CENTS } from '@bracelet/contracts/values';

/** One relay point as the picker shows it (spec §3 Relay point, plus hours and distance). */
export type RelayPoint = {
  ID: string;
  Nom: string;
  Adresse1: string;
  CP: string;
  Ville: string;
  Pays?: string;
  distance_m?: number;
  horaires?: { jour: string; heures: string }[];
};

/** Spec §4: laposte (home; standard or express) or mondialrelay (a relay point). */
export type ShippingChoice = { method: 'laposte'; option: 'standard' | 'express' } | { method: 'mondialrelay'; relay: RelayPoint | null };

export const DEFAULT_SHIPPING: ShippingChoice = { method: 'laposte', option: 'standard' };

export type Delivery = keyof typeof SHIPPING_CENTS;
export const deliveryOf = (choice: ShippingChoice): Delivery => (choice.method === 'mondialrelay' ? 'relay' : choice.option);

/** What the chosen delivery costs for this much of goods (checkout charges the same: spec §9). */
export function shippingCentsOf(delivery: Delivery, goodsCents: number): number {
  return delivery !== 'express' && goodsCents >= FREE_SHIPPING_FROM_CENTS ? 0 : SHIPPING_CENTS[delivery];
}

/** Spec §5: 'Continuer' needs home delivery with an option, or a chosen relay point. */
export const isShippingComplete = (choice: ShippingChoice) => choice.method === 'laposte' || choice.relay !== null;

export const DELIVERY_LABELS: Record<Delivery, { title: string; delay: string }> = {
  standard: { title: 'Livraison standard à domicile (La Poste)', delay: '2 à 3 jours ouvrés' },
  express: { title: 'Livraison express à domicile (La Poste)', delay: '1 jour ouvré' },
  relay: { title: 'Livraison en point relais (Mondial Relay)', delay: '2 à 3 jours ouvrés' },
};
