import type { z } from 'zod';
import * as schemas from './catalog.js';
import * as refunds from './refunds.js';

export { childCardSchema, emergencyContactSchema, parentContactSchema } from './catalog.js';

/** Every event, keyed by its name: the one place that knows event names and their payloads. */
export const eventSchemas = {
  'bracelets.minted': schemas.braceletsMinted,
  'bracelet.associated': schemas.braceletAssociated,
  'bracelet.reset': schemas.braceletReset,
  'child.updated': schemas.childUpdated,
  'child.deleted': schemas.childDeleted,
  'bracelet.scanned': schemas.braceletScanned,
  'bracelet.scans_grouped': schemas.braceletScansGrouped,
  'location.shared': schemas.locationShared,
  'location.shares_grouped': schemas.locationSharesGrouped,
  'product.updated': schemas.productUpdated,
  'payment.succeeded': schemas.paymentSucceeded,
  'order.prepared': schemas.orderPrepared,
  'order.shipped': schemas.orderShipped,
  'order.withdrawal_requested': schemas.orderWithdrawalRequested,
  'payment.refunded': refunds.paymentRefunded,
  'bracelets.restocked': refunds.braceletsRestocked,
  'parent.registered': schemas.parentRegistered,
  'parent.signup_attempted': schemas.parentSignupAttempted,
  'parent.login_throttled': schemas.parentLoginThrottled,
  'password.reset_requested': schemas.passwordResetRequested,
} as const;

export type EventName = keyof typeof eventSchemas;
export type EventOf<N extends EventName> = z.infer<(typeof eventSchemas)[N]>;
/** The union of all events, discriminated by `name`. */
export type AppEvent = { [N in EventName]: EventOf<N> }[EventName];
export const eventNames = Object.keys(eventSchemas) as EventName[];

/** The processes that consume events; each has one BullMQ queue. */
export const consumerNames = ['catalog', 'checkout', 'family', 'scan', 'fulfilment', 'notifier'] as const;
export type ConsumerName = (typeof consumerNames)[number];
export type ProducerName = Exclude<ConsumerName, 'notifier'>;

/** Who receives each event. A consumer must handle every event routed to it (checked at compile time). */
export const eventConsumers = {
  'bracelets.minted': ['scan', 'family'],
  // Fulfilment counts configured bracelets per batch and never restocks one that was configured.
  'bracelet.associated': ['scan', 'fulfilment'],
  'bracelet.reset': ['scan', 'fulfilment'],
  'child.updated': ['scan'],
  'child.deleted': ['scan'],
  'bracelet.scanned': ['notifier'],
  'bracelet.scans_grouped': ['notifier'],
  'location.shared': ['notifier'],
  'location.shares_grouped': ['notifier'],
  'product.updated': ['checkout'],
  'payment.succeeded': ['fulfilment', 'notifier'],
  'order.prepared': ['family', 'checkout'],
  'order.shipped': ['checkout', 'notifier'],
  'order.withdrawal_requested': ['fulfilment', 'notifier'],
  'payment.refunded': ['fulfilment', 'notifier'],
  'bracelets.restocked': ['family'],
  'parent.registered': ['notifier'],
  'parent.signup_attempted': ['notifier'],
  'parent.login_throttled': ['notifier'],
  'password.reset_requested': ['notifier'],
} as const satisfies Record<EventName, readonly ConsumerName[]>;

/** Who may emit each event: a service writes only its own events to its outbox. */
export const eventProducers = {
  catalog: ['product.updated'],
  checkout: ['payment.succeeded', 'order.withdrawal_requested', 'payment.refunded'],
  family: [
    'parent.registered',
    'parent.signup_attempted',
    'parent.login_throttled',
    'password.reset_requested',
    'bracelet.associated',
    'bracelet.reset',
    'child.updated',
    'child.deleted',
  ],
  scan: ['bracelet.scanned', 'bracelet.scans_grouped', 'location.shared', 'location.shares_grouped'],
  fulfilment: ['bracelets.minted', 'order.prepared', 'order.shipped', 'bracelets.restocked'],
} as const satisfies Record<ProducerName, readonly EventName[]>;

/** The events routed to consumer C. */
export type EventsFor<C extends ConsumerName> = {
  [N in EventName]: C extends (typeof eventConsumers)[N][number] ? N : never;
}[EventName];

/** The events producer P may emit. */
export type EventsBy<P extends ProducerName> = (typeof eventProducers)[P][number];

/** The BullMQ queue a consumer reads. */
export function queueNameFor(consumer: ConsumerName): string {
  return `${consumer}-events`;
}

/** Builds an event with a fresh id and timestamp. */
export function createEvent<N extends EventName>(name: N, payload: Omit<EventOf<N>, 'name' | 'eventId' | 'occurredAt'>): EventOf<N> {
  const event = { ...payload, name, eventId: globalThis.crypto.randomUUID(), occurredAt: new Date().toISOString() };
  return eventSchemas[name].parse(event) as EventOf<N>;
}
