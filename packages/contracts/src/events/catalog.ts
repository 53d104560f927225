import { z } from 'zod';
import { braceletIdSchema } from '../bracelet-id.js';
import { defineEvent } from './envelope.js';

const parentId = z.uuid();
const childId = z.uuid();
const phone = z.string().regex(/^\+[1-9]\d{1,14}$/);

/**
 * A small photo for the finder's card, carried in the event so scan can serve it while family is
 * down: WebP, at most 320 px, base64.
 */
export const cardPhotoSchema = z.object({ contentType: z.literal('image/webp'), base64: z.string().max(200_000) });

/** What a finder may see of a child, as chosen by the parent. */
export const childCardSchema = z.object({
  id: childId,
  firstName: z.string(),
  surname: z.string().nullable(),
  birthDate: z.iso.date().nullable(),
  photo: cardPhotoSchema.nullable(),
});

/** The trusted contact a finder calls. */
export const emergencyContactSchema = z.object({
  firstName: z.string(),
  surname: z.string(),
  phone,
  relationship: z.string(),
  photo: z.string().nullable(),
});

/** Whom the notifier tells that a bracelet was scanned: the account holder. */
export const parentContactSchema = z.object({
  id: parentId,
  email: z.email(),
  firstName: z.string(),
});

const postalAddressSchema = z.object({ address: z.string(), postalCode: z.string(), city: z.string(), country: z.string() });

const customerSchema = postalAddressSchema.extend({
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
});

/** A paid line: what was sold, at the unit price charged. */
const orderLineSchema = z.object({
  code: z.string(),
  productName: z.string(),
  /** The colour's slug; its name for people is colourName. */
  color: z.string(),
  colourName: z.string(),
  quantity: z.number().int().positive(),
  unitPriceCents: z.number().int().nonnegative(),
  totalCents: z.number().int().nonnegative(),
});

/** Where the parcel goes: the buyer's address (home, standard or express), or a relay point. */
const deliverySchema = z.discriminatedUnion('method', [
  z.object({ method: z.enum(['standard', 'express']), carrier: z.literal('laposte'), address: postalAddressSchema }),
  z.object({
    method: z.literal('relay'),
    carrier: z.literal('mondialrelay'),
    relayPoint: z.object({
      id: z.string(),
      name: z.string(),
      address: z.string(),
      postalCode: z.string(),
      city: z.string(),
      country: z.string(),
    }),
  }),
]);

/** Staff minted a batch of bracelet ids; they now exist, unconfigured. */
export const braceletsMinted = defineEvent('bracelets.minted', {
  batchId: z.uuid(),
  braceletIds: z.array(braceletIdSchema).min(1),
});

/** A parent linked a bracelet to one of their children. */
export const braceletAssociated = defineEvent('bracelet.associated', {
  braceletId: braceletIdSchema,
  parent: parentContactSchema,
  child: childCardSchema,
  emergencyContact: emergencyContactSchema,
});

/** A parent returned a bracelet to the unconfigured state. */
export const braceletReset = defineEvent('bracelet.reset', {
  braceletId: braceletIdSchema,
  parentId,
});

/** A child's profile (or what a finder may see of it) changed. */
export const childUpdated = defineEvent('child.updated', {
  parent: parentContactSchema,
  child: childCardSchema,
  emergencyContact: emergencyContactSchema,
});

/** A parent deleted a child profile; bracelets linked to it no longer show a child. */
export const childDeleted = defineEvent('child.deleted', {
  parentId,
  childId,
});

/**
 * A finder looked up a configured bracelet and no alert for it was sent in the current window
 * (5 minutes): the family is to be alerted now. Later scans in the window are only counted.
 */
export const braceletScanned = defineEvent('bracelet.scanned', {
  scanId: z.uuid(),
  braceletId: braceletIdSchema,
  childFirstName: z.string(),
  parent: parentContactSchema,
  emergencyContactPhone: phone,
  /** How long later scans are grouped under this alert (the mail says so); absent in older events. */
  alertWindowSeconds: z.number().int().positive().optional(),
});

/** An alert window closed with more than one scan in it: the family is told how many there were. */
export const braceletScansGrouped = defineEvent('bracelet.scans_grouped', {
  braceletId: braceletIdSchema,
  childFirstName: z.string(),
  parent: parentContactSchema,
  firstScanAt: z.iso.datetime({ offset: true }),
  scanCount: z.number().int().min(2),
});

/** A finder shared their position with the trusted contact. */
export const locationShared = defineEvent('location.shared', {
  shareId: z.uuid(),
  braceletId: braceletIdSchema,
  childFirstName: z.string(),
  parent: parentContactSchema,
  emergencyContactPhone: phone,
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});

/**
 * A share window closed in which finders shared more positions than the one already alerted: the
 * parent gets them in one follow-up e-mail (past the day's alert ceiling, nothing is sent).
 */
export const locationSharesGrouped = defineEvent('location.shares_grouped', {
  braceletId: braceletIdSchema,
  childFirstName: z.string(),
  parent: parentContactSchema,
  positions: z
    .array(z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180), sharedAt: z.iso.datetime({ offset: true }) }))
    .min(1)
    .max(50),
  /** How many positions the window held in all (the e-mail lists at most 50). */
  positionCount: z.number().int().min(1),
});

/**
 * A product was added to the catalogue or changed (name, colours, price, whether it is sold):
 * checkout keeps the prices it charges from these, and never asks catalog.
 */
export const productUpdated = defineEvent('product.updated', {
  code: z.string().regex(/^[A-Z0-9_]{1,40}$/),
  /** The product's name (an event's own `name` is the event's). */
  productName: z.string(),
  colours: z.array(z.object({ slug: z.string(), name: z.string() })).min(1),
  unitPriceCents: z.number().int().positive(),
  active: z.boolean(),
});

/**
 * Stripe confirmed an order's payment (checkout's webhook, checked against the order's amount and
 * currency): everything fulfilment needs to prepare it and the notifier to confirm it and draw the
 * invoice, whose gap-free number is taken in the same transaction.
 */
export const paymentSucceeded = defineEvent('payment.succeeded', {
  orderId: z.uuid(),
  /** The number people read (e-mails, back office). */
  orderNumber: z.string(),
  invoiceNumber: z.string(),
  parentId: parentId.nullable(),
  customer: customerSchema,
  lines: z.array(orderLineSchema).min(1),
  delivery: deliverySchema,
  goodsCents: z.number().int().nonnegative(),
  shippingCents: z.number().int().nonnegative(),
  totalCents: z.number().int().nonnegative(),
  currency: z.literal('eur'),
  paymentIntentId: z.string(),
  paidAt: z.iso.datetime({ offset: true }),
  /**
   * The invoice's download link for people without an account (an unguessable token checkout keeps
   * only hashed): the notifier puts it in the confirmation e-mail. Absent in events written before
   * invoices could be downloaded.
   */
  invoiceUrl: z.url().optional(),
});

/** Staff finished preparing an order: its bracelets now belong to the buyer. */
export const orderPrepared = defineEvent('order.prepared', {
  orderId: z.uuid(),
  parentId: parentId.nullable(),
  braceletIds: z.array(braceletIdSchema),
});

/** Staff handed an order to the carrier, with its tracking number: the buyer is told how to follow it. */
export const orderShipped = defineEvent('order.shipped', {
  orderId: z.uuid(),
  /** The number people read (e-mails, back office). */
  orderNumber: z.string(),
  parentId: parentId.nullable(),
  customerEmail: z.email(),
  /** Whom the e-mail greets. */
  customerName: z.string(),
  /** The carrier's tracking number (the back office's shipment id). */
  shipmentId: z.string().nullable(),
  carrier: z.enum(['laposte', 'mondialrelay']),
  trackingNumber: z.string(),
  /** Where the parcel goes (Mondial Relay's tracking page asks for it). */
  destinationPostalCode: z.string(),
});

/**
 * A buyer used the withdrawal button (EU directive 2023/2673) with the number and e-mail of a paid
 * order. Accepted within the period (payment to 14 days after the latest delivery date the terms
 * promise): fulfilment expects the return; refused after it. The notifier acknowledges either way,
 * to the order's own address.
 */
export const orderWithdrawalRequested = defineEvent('order.withdrawal_requested', {
  orderId: z.uuid(),
  orderNumber: z.string(),
  customerEmail: z.email(),
  /** As typed in the form. */
  customerName: z.string(),
  requestedAt: z.iso.datetime({ offset: true }),
  accepted: z.boolean(),
  /** The last moment the withdrawal could be made. */
  deadline: z.iso.datetime({ offset: true }),
});

/** A parent created an account. */
export const parentRegistered = defineEvent('parent.registered', {
  parent: parentContactSchema,
});

/**
 * Someone tried to create an account with an address that already has one. Signup answers as if
 * it worked (so it tells nobody who has an account); the owner is told and offered a reset.
 */
export const parentSignupAttempted = defineEvent('parent.signup_attempted', {
  parent: parentContactSchema,
});

/** Many wrong passwords were tried on an account in a short time: its owner is warned. */
export const parentLoginThrottled = defineEvent('parent.login_throttled', {
  parent: parentContactSchema,
  failedAttempts: z.number().int().min(1),
  windowMinutes: z.number().int().min(1),
});

/**
 * A parent asked to reset their password. The link travels in the event because the notifier
 * never calls family; the job is removed from Redis once handled.
 */
export const passwordResetRequested = defineEvent('password.reset_requested', {
  parent: parentContactSchema,
  resetUrl: z.url(),
  expiresAt: z.iso.datetime({ offset: true }),
});
